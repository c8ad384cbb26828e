/**
 * The composition root: builds every main-process service for one shell (the Electron app or
 * the web preview) and returns the complete set of bridge handlers. Both shells call this, so
 * the preview runs exactly the handlers the app runs; only the keychain service name, the data
 * folder and the network differ.
 */
import { Connection } from '@solana/web3.js';
import type { AppInfo, NetworkInfo } from '../../preload/api-types';
import type { HandlerGroup, Handlers } from '../bridge/handler-types';
import { WalletError } from '../shared/errors';
import { createAccountHandlers } from '../handlers/accounts';
import { createAppHandlers } from '../handlers/app';
import { createBalanceHandlers } from '../handlers/balances';
import { createSandboxHandlers } from '../handlers/sandbox';
import { createKeytarKeychain, type Keychain } from '../keychain';
import { createLedgerClient, type LedgerConnection } from '../ledger/ledger-client';
import { createSandboxServices } from '../network/sandbox-services';
import { createVault, type CreatedSecret } from '../vault';

export interface ComposeOptions {
  /** Keychain service: 'swapdesk' in the app, 'swapdesk-preview' in the web preview. */
  keychainService: string;
  /** The shell's data folder (accounts file and other state). */
  dataDir: string;
  network: NetworkInfo;
  shell: AppInfo['shell'];
  version: string;
  fetch?: typeof fetch;
  /** Replaces the OS keychain (tests of the composition only). */
  keychain?: Keychain;
  /** Replaces the web3.js Connection (tests of the composition only). */
  connection?: LedgerConnection;
  /** Passed to the vault; see VaultOptions.onSecretCreated. */
  onSecretCreated?: (secret: CreatedSecret) => void;
}

/** What the network is called when it cannot be reached, in words a person can act on. */
export function unreachableMessage(network: NetworkInfo): string {
  return network.isSandbox
    ? 'The sandbox network is not reachable. Restart Swapdesk to start it again.'
    : `${network.label} is not reachable at ${network.rpcUrl}. Check the internet connection, or choose another network.`;
}

/**
 * Builds the handlers of every contract method.
 *
 * @example
 * const { handlers } = composeApp({ keychainService: 'swapdesk', dataDir, network, shell: 'electron', version });
 * const registry = createRegistry({ handlers, policy });
 */
export function composeApp(options: ComposeOptions): { handlers: Handlers } {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const { network } = options;
  const keychain = options.keychain ?? createKeytarKeychain(options.keychainService);
  const vault = createVault({
    keychain,
    dataDir: options.dataDir,
    ...(options.onSecretCreated ? { onSecretCreated: options.onSecretCreated } : {}),
  });
  const connection =
    options.connection ??
    new Connection(network.rpcUrl, {
      commitment: 'confirmed',
      fetch: fetchImpl,
      // A 429 is reported, not retried in a loop that hides it from the person.
      disableRetryOnRateLimit: true,
    });
  const ledger = createLedgerClient({
    connection,
    unreachableMessage: unreachableMessage(network),
  });
  const sandbox = network.isSandbox
    ? createSandboxServices({ rpcUrl: network.rpcUrl, fetch: fetchImpl })
    : null;

  const handlers: Handlers = {
    ...createAppHandlers({
      version: options.version,
      network: () => network,
      shell: options.shell,
    }),
    ...createAccountHandlers(vault),
    ...createBalanceHandlers({ ledger, sandbox }),
    ...createSandboxHandlers({ ledger, sandbox }),
    ...pendingIssue4Handlers(),
  };
  return { handlers };
}

/**
 * Placeholders of the issue-4 methods while their services land (next commits), so the
 * contract can be published for the renderer first. Each answers a clear refusal.
 */
function pendingIssue4Handlers(): HandlerGroup<
  | 'tokens.list'
  | 'tokens.lookup'
  | 'swap.quote'
  | 'swap.review'
  | 'swap.approve'
  | 'swap.status'
  | 'activity.list'
  | 'settings.get'
  | 'settings.setNetwork'
  | 'settings.setApiKey'
> {
  const notYet = async (): Promise<never> => {
    throw new WalletError('NOT_AVAILABLE', 'This part of Swapdesk is not available yet.');
  };
  return {
    'tokens.list': notYet,
    'tokens.lookup': notYet,
    'swap.quote': notYet,
    'swap.review': notYet,
    'swap.approve': notYet,
    'swap.status': notYet,
    'activity.list': notYet,
    'settings.get': notYet,
    'settings.setNetwork': notYet,
    'settings.setApiKey': notYet,
  };
}
