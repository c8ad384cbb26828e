/**
 * The issue-4 part of the fake bridge (tokens, swap, activity, settings) for the component
 * tests. Requests arrive already parsed by the real contract schemas (fake-wallet.ts); answers
 * are shaped like main's. Quotes price the input at a fixed rate per token so that a test can
 * compute what the screen must show.
 */
import type {
  ActivityEntryView,
  ChainActivityView,
  NetworkInfo,
  QuoteView,
  ReviewTicketView,
  SettingsView,
  TokenWarningView,
  TransactionStatus,
} from '../../../preload/api-types';
import type { MethodName, ParsedRequestOf } from '../../../preload/contract';
import { reportFor } from './fake-review-report';
import { FAKE_CHAIN_TOKEN, FAKE_LOGO, FAKE_LOOKALIKE_TOKEN, FAKE_TOKENS } from './fake-tokens';

export { FAKE_CHAIN_TOKEN, FAKE_TOKENS };
import type { Result } from '../../../main/shared/result';

export interface FakeSwapState {
  /** Output base units per 10^9 input base units, by "inMint>outMint"; default 1:1. */
  rates: Map<string, bigint>;
  /** priceImpactPct of every quote (a fraction as text, like the service sends). */
  priceImpactPct: string;
  /** When set, swap.review answers a refused report with these reasons. */
  refusals: string[] | null;
  /** The token warnings of every review report (main reads them from the mints). */
  tokenWarnings: TokenWarningView[];
  /** Statuses swap.status answers in turn; the last one repeats. */
  statuses: TransactionStatus[];
  /** How many swap.approve calls actually "sent" (a repeat of a ticket sends nothing). */
  sent: number;
  activity: ActivityEntryView[];
  /** What activity.chain pages through (newest first), `chainPageSize` at a time. */
  chain: ChainActivityView[];
  chainPageSize: number;
  settings: SettingsView;
  quotes: QuoteView[];
  /** How long a review ticket stays approvable (main: 60 s). */
  ticketTtlMs: number;
  /**
   * False: the swap service has no token directory (issue 18), so tokens.list and tokens.search
   * answer no token at all and prices.get no price.
   */
  directory: boolean;
  /** Mints whose price prices.get answers as Pyth's (issue 25), with this feed name. */
  oracleFeeds: Map<string, string>;
}

let uuidCounter = 0;

/** A distinct version-4-shaped UUID (the contract checks ids with z.uuid()). */
export function fakeUuid(): string {
  uuidCounter += 1;
  return `00000000-0000-4000-8000-${uuidCounter.toString().padStart(12, '0')}`;
}

/** A base58 signature-shaped string (88 characters). */
export function fakeSignature(n: number): string {
  return `${'5'.repeat(80)}${n.toString().padStart(8, '1').replace(/0/g, 'A')}`;
}

function settingsFor(network: NetworkInfo): SettingsView {
  return {
    network,
    apiKeySet: false,
    networks: [
      { ...network, apiKeySet: false, available: true, unavailableReason: null },
      {
        id: 'mainnet',
        label: 'Solana mainnet',
        rpcUrl: 'https://api.mainnet-beta.solana.com',
        swapApiUrl: 'https://api.jup.ag/swap/v2',
        swapApiFlavour: 'swap-v2',
        isSandbox: false,
        apiKeySet: false,
        available: true,
        unavailableReason: null,
      },
      {
        id: 'custom',
        label: 'Custom network',
        rpcUrl: '',
        swapApiUrl: '',
        swapApiFlavour: 'v6',
        isSandbox: false,
        apiKeySet: false,
        available: true,
        unavailableReason: null,
      },
    ],
  };
}

export function initialFakeSwapState(network: NetworkInfo): FakeSwapState {
  return {
    rates: new Map(),
    priceImpactPct: '0.0012',
    refusals: null,
    tokenWarnings: [],
    statuses: ['pending', 'confirmed'],
    sent: 0,
    activity: [],
    chain: [],
    chainPageSize: 20,
    settings: settingsFor(network),
    quotes: [],
    ticketTtlMs: 60_000,
    directory: true,
    oracleFeeds: new Map(),
  };
}

type Handler = (req: never) => Result<unknown>;

/** The methods this file answers. */
export type FakeSwapMethod = Extract<
  MethodName,
  `tokens.${string}` | `swap.${string}` | `activity.${string}` | `settings.${string}`
>;

/** The handlers of tokens.*, swap.*, activity.* and settings.* over `state`. */
export function createFakeSwapHandlers(
  state: FakeSwapState,
  currentAccount: () => string | null,
  onNetworkChange: (network: NetworkInfo) => void,
): Record<FakeSwapMethod, Handler> {
  const err = (code: string, message: string): Result<never> => ({
    ok: false,
    error: { code, message },
  });
  const tickets = new Map<string, { ticket: ReviewTicketView; signature: string | null }>();
  const statusCalls = new Map<string, number>();

  return {
    'tokens.list': () => ({ ok: true, value: state.directory ? FAKE_TOKENS : [] }),
    'tokens.search': (req: ParsedRequestOf<'tokens.search'>) => {
      if (!state.directory) return { ok: true, value: [] };
      const q = req.query.trim().toLowerCase();
      const found = FAKE_TOKENS.filter(
        (t) => t.symbol?.toLowerCase().includes(q) || t.name?.toLowerCase().includes(q),
      );
      return {
        ok: true,
        value: 'usdc'.startsWith(q) && q !== '' ? [...found, FAKE_LOOKALIKE_TOKEN] : found,
      };
    },
    'tokens.logo': (req: ParsedRequestOf<'tokens.logo'>) => ({
      ok: true,
      value: { dataUrl: FAKE_TOKENS.some((t) => t.mint === req.mint) ? FAKE_LOGO : null },
    }),
    'tokens.lookup': (req: ParsedRequestOf<'tokens.lookup'>) => {
      const found = [...FAKE_TOKENS, FAKE_CHAIN_TOKEN].find((t) => t.mint === req.mint);
      return found
        ? { ok: true, value: found }
        : err('TOKEN_NOT_FOUND', 'No token mint exists at this address on this network.');
    },
    'swap.quote': (req: ParsedRequestOf<'swap.quote'>) => {
      const rate = state.rates.get(`${req.inputMint}>${req.outputMint}`) ?? 1_000_000_000n;
      const outAmount = (BigInt(req.amount) * rate) / 1_000_000_000n;
      const slippageBps = 'bps' in req.slippage ? req.slippage.bps : 30;
      const minimum = (outAmount * BigInt(10_000 - slippageBps)) / 10_000n;
      const now = Date.now();
      const quote: QuoteView = {
        quoteId: fakeUuid(),
        inputMint: req.inputMint,
        outputMint: req.outputMint,
        swapMode: 'ExactIn',
        inAmount: req.amount,
        outAmount: outAmount.toString(),
        otherAmountThreshold: minimum.toString(),
        minimumReceived: minimum.toString(),
        maximumSpent: null,
        slippageBps,
        computedAutoSlippageBps: 'auto' in req.slippage ? 30 : null,
        priceImpactPct: state.priceImpactPct,
        platformFee: null,
        route: [
          {
            ammKey: 'FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF1',
            label: 'Whirlpool',
            inputMint: req.inputMint,
            outputMint: req.outputMint,
            inAmount: req.amount,
            outAmount: outAmount.toString(),
            feeAmount: '0',
            feeMint: req.inputMint,
            percent: 100,
          },
        ],
        contextSlot: 1,
        quotedAt: new Date(now).toISOString(),
        expiresAt: new Date(now + 60_000).toISOString(),
      };
      state.quotes.push(quote);
      return { ok: true, value: quote };
    },
    'swap.review': (req: ParsedRequestOf<'swap.review'>) => {
      const quote = state.quotes.find((q) => q.quoteId === req.quoteId);
      const owner = currentAccount();
      if (!quote) return err('QUOTE_NOT_FOUND', 'This quote is no longer known: get a fresh one.');
      if (!owner) return err('NO_ACCOUNT', 'Add an account first.');
      const ticket: ReviewTicketView = {
        ticketId: fakeUuid(),
        transactionBase64: 'AQID',
        messageHash: 'ab'.repeat(32),
        expiresAt: new Date(Date.now() + state.ticketTtlMs).toISOString(),
        lastValidBlockHeight: 1000,
        report: reportFor(quote, owner, state.refusals, state.tokenWarnings),
      };
      tickets.set(ticket.ticketId, { ticket, signature: null });
      return { ok: true, value: ticket };
    },
    'swap.approve': (req: ParsedRequestOf<'swap.approve'>) => {
      const entry = tickets.get(req.ticketId);
      if (!entry) return err('TICKET_NOT_FOUND', 'This review is no longer known.');
      if (!entry.ticket.report.accepted) {
        return err('GUARD_REFUSED', 'Swapdesk refuses to sign this transaction.');
      }
      // As main does: a dangerous token warning must have been acknowledged.
      const risky = entry.ticket.report.tokenWarnings.some((w) => w.mustAcknowledge);
      if (risky && req.risksAcknowledged !== true) {
        return err('RISK_NOT_ACKNOWLEDGED', 'Tick "I understand this risk" first.');
      }
      if (entry.signature === null) {
        state.sent += 1;
        entry.signature = fakeSignature(state.sent);
      }
      return {
        ok: true,
        value: { signature: entry.signature, activityId: fakeUuid(), status: 'pending' },
      };
    },
    'swap.status': (req: ParsedRequestOf<'swap.status'>) => {
      const n = statusCalls.get(req.signature) ?? 0;
      statusCalls.set(req.signature, n + 1);
      const status = state.statuses[Math.min(n, state.statuses.length - 1)] ?? 'pending';
      return {
        ok: true,
        value: {
          signature: req.signature,
          status,
          error: status === 'expired' ? 'The transaction expired before it was confirmed.' : null,
          activityId: null,
          explorerUrl: null,
        },
      };
    },
    'activity.list': () => ({ ok: true, value: state.activity }),
    'activity.chain': (req: ParsedRequestOf<'activity.chain'>) => {
      const start = req.cursor ? Number(req.cursor) : 0;
      const end = start + state.chainPageSize;
      return {
        ok: true,
        value: {
          account: req.address,
          networkId: 'sandbox' as const,
          entries: state.chain.slice(start, end),
          next: end < state.chain.length ? String(end) : null,
        },
      };
    },
    'settings.get': () => ({ ok: true, value: state.settings }),
    'settings.setNetwork': (req: ParsedRequestOf<'settings.setNetwork'>) => {
      const choice = state.settings.networks.find((n) => n.id === req.id);
      if (!choice) return err('NETWORK_NOT_ALLOWED', 'Unknown network.');
      if (!choice.available) return err('NETWORK_NOT_ALLOWED', choice.unavailableReason ?? '');
      const network: NetworkInfo = {
        id: choice.id,
        label: choice.label,
        isSandbox: choice.isSandbox,
        rpcUrl: req.rpcUrl ?? choice.rpcUrl,
        swapApiUrl: req.swapApiUrl ?? choice.swapApiUrl,
        swapApiFlavour: (req.swapApiUrl ?? choice.swapApiUrl).endsWith('/swap/v1')
          ? 'swap-v1'
          : (req.swapApiUrl ?? choice.swapApiUrl).endsWith('/swap/v2')
            ? 'swap-v2'
            : 'v6',
      };
      state.settings = {
        ...state.settings,
        network,
        apiKeySet: choice.apiKeySet,
        networks: state.settings.networks.map((n) => (n.id === req.id ? { ...n, ...network } : n)),
      };
      onNetworkChange(network);
      return { ok: true, value: state.settings };
    },
    'settings.setApiKey': (req: ParsedRequestOf<'settings.setApiKey'>) => {
      const target = req.network ?? 'mainnet';
      const apiKeySet = req.apiKey !== null;
      state.settings = {
        ...state.settings,
        apiKeySet: state.settings.network.id === target ? apiKeySet : state.settings.apiKeySet,
        networks: state.settings.networks.map((n) => (n.id === target ? { ...n, apiKeySet } : n)),
      };
      return { ok: true, value: state.settings };
    },
  };
}
