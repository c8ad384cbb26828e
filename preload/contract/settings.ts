/**
 * Settings: the network and the swap API key (write-only).
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { method, serviceUrl } from './schemas';
import type { NetworkInfo } from './views';

export interface NetworkChoiceView extends NetworkInfo {
  /** An API key for this network's swap service is stored in the keychain. */
  apiKeySet: boolean;
  /** False when this shell cannot use the network (the web preview runs the sandbox only). */
  available: boolean;
  /** Why it is unavailable, in words; null when available. */
  unavailableReason: string | null;
}

export interface SettingsView {
  /** The network every screen is on. */
  network: NetworkInfo;
  /** An API key is stored for the current network's swap service (never the key itself). */
  apiKeySet: boolean;
  /** Every network the person can pick, with its current URLs. */
  networks: NetworkChoiceView[];
}

export const settingsMethods = {
  'settings.get': method<SettingsView>()(z.object({}).strict()),
  /**
   * Switches the network. Mainnet takes optional rpcUrl / swapApiUrl overrides; custom needs
   * both. https is required except on loopback. The web preview allows the sandbox only.
   */
  'settings.setNetwork': method<SettingsView>()(
    z
      .object({
        id: z.enum(['sandbox', 'mainnet', 'custom']),
        rpcUrl: serviceUrl.optional(),
        swapApiUrl: serviceUrl.optional(),
      })
      .strict(),
  ),
  /**
   * Stores (or with null, deletes) the swap API key of a network in the keychain; default the
   * mainnet one. It is never answered back: settings.get says only whether one is set.
   */
  'settings.setApiKey': method<SettingsView>()(
    z
      .object({
        apiKey: z.string().trim().min(1).max(512).nullable(),
        network: z.enum(['mainnet', 'custom']).optional(),
      })
      .strict(),
  ),
} as const;
