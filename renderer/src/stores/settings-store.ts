/**
 * Network settings as main holds them (`settings.get`): the current network and every network
 * the person may choose. Switching calls `settings.setNetwork`, then reloads `app.info` (the
 * network label in the header) and the token list (each network lists its own tokens). The
 * swap API key is write-only: it goes to main (the keychain) and only "a key is set" comes back.
 */
import { create, type StateCreator } from 'zustand';
import type { NetworkId, SettingsView } from '../../../preload/api-types';
import type { BridgeError, Result } from '../../../main/shared/result';
import { callWallet } from '../lib/wallet';
import { useAppStore } from './app-store';
import { useTokensStore } from './tokens-store';

export interface NetworkChange {
  id: NetworkId;
  rpcUrl?: string;
  swapApiUrl?: string;
}

export interface SettingsStore {
  status: 'idle' | 'loading' | 'ready' | 'error';
  settings: SettingsView | null;
  error: BridgeError | null;
  load: () => Promise<void>;
  setNetwork: (change: NetworkChange) => Promise<Result<SettingsView>>;
  /** Stores the key (or with null removes it); the key itself is not kept here. */
  setApiKey: (
    apiKey: string | null,
    network: 'mainnet' | 'custom',
  ) => Promise<Result<SettingsView>>;
}

export const initialSettingsState = {
  status: 'idle' as SettingsStore['status'],
  settings: null as SettingsView | null,
  error: null as BridgeError | null,
};

export const settingsStoreCreator: StateCreator<SettingsStore> = (set) => ({
  ...initialSettingsState,

  load: async () => {
    set({ status: 'loading' });
    const result = await callWallet((w) => w.settings.get({}));
    if (result.ok) set({ status: 'ready', settings: result.value, error: null });
    else set({ status: 'error', error: result.error });
  },

  setNetwork: async (change) => {
    const result = await callWallet((w) => w.settings.setNetwork(change));
    if (result.ok) {
      set({ status: 'ready', settings: result.value, error: null });
      // Another network has other tokens: drop the old list (and mints looked up on it).
      useTokensStore.setState({ status: 'idle', tokens: [], error: null });
      await Promise.all([useAppStore.getState().loadInfo(), useTokensStore.getState().load()]);
    }
    return result;
  },

  setApiKey: async (apiKey, network) => {
    const result = await callWallet((w) => w.settings.setApiKey({ apiKey, network }));
    if (result.ok) set({ settings: result.value });
    return result;
  },
});

export const useSettingsStore = create<SettingsStore>()(settingsStoreCreator);
