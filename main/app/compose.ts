/**
 * The composition root: builds every main-process service for one shell (the Electron app or
 * the web preview) and returns the complete set of bridge handlers. Both shells call this, so
 * the preview runs exactly the handlers the app runs; only the keychain service name, the data
 * folder and the network differ.
 *
 * Network-bound services (RPC connection, ledger, swap API client, quotes, review tickets,
 * submitter) live in one bundle per network; switching networks in Settings builds a new
 * bundle, so a quote or ticket of one network can never be used on another.
 *
 * Over 300 lines on purpose: it is the one place where every service is wired, read top to
 * bottom; each service it builds lives in its own module.
 */
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Connection } from '@solana/web3.js';
import type { AppInfo, NetworkInfo, SubmissionView } from '../../preload/api-types';
import { createActivityFile } from '../activity/activity-file';
import { createActivityStore, type ActivityStore } from '../activity/activity-store';
import type { Handler, Handlers } from '../bridge/handler-types';
import { createAccountHandlers } from '../handlers/accounts';
import { createActivityHandlers } from '../handlers/activity';
import { createAppHandlers } from '../handlers/app';
import { createLinkHandlers } from '../handlers/links';
import { createLinkInbox, type LinkInbox } from '../links/solana-links';
import { createFeesHandlers } from '../handlers/fees';
import { createFeesService, type FeesService } from '../fees/fees-service';
import { createFeeSettingsFile } from '../settings/fee-settings-file';
import { createBalanceHandlers } from '../handlers/balances';
import { createSandboxHandlers } from '../handlers/sandbox';
import { createSettingsHandlers } from '../handlers/settings';
import { createPayHandlers, type PayNetworkServices } from '../handlers/pay';
import { createSwapHandlers, type SwapNetworkServices } from '../handlers/swap';
import { BUNDLED_TOKENS, createTokenHandlers } from '../handlers/tokens';
import { createPriceService, type PriceService } from '../prices/price-service';
import { createLogoFetcher } from '../tokens/logo-fetcher';
import { apiOriginOf } from '../tokens/market-http';
import { bundledOnNetwork } from '../tokens/bundled-on-network';
import { marketFactsOf } from './market-facts';
import { createTokenDirectory, type TokenDirectory } from '../tokens/token-directory';
import { createKeytarKeychain, type Keychain } from '../keychain';
import { createLedgerClient, type LedgerConnection } from '../ledger/ledger-client';
import { createSandboxServices, type SandboxServices } from '../network/sandbox-services';
import {
  reviewTransaction,
  type ReviewReport,
  type ReviewTransaction,
  type SwapIntent,
} from '../review';
import { createTransactionSender } from '../send/transaction-sender';
import { createSubmitter } from '../send/swap-submitter';
import { createPlanBook } from '../pay/plan-book';
import { createSettingsFile } from '../settings/settings-file';
import { createSettingsService, type SettingsService } from '../settings/settings-service';
import { createAccountSigner, createSigner, type Signer } from '../signer';
import { createLedgerAccounts } from '../hardware/ledger-accounts';
import { createLedgerDevice } from '../hardware/ledger-device';
import { openNodeHidTransport, type Transport } from '../hardware/ledger-packages';
import { createLedgerHandlers } from '../handlers/ledger';
import { createSwapApiClient, realWait } from '../swap-api';
import { createQuoteBook } from '../tickets/quote-book';
import type { SwapExtras } from '../tickets/swap-review';
import { createTicketBook } from '../tickets/ticket-book';
import { createVault, type CreatedSecret, type Vault } from '../vault';

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
  /** Replaces the web3.js Connection of the balances (tests of the composition only). */
  connection?: LedgerConnection;
  /** Clock of quotes, tickets and activity; default Date.now. */
  now?: () => number;
  /** Waits between status polls and rebroadcasts; default real timers. */
  wait?: (ms: number) => Promise<void>;
  /** How long a review ticket stays approvable; default 60 s. */
  ticketTtlMs?: number;
  /** Replaces the review (tests of the approve path only; the app always uses the real one). */
  review?: ReviewTransaction;
  /** Passed to the vault; see VaultOptions.onSecretCreated. */
  onSecretCreated?: (secret: CreatedSecret) => void;
  /** `solana:` links the OS opened the app with (Electron entry); an empty inbox otherwise. */
  linkInbox?: LinkInbox;
  /**
   * Opens the Ledger (issue 17): node-hid by default; the web preview's --ledger-simulator
   * passes the sandbox's simulated device. The desktop app always uses node-hid.
   */
  openLedger?: () => Promise<Transport>;
}

/** What the network is called when it cannot be reached, in words a person can act on. */
export function unreachableMessage(network: NetworkInfo): string {
  return network.isSandbox
    ? 'The sandbox network is not reachable. Restart Swapdesk to start it again.'
    : `${network.label} is not reachable at ${network.rpcUrl}. Check the internet connection, or choose another network.`;
}

/** The token directory's cache of a network: one per token API host (the sandbox: one). */
function directoryCacheFile(dataDir: string, network: NetworkInfo, origin: string): string {
  const key = network.isSandbox
    ? 'sandbox'
    : createHash('sha256').update(origin).digest('hex').slice(0, 16);
  return join(dataDir, `token-directory-${key}.json`);
}

/** Everything that depends on the network the app is on. */
interface NetworkBundle {
  network: NetworkInfo;
  connection: Connection;
  sandbox: SandboxServices | null;
  balanceHandlers: Pick<Handlers, 'balances.get' | 'sandbox.fund'>;
  swap: SwapNetworkServices;
  pay: PayNetworkServices;
  /** Tokens and prices of the network's swap API host (issue 11). */
  directory: TokenDirectory;
  prices: PriceService;
}

interface Shared {
  options: ComposeOptions;
  fetch: typeof fetch;
  now: () => number;
  wait: (ms: number) => Promise<void>;
  vault: Vault;
  signer: Signer;
  activity: ActivityStore;
  settings: SettingsService;
  /** Integrator fees (issue 6); reads the network through `current`. */
  fees: FeesService;
}

function bundleFor(network: NetworkInfo, shared: Shared): NetworkBundle {
  const { options, now, wait } = shared;
  const connection = new Connection(network.rpcUrl, {
    commitment: 'confirmed',
    fetch: shared.fetch,
    // A 429 is reported, not retried in a loop that hides it from the person.
    disableRetryOnRateLimit: true,
  });
  const ledgerConnection =
    options.connection && network.rpcUrl === options.network.rpcUrl
      ? options.connection
      : connection;
  const ledger = createLedgerClient({
    connection: ledgerConnection,
    unreachableMessage: unreachableMessage(network),
  });
  const sandbox = network.isSandbox
    ? createSandboxServices({ rpcUrl: network.rpcUrl, fetch: shared.fetch })
    : null;
  const networkKey = `${network.id} ${network.rpcUrl} ${network.swapApiUrl}`;
  const apiKey = () => shared.settings.currentApiKey();
  // The token and price APIs live on the swap API's host: api.jup.ag, or the sandbox itself.
  const marketHost = { origin: apiOriginOf(network.swapApiUrl), apiKey, fetch: shared.fetch };
  const directory = createTokenDirectory({
    ...marketHost,
    now,
    cacheFile: directoryCacheFile(options.dataDir, network, marketHost.origin),
    // The sandbox's mints are mainnet's: the bundled list names those it has (issue 18), so a
    // swap service without a token directory still leaves USDC named. Its list is asked every
    // time (it is local).
    bundled: bundledOnNetwork(BUNDLED_TOKENS, network),
    ...(network.isSandbox ? { listMaxAgeMs: 0 } : {}),
  });
  const prices = createPriceService({ ...marketHost, now });
  const sender = createTransactionSender({
    connection,
    wait,
    now,
    unreachableMessage: unreachableMessage(network),
  });
  const submitter = createSubmitter({
    signer: shared.signer,
    activity: shared.activity,
    sender,
    network,
    now,
  });
  const tickets = createTicketBook<ReviewReport, SwapIntent, SubmissionView>({
    now,
    ...(options.ticketTtlMs !== undefined ? { ttlMs: options.ticketTtlMs } : {}),
  });
  const api = async () =>
    createSwapApiClient({
      baseUrl: network.swapApiUrl,
      ...(await shared.settings.currentApiKey().then((key) => (key ? { apiKey: key } : {}))),
      fetch: shared.fetch,
      wait: realWait,
      now,
      timeoutMs: 15_000,
      retries: 2,
      // A rate limit is waited out only while the person would still be looking at a spinner;
      // a longer one is reported with how long to wait.
      maxRetryAfterMs: 10_000,
    });
  const market = marketFactsOf(directory, prices);
  let labels: Promise<Record<string, Record<string, string>>> | null = null;
  const swap: SwapNetworkServices = {
    review: {
      network,
      networkKey,
      // A new client per call: the API key is read from the keychain when it is needed, so a
      // key set or removed in Settings applies to the next request.
      api,
      connection,
      review: options.review ?? reviewTransaction,
      quotes: createQuoteBook<SwapExtras>({ now }),
      fees: shared.fees,
      tickets,
      market,
      currentAccount: async () => (await shared.vault.list()).current,
      labels: () => {
        labels ??= Promise.all([
          (sandbox ? sandbox.listTokens() : directory.list().then((answer) => answer.tokens)).then(
            (list) => Object.fromEntries(list.map((t) => [t.mint, t.symbol ?? t.mint])),
          ),
          api()
            .then((client) => client.programIdToLabel())
            .then((programs) => Object.fromEntries(programs)),
        ]).then(([tokenSymbols, programLabels]) => ({ tokenSymbols, programLabels }));
        // Not cached when it failed: the next review asks again (and reviews without names).
        labels.catch(() => (labels = null));
        return labels;
      },
    },
    tickets,
    submitter,
    connection,
  };
  // Payments share the swaps' review, ticket book and submitter (issue 5).
  const plans = createPlanBook({ now });
  const currentAccount = swap.review.currentAccount;
  const payLabels = swap.review.labels!;
  const pay: PayNetworkServices = {
    quote: {
      networkKey,
      api,
      connection,
      plans,
      currentAccount,
      now,
      // The fee settings (issue 6) apply to a payment's swap when the request names no fee.
      feesFor: (swap) => shared.fees.forSwap({ swapMode: 'ExactOut', ...swap }),
    },
    review: {
      network,
      networkKey,
      api,
      connection,
      review: swap.review.review,
      plans,
      tickets,
      market,
      currentAccount,
      labels: payLabels,
    },
    tickets,
    submitter,
    connection,
    tokenOf: async (mint) => (await directory.get([mint])).get(mint) ?? null,
    summaries: new Map(),
  };
  // Transactions still pending from an earlier session (or the last time on this network).
  void submitter.retrackPending().catch(() => undefined);
  return {
    network,
    connection,
    sandbox,
    balanceHandlers: {
      ...createBalanceHandlers({ ledger, directory, connection: ledgerConnection }),
      ...createSandboxHandlers({ ledger, sandbox }),
    },
    swap,
    pay,
    directory,
    prices,
  };
}

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
  // One device, one queue: every Ledger request of every screen goes through it.
  const ledger = createLedgerDevice({ open: options.openLedger ?? openNodeHidTransport });
  const shared: Shared = {
    options,
    fetch: fetchImpl,
    now,
    wait: options.wait ?? ((ms) => realWait(ms)),
    vault,
    // Chosen by account kind: a Ledger account signs on its device, others with the keychain.
    signer: createAccountSigner({
      keychain: createSigner({ keychain }),
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
  function onCurrent<M extends 'balances.get' | 'sandbox.fund'>(method: M): Handler<M> {
    return (request, context) => (bundle.balanceHandlers[method] as Handler<M>)(request, context);
  }

  const handlers: Handlers = {
    ...createAppHandlers({
      version: options.version,
      network: () => bundle.network,
      shell: options.shell,
    }),
    ...createLinkHandlers(options.linkInbox ?? createLinkInbox()),
    ...createAccountHandlers(shared.vault),
    ...createLedgerHandlers(createLedgerAccounts({ device: ledger, vault })),
    'balances.get': onCurrent('balances.get'),
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
    ...createActivityHandlers({
      activity: shared.activity,
      network: () => bundle.network,
      connection: () => bundle.connection,
      unreachableMessage: () => unreachableMessage(bundle.network),
    }),
    ...createSettingsHandlers(shared.settings),
  };
  return {
    handlers,
    network: () => bundle.network,
    onNetworkChange: (listener) => shared.settings.onNetworkChange(listener),
    close: () => bundle.swap.submitter.stop(),
    settled: (signature) => bundle.swap.submitter.settled(signature),
  };
}
