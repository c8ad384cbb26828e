/**
 * One network's services: the RPC connection, ledger, swap API client, quotes, review tickets
 * and submitter, the token directory and prices. Switching networks in Settings builds a new
 * bundle, so a quote or ticket of one network can never be used on another.
 */
import { SANDBOX_COSIGNED_VENUES } from '../shared/sandbox-operator';
import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { Connection } from '@solana/web3.js';
import type { NetworkInfo, SubmissionView } from '../../preload/api-types';
import type { ActivityStore } from '../activity/activity-store';
import type { Handlers } from '../bridge/handler-types';
import type { FeesService } from '../fees/fees-service';
import { createBalanceHandlers } from '../handlers/balances';
import { createBalanceWatchHandlers } from '../handlers/balance-watch';
import { createRpcBatcher } from '../ledger/rpc-batch';
import { createReviewRpc } from '../ledger/review-rpc';
import type { HttpClient } from '../network/http-client';
import { createTokenLabeler, type TokenLabeler } from '../tokens/token-labels';
import { createSandboxHandlers } from '../handlers/sandbox';
import type { PayNetworkServices } from '../handlers/pay';
import type { SwapNetworkServices } from '../handlers/swap';
import { BUNDLED_TOKENS } from '../handlers/tokens';
import { createPriceMemory } from '../prices/price-memory';
import { createPriceService, type PriceService } from '../prices/price-service';
import { createOracleReader } from '../prices/oracle/oracle-reader';
import { programAccountsOver } from '../prices/chain-pools/program-accounts';
import { createPoolPriceReader } from '../prices/chain-pools/pool-price-reader';
import { withOraclePrices } from '../prices/oracle/oracle-price-service';
import { apiOriginOf } from '../tokens/market-http';
import { bundledOnNetwork } from '../tokens/bundled-on-network';
import { marketFactsOf } from './market-facts';
import { createTokenDirectory, type TokenDirectory } from '../tokens/token-directory';
import { createLedgerClient } from '../ledger/ledger-client';
import { createSandboxServices, type SandboxServices } from '../network/sandbox-services';
import { createPubsubClient, pubsubUrlOf } from '../network/pubsub-client';
import { reviewTransaction, type ReviewReport, type SwapIntent } from '../review';
import { createTransactionSender } from '../send/transaction-sender';
import { createSubmitter } from '../send/swap-submitter';
import { createPlanBook } from '../pay/plan-book';
import type { SettingsService } from '../settings/settings-service';
import type { SwapPathStore } from '../settings/swap-path-file';
import type { Signer } from '../signer';
import { createSwapApiClient, realWait } from '../swap-api';
import { capabilitiesOf } from '../swap-api/api-flavour';
import { swapForFee } from '../tickets/v2/swap-for-fee';
import { createSwapV2Client } from '../swap-api/v2';
import { createQuoteBook } from '../tickets/quote-book';
import type { SwapExtras } from '../tickets/swap-review';
import { createTicketBook } from '../tickets/ticket-book';
import { TicketNotes } from '../tickets/ticket-notes';
import type { Vault } from '../vault';
import type { ComposeOptions } from './compose-options';

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
export interface NetworkBundle {
  network: NetworkInfo;
  connection: Connection;
  sandbox: SandboxServices | null;
  balanceHandlers: Pick<Handlers, 'balances.get' | 'balances.watch' | 'sandbox.fund'>;
  swap: SwapNetworkServices;
  pay: PayNetworkServices;
  /** Tokens and prices of the network's swap API host (issue 11), Pyth's where it has a feed (issue 25). */
  directory: TokenDirectory;
  prices: PriceService;
  /** Names and decimals of mints, the same on the Wallet and Activity (issue 26). */
  labeler: TokenLabeler;
}

export interface Shared {
  options: ComposeOptions;
  fetch: typeof fetch;
  /**
   * The requests a review waits for (POST /swap, the RPC batch): node:http with kept-alive
   * connections (network/http-client.ts); `fetch` itself when a test gave one, so it sees them.
   */
  http: HttpClient;
  now: () => number;
  wait: (ms: number) => Promise<void>;
  vault: Vault;
  signer: Signer;
  activity: ActivityStore;
  settings: SettingsService;
  /** Integrator fees (issue 6); reads the network through `current`. */
  fees: FeesService;
  /** The Swap path of each network on a Swap API v2 service (issue 22). */
  swapPaths: SwapPathStore;
}

export function bundleFor(network: NetworkInfo, shared: Shared): NetworkBundle {
  const { options, now, wait } = shared;
  const connection = new Connection(network.rpcUrl, {
    commitment: 'confirmed',
    fetch: shared.fetch,
    // A 429 is reported, not retried in a loop that hides it from the person.
    disableRetryOnRateLimit: true,
  });
  // The review's reads (accounts before, simulation, block height) and Pyth's feeds read beside
  // them go out together: one JSON-RPC batch per turn instead of a request each (issue 26). The
  // review reads through its own lean client (review-rpc.ts) in the same batches.
  const batcher = createRpcBatcher(shared.fetch, shared.http);
  const reviewConnection = new Connection(network.rpcUrl, {
    commitment: 'confirmed',
    fetch: batcher.fetch,
    disableRetryOnRateLimit: true,
  });
  const reviewReads = createReviewRpc(network.rpcUrl, batcher);
  const ledgerConnection =
    options.connection && network.rpcUrl === options.network.rpcUrl
      ? options.connection
      : connection;
  // The RPC's PubSub API where it has one (web3.js's URL rule): wakes the waits for a
  // confirmation (sending, the faucet, swap.status) and for balances; polling stays
  // underneath (issue 33).
  const pubsub = createPubsubClient(pubsubUrlOf(network.rpcUrl));
  const ledger = createLedgerClient({
    connection: ledgerConnection,
    pubsub,
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
  // The service's prices, and Pyth's through the person's RPC where a feed exists (issue 25):
  // the screens get the oracle's where it has one; the review compares the two.
  // What the service priced each token at earlier this run: the one check of a token nothing
  // else prices (issue 32; review/service-price-history.ts).
  const priceMemory = createPriceMemory();
  const servicePrices = createPriceService({ ...marketHost, now, memory: priceMemory });
  const oracle = createOracleReader({ connection: () => reviewReads, now });
  const prices = withOraclePrices(servicePrices, oracle, now);
  const labeler = createTokenLabeler({ directory, connection: ledgerConnection });
  const sender = createTransactionSender({
    connection,
    pubsub,
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
  const clientOptions = async () => ({
    baseUrl: network.swapApiUrl,
    ...(await shared.settings.currentApiKey().then((key) => (key ? { apiKey: key } : {}))),
    fetch: shared.http,
    wait: realWait,
    now,
    timeoutMs: 15_000,
    retries: 2,
    // A rate limit is waited out only while the person would still be looking at a spinner;
    // a longer one is reported with how long to wait.
    maxRetryAfterMs: 10_000,
  });
  const api = async () => createSwapApiClient(await clientOptions());
  // The Swap API v2's paths (issue 22): /build or /order + /execute, as chosen in Settings.
  const v2 =
    network.swapApiFlavour === 'swap-v2'
      ? {
          client: async () => createSwapV2Client(await clientOptions()),
          swapPath: () => shared.swapPaths.get(network.id),
          orders: new Map(),
          connection,
          latestBlockhash: () => connection.getLatestBlockhash('confirmed'),
        }
      : undefined;
  // Payments on v2 build through /build (exact input then transfer, issue 22 point 3).
  const apiV2 = v2 ? v2.client : null;
  // Sides without Pyth's live price are valued from the chain's own pools (issue 32).
  const pools = createPoolPriceReader({
    connection: () => reviewReads,
    programAccounts: () => programAccountsOver(network.rpcUrl, batcher),
  });
  const market = marketFactsOf(directory, servicePrices, oracle, pools, {
    memory: priceMemory,
    now,
  });
  let labels: Promise<Record<string, Record<string, string>>> | null = null;
  // What the swaps' and the payments' reviews read the network through.
  const reviewSources = {
    network,
    networkKey,
    // A new client per call: the API key is read from the keychain when it is needed, so a
    // key set or removed in Settings applies to the next request.
    api,
    connection: reviewConnection,
    reviewReads,
  };
  const swap: SwapNetworkServices = {
    review: {
      ...reviewSources,
      review: options.review ?? reviewTransaction,
      quotes: createQuoteBook<SwapExtras>({ now }),
      fees: shared.fees,
      tickets,
      market,
      currentAccount: async () => (await shared.vault.list()).current,
      ...(v2 === undefined ? {} : { v2 }),
      tokenSymbols: async (mints) => {
        const named: Record<string, string> = {};
        for (const [mint, label] of await labeler.labels(mints)) {
          if (label.symbol !== null) named[mint] = label.symbol;
        }
        return named;
      },
      labels: () => {
        labels ??= Promise.all([
          (sandbox ? sandbox.listTokens() : directory.list().then((answer) => answer.tokens)).then(
            (list) => Object.fromEntries(list.map((t) => [t.mint, t.symbol ?? t.mint])),
          ),
          // The Swap API v2 has no /program-id-to-label: programs are named by the review's own list.
          v2 !== undefined
            ? Promise.resolve({})
            : api()
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
    pubsub,
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
      feesFor: (swap) => shared.fees.forSwap(swap),
      // v6 and swap/v1 quote exact output: it stays the first choice there; v2 has none, so
      // a payment by swap is exact input then transfer there (issue 22).
      exactOut: async () => capabilitiesOf(network.swapApiFlavour).exactOut,
      apiV2,
      // An invoice with references is composed from /swap-instructions, which cannot build a
      // venue's co-signed fill: such routes are not quoted for it (issue 21).
      venuesWithoutInstructions: network.isSandbox ? SANDBOX_COSIGNED_VENUES : [],
      ...(swap.review.tokenSymbols ? { tokenSymbols: swap.review.tokenSymbols } : {}),
    },
    review: {
      ...reviewSources,
      review: swap.review.review,
      plans,
      tickets,
      market,
      currentAccount,
      labels: payLabels,
      apiV2,
    },
    tickets,
    submitter,
    connection,
    tokenOf: async (mint) => (await directory.get([mint])).get(mint) ?? null,
    summaries: new TicketNotes((id) => tickets.get(id) !== undefined),
    // A payment without SOL first swaps a little of its token into SOL, gasless (issue 32).
    ...(v2 === undefined
      ? {}
      : { swapForFee: (request) => swapForFee({ ...swap.review, v2 }, request) }),
  };
  // Transactions still pending from an earlier session (or the last time on this network).
  void submitter.retrackPending().catch(() => undefined);
  return {
    network,
    connection,
    sandbox,
    balanceHandlers: {
      ...createBalanceHandlers({ ledger, labeler }),
      ...createBalanceWatchHandlers({ pubsub, wait }),
      ...createSandboxHandlers({ ledger, sandbox }),
    },
    swap,
    pay,
    directory,
    prices,
    labeler,
  };
}
