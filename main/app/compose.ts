/**
 * The composition root: builds every main-process service for one shell (the Electron app or
 * the web preview) and returns the complete set of bridge handlers. Both shells call this, so
 * the preview runs exactly the handlers the app runs; only the keychain service name, the data
 * folder and the network differ. The services that depend on the network are built per network
 * in network-bundle.ts.
 */
import { join } from 'node:path';
import type { Handler, Handlers } from '../bridge/handler-types';
import { createActivityFile } from '../activity/activity-file';
import { createActivityStore } from '../activity/activity-store';
import { createAccountHandlers } from '../handlers/accounts';
import { createActivityHandlers } from '../handlers/activity';
import { createAppHandlers } from '../handlers/app';
import { createLinkHandlers } from '../handlers/links';
import { createLinkInbox } from '../links/solana-links';
import { createFeesHandlers } from '../handlers/fees';
import { createFeesService } from '../fees/fees-service';
import { createFeeSettingsFile } from '../settings/fee-settings-file';
import { createSettingsHandlers } from '../handlers/settings';
import { createSwapPathHandlers } from '../handlers/swap-path';
import { createSwapPathStore } from '../settings/swap-path-file';
import { createPayHandlers } from '../handlers/pay';
import { createActionHandlers } from '../handlers/action';
import { createMerchantHandlers } from '../handlers/merchant';
import { createSwapHandlers } from '../handlers/swap';
import { createTokenHandlers } from '../handlers/tokens';
import { createLogoFetcher } from '../tokens/logo-fetcher';
import { createKeytarKeychain } from '../keychain';
import { createSettingsFile } from '../settings/settings-file';
import { createSettingsService } from '../settings/settings-service';
import { createAccountSigner, createSigner } from '../signer';
import { createLedgerAccounts } from '../hardware/ledger-accounts';
import { createLedgerDevice } from '../hardware/ledger-device';
import { openNodeHidTransport } from '../hardware/ledger-packages';
import { createLedgerHandlers } from '../handlers/ledger';
import { realWait } from '../swap-api';
import { createVault } from '../vault';
import { createLockHandlers } from '../handlers/lock';
import { createLockFile } from '../lock/lock-file';
import { createLockService, type LockService } from '../lock/lock-service';
import { gateHandlers } from '../lock/gate';
import type { NetworkInfo } from '../../preload/api-types';
import type { ComposeOptions } from './compose-options';
import { bundleFor, unreachableMessage, type NetworkBundle, type Shared } from './network-bundle';
import { createHttpClient } from '../network/http-client';

export type { ComposeOptions } from './compose-options';
export { unreachableMessage } from './network-bundle';

/** What composeApp answers: the handlers and a way to stop background work. */
export interface ComposedApp {
  handlers: Handlers;
  /** The network every screen is on now. */
  network(): NetworkInfo;
  /** Called after every network change in Settings (the Electron entry starts or stops the sandbox). */
  onNetworkChange(listener: (network: NetworkInfo) => void | Promise<void>): void;
  /** Stops tracking pending transactions (they are tracked again at the next start). */
  close(): void;
  /** Resolves when the tracking of `signature` has finished (tests). */
  settled(signature: string): Promise<void>;
  /** The wallet's lock (the Electron entry locks it on suspend and screen lock). */
  lock: LockService;
}

/**
 * Builds the handlers of every contract method.
 *
 * @example
 * const { handlers } = composeApp({ keychainService: 'swapdesk', dataDir, network, shell: 'electron', version });
 * const registry = createRegistry({ handlers, policy });
 */
export function composeApp(options: ComposeOptions): ComposedApp {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const keychain = options.keychain ?? createKeytarKeychain(options.keychainService);
  const now = options.now ?? Date.now;
  // The fee service reads the network of whatever bundle is current when it is called.
  let current: () => NetworkBundle = () => {
    throw new Error('no network bundle yet');
  };
  const vault = createVault({
    keychain,
    dataDir: options.dataDir,
    ...(options.onSecretCreated ? { onSecretCreated: options.onSecretCreated } : {}),
  });
  const lock = createLockService({
    vault,
    file: createLockFile(options.dataDir),
    ...(options.lockClock ? { now: options.lockClock } : {}),
  });
  // One device, one queue: every Ledger request of every screen goes through it.
  const ledger = createLedgerDevice({ open: options.openLedger ?? openNodeHidTransport });
  const shared: Shared = {
    options,
    fetch: fetchImpl,
    http: options.fetch
      ? (url, init) => options.fetch!(url, init)
      : createHttpClient((url, init) => fetchImpl(url, init)),
    now,
    wait: options.wait ?? ((ms) => realWait(ms)),
    vault,
    // Chosen by account kind: a Ledger account signs on its device, others with the keychain.
    signer: createAccountSigner({
      keychain: createSigner({ secretKeyOf: (address) => vault.secretKeyOf(address) }),
      ledger,
      accountOf: async (address) =>
        (await vault.list()).accounts.find((account) => account.address === address),
    }),
    activity: createActivityStore({ file: createActivityFile(options.dataDir), now }),
    settings: createSettingsService({
      file: createSettingsFile(options.dataDir),
      keychain,
      shell: options.shell,
      initial: options.network,
    }),
    swapPaths: createSwapPathStore(options.dataDir),
    fees: createFeesService({
      file: createFeeSettingsFile(options.dataDir),
      network: () => current().network,
      connection: () => current().connection,
    }),
  };
  let bundle = bundleFor(shared.settings.network(), shared);
  // Logos are cached by URL, so one cache serves every network.
  const logos = createLogoFetcher({
    fetch: fetchImpl,
    cacheDir: join(options.dataDir, 'logos'),
    onSandbox: () => bundle.network.isSandbox,
  });
  current = () => bundle;
  shared.settings.onNetworkChange((network) => {
    bundle.swap.submitter.stop();
    bundle = bundleFor(network, shared);
  });

  /** A handler that runs on whatever network is current when it is called. */
  function onCurrent<M extends 'balances.get' | 'balances.watch' | 'sandbox.fund'>(
    method: M,
  ): Handler<M> {
    return (request, context) => (bundle.balanceHandlers[method] as Handler<M>)(request, context);
  }

  const handlers: Handlers = {
    ...createAppHandlers({
      version: options.version,
      network: () => bundle.network,
      shell: options.shell,
      lockState: () => lock.state(),
      accounts: () => shared.vault.list(),
    }),
    ...createLockHandlers(vault, lock),
    ...createLinkHandlers(options.linkInbox ?? createLinkInbox()),
    ...createAccountHandlers(shared.vault),
    ...createLedgerHandlers(createLedgerAccounts({ device: ledger, vault })),
    'balances.get': onCurrent('balances.get'),
    'balances.watch': onCurrent('balances.watch'),
    'sandbox.fund': onCurrent('sandbox.fund'),
    ...createTokenHandlers({
      network: () => bundle.network,
      directory: () => bundle.directory,
      prices: () => bundle.prices,
      logos,
      connection: () => bundle.connection,
      unreachableMessage: () => unreachableMessage(bundle.network),
    }),
    ...createSwapHandlers({
      current: () => bundle.swap,
      activity: shared.activity,
    }),
    ...createFeesHandlers({
      fees: shared.fees,
      current: () => bundle.swap,
      connection: () => bundle.connection,
      activity: shared.activity,
      now,
      ...(options.ticketTtlMs !== undefined ? { ticketTtlMs: options.ticketTtlMs } : {}),
    }),
    ...createPayHandlers({ current: () => bundle.pay, activity: shared.activity }),
    ...createMerchantHandlers({
      current: () => bundle.pay,
      swap: () => bundle.swap,
      activity: shared.activity,
      fetch: fetchImpl,
      icon: (url) => logos.dataUrl(url),
      ...(options.openExternal ? { openExternal: options.openExternal } : {}),
    }),
    ...createActionHandlers({
      current: () => bundle.pay,
      activity: shared.activity,
      fetch: fetchImpl,
      icon: (url) => logos.dataUrl(url),
    }),
    ...createActivityHandlers({
      activity: shared.activity,
      network: () => bundle.network,
      connection: () => bundle.connection,
      unreachableMessage: () => unreachableMessage(bundle.network),
      labeler: () => bundle.labeler,
    }),
    ...createSettingsHandlers(shared.settings),
    ...createSwapPathHandlers({ network: () => bundle.network, store: shared.swapPaths }),
  };
  return {
    // Locked means locked: every handler asks the lock first (main/lock/gate.ts).
    handlers: gateHandlers(handlers, () => lock.state()),
    network: () => bundle.network,
    onNetworkChange: (listener) => shared.settings.onNetworkChange(listener),
    close: () => {
      bundle.swap.submitter.stop();
      lock.close();
    },
    lock,
    settled: (signature) => bundle.swap.submitter.settled(signature),
  };
}
