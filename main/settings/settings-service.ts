/**
 * Networks and the swap API keys: which network every screen is on, the URLs of mainnet and of
 * a custom v6-compatible network, and an optional API key per swap service, kept in the OS
 * keychain and never answered back. The web preview runs on the sandbox only.
 */
import type {
  AppInfo,
  NetworkChoiceView,
  NetworkId,
  NetworkInfo,
  SettingsView,
} from '../../preload/api-types';
import type { Keychain } from '../keychain/keychain';
import { customNetwork, mainnetNetwork } from '../network/presets';
import { WalletError } from '../shared/errors';
import { checkServiceUrl } from './service-url';
import type { SettingsData, SettingsFile } from './settings-file';

export type KeyedNetworkId = Exclude<NetworkId, 'sandbox'>;

/** The keychain entry name of a network's swap API key (accounts use their addresses). */
export function apiKeyEntry(network: KeyedNetworkId): string {
  return `swap-api-key:${network}`;
}

const SANDBOX_NOT_RUNNING =
  'The sandbox network is not running in this session. Restart Swapdesk to start it.';

const PREVIEW_ONLY_SANDBOX =
  'The web preview runs on the sandbox network only, so that no real funds are ever at stake in a browser. Use the Swapdesk desktop app for mainnet or a custom network.';

export interface SetNetworkRequest {
  id: NetworkId;
  rpcUrl?: string | undefined;
  swapApiUrl?: string | undefined;
}

export interface SettingsService {
  /** The network every screen is on now. */
  network(): NetworkInfo;
  view(): Promise<SettingsView>;
  setNetwork(request: SetNetworkRequest): Promise<SettingsView>;
  setApiKey(apiKey: string | null, network?: KeyedNetworkId): Promise<SettingsView>;
  /** The swap API key of the current network, or undefined (sandbox: always undefined). */
  currentApiKey(): Promise<string | undefined>;
  /** Called after every network change with the new network; setNetwork awaits it. */
  onNetworkChange(listener: NetworkListener): void;
}

/** Told of a network change; a promise it returns is awaited before setNetwork answers. */
export type NetworkListener = (network: NetworkInfo) => void | Promise<void>;

export interface SettingsServiceOptions {
  file: SettingsFile;
  keychain: Keychain;
  shell: AppInfo['shell'];
  /**
   * The network of a fresh install (nothing chosen yet): the sandbox at the URLs its process
   * announced, in the app and the preview. When it is the sandbox it is also what "Sandbox"
   * selects; otherwise (tests that compose a single network) the sandbox is not offered.
   */
  initial: NetworkInfo;
}

/**
 * Creates the service and reads the settings file (synchronously, once).
 *
 * @example
 * const settings = createSettingsService({ file: createSettingsFile(dataDir), keychain, shell, sandbox });
 * settings.network(); // the sandbox on a fresh install
 */
export function createSettingsService(options: SettingsServiceOptions): SettingsService {
  const { file, keychain, shell, initial } = options;
  const sandbox = initial.isSandbox ? initial : null;
  let data: SettingsData = file.readSync();
  const listeners: NetworkListener[] = [];

  function unavailableReason(id: NetworkId): string | null {
    if (shell === 'web-preview' && id !== 'sandbox') return PREVIEW_ONLY_SANDBOX;
    if (id === 'sandbox' && !sandbox) return SANDBOX_NOT_RUNNING;
    return null;
  }
  const allowed = (id: NetworkId) => unavailableReason(id) === null;

  function networkOf(id: NetworkId, from: SettingsData): NetworkInfo | null {
    if (id === 'sandbox') return sandbox;
    if (id === 'mainnet') return mainnetNetwork(from.mainnet);
    return from.custom ? customNetwork(from.custom) : null;
  }

  function current(): NetworkInfo {
    // A settings file written by the app may name mainnet; the preview still stays on the sandbox.
    if (data.selected === null || !allowed(data.selected)) return initial;
    return networkOf(data.selected, data) ?? initial;
  }

  async function hasKey(id: NetworkId): Promise<boolean> {
    if (id === 'sandbox') return false;
    try {
      return (await keychain.get(apiKeyEntry(id))) !== null;
    } catch {
      // Settings must still open when the keychain is down; the key then counts as unset,
      // and the swap screen reports the keychain itself when it needs the key.
      return false;
    }
  }

  async function view(): Promise<SettingsView> {
    const network = current();
    const ids: NetworkId[] = ['sandbox', 'mainnet', 'custom'];
    const networks: NetworkChoiceView[] = [];
    for (const id of ids) {
      const info =
        networkOf(id, data) ??
        (id === 'sandbox'
          ? {
              id,
              label: 'Sandbox',
              rpcUrl: '',
              swapApiUrl: '',
              swapApiFlavour: 'v6' as const,
              isSandbox: true,
            }
          : customNetwork({ rpcUrl: '', swapApiUrl: '' }));
      const reason = unavailableReason(id);
      networks.push({
        ...info,
        apiKeySet: await hasKey(id),
        available: reason === null,
        unavailableReason: reason,
      });
    }
    return { network, apiKeySet: await hasKey(network.id), networks };
  }

  async function save(next: SettingsData): Promise<void> {
    const before = current();
    await file.write(next);
    data = next;
    const after = current();
    if (
      after.id !== before.id ||
      after.rpcUrl !== before.rpcUrl ||
      after.swapApiUrl !== before.swapApiUrl
    ) {
      // In order, each awaited: the change is done when setNetwork answers (the sandbox's
      // process, for one, is then running and the first request on it succeeds).
      for (const listener of listeners) await listener(after);
    }
  }

  return {
    network: current,
    view,

    async setNetwork({ id, rpcUrl, swapApiUrl }) {
      const reason = unavailableReason(id);
      if (reason !== null) throw new WalletError('NETWORK_NOT_ALLOWED', reason);
      const next: SettingsData = { ...data, selected: id };
      if (id === 'sandbox') {
        if (rpcUrl !== undefined || swapApiUrl !== undefined) {
          throw new WalletError(
            'INVALID_URL',
            'The sandbox runs on this computer at addresses Swapdesk chooses; its URLs cannot be set.',
          );
        }
      } else if (id === 'mainnet') {
        next.mainnet = {
          ...data.mainnet,
          ...(rpcUrl !== undefined ? { rpcUrl: checkServiceUrl(rpcUrl, 'The RPC URL') } : {}),
          ...(swapApiUrl !== undefined
            ? { swapApiUrl: checkServiceUrl(swapApiUrl, 'The swap API URL') }
            : {}),
        };
      } else {
        const rpc = rpcUrl ?? data.custom?.rpcUrl;
        const swap = swapApiUrl ?? data.custom?.swapApiUrl;
        if (rpc === undefined || swap === undefined) {
          throw new WalletError(
            'INVALID_URL',
            'A custom network needs both an RPC URL and a swap API URL (a service with the Jupiter v6 API shape).',
          );
        }
        next.custom = {
          rpcUrl: checkServiceUrl(rpc, 'The RPC URL'),
          swapApiUrl: checkServiceUrl(swap, 'The swap API URL'),
        };
      }
      await save(next);
      return view();
    },

    async setApiKey(apiKey, network = 'mainnet') {
      const reason = unavailableReason(network);
      if (reason !== null) throw new WalletError('NETWORK_NOT_ALLOWED', reason);
      if (apiKey === null) {
        await keychain.delete(apiKeyEntry(network));
      } else {
        // The swap client sends it as a header: refuse what a header cannot carry, here and now.
        if (!/^[\x21-\x7e]+$/.test(apiKey)) {
          throw new WalletError(
            'INVALID_SWAP_REQUEST',
            'The API key holds characters an API key cannot have (spaces, line breaks or symbols outside ASCII). Paste it again.',
          );
        }
        await keychain.set(apiKeyEntry(network), apiKey);
      }
      return view();
    },

    async currentApiKey() {
      const network = current();
      if (network.id === 'sandbox') return undefined;
      return (await keychain.get(apiKeyEntry(network.id))) ?? undefined;
    },

    onNetworkChange(listener) {
      listeners.push(listener);
    },
  };
}
