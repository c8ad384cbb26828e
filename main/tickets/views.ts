/**
 * Bridge views of quotes and review tickets: every bigint amount becomes a decimal string,
 * the raw quote and the message bytes stay in main.
 */
import { sanitizeServiceLabel } from '../shared/service-message';
import type {
  BalanceChangeView,
  QuoteView,
  ReviewReportView,
  ReviewTicketView,
} from '../../preload/api-types';
import type {
  BalanceChange,
  NetworkFee,
  ReviewedInstruction,
  ReviewReport,
  SimulationSummary,
  TouchedAccount,
} from '../review';
import type { SideValuation, TradeValuation } from '../review/valuation-types';
import type { StoredQuote } from './quote-book';
import type { SwapTicket } from './swap-review';

type SameKeys<A, B> = [keyof A] extends [keyof B]
  ? [keyof B] extends [keyof A]
    ? true
    : false
  : false;
type ViewOf<K extends keyof ReviewReportView> = ReviewReportView[K] extends (infer U)[]
  ? U
  : ReviewReportView[K];

/**
 * Compile-time tie between main/review's report and the view written out in api-types: when
 * the review adds, renames or drops a field, this stops compiling until the view follows.
 */
const REPORT_VIEW_IN_STEP: [
  SameKeys<Omit<ReviewReport, 'messageBase64'>, ReviewReportView>,
  SameKeys<BalanceChange, BalanceChangeView>,
  SameKeys<NetworkFee, ViewOf<'networkFee'>>,
  SameKeys<SimulationSummary, ViewOf<'simulation'>>,
  SameKeys<TouchedAccount, ViewOf<'accounts'>>,
  // An instruction's accounts stay in main: the report's `accounts` lists every account.
  SameKeys<Omit<ReviewedInstruction, 'accounts'>, ViewOf<'instructions'>>,
  SameKeys<TradeValuation, NonNullable<ReviewReportView['valuation']>>,
  SameKeys<SideValuation, NonNullable<ReviewReportView['valuation']>['input']>,
] = [true, true, true, true, true, true, true, true];
void REPORT_VIEW_IN_STEP;

/** Quote view of a stored quote. */
export function quoteView(stored: StoredQuote<unknown>): QuoteView {
  const { quote } = stored;
  const exactIn = quote.swapMode === 'ExactIn';
  return {
    quoteId: stored.id,
    inputMint: quote.inputMint,
    outputMint: quote.outputMint,
    swapMode: quote.swapMode,
    inAmount: quote.inAmount.toString(),
    outAmount: quote.outAmount.toString(),
    otherAmountThreshold: quote.otherAmountThreshold.toString(),
    minimumReceived: exactIn ? quote.otherAmountThreshold.toString() : null,
    maximumSpent: exactIn ? null : quote.otherAmountThreshold.toString(),
    slippageBps: quote.slippageBps,
    computedAutoSlippageBps: quote.computedAutoSlippage ?? null,
    priceImpactPct: quote.priceImpactPct,
    platformFee: quote.platformFee
      ? { amount: quote.platformFee.amount.toString(), feeBps: quote.platformFee.feeBps }
      : null,
    route: quote.routePlan.map((hop) => ({
      ammKey: hop.ammKey,
      // The service's name for the venue: shown inert and short (issue 32).
      label: sanitizeServiceLabel(hop.label) ?? null,
      inputMint: hop.inputMint,
      outputMint: hop.outputMint,
      inAmount: hop.inAmount.toString(),
      outAmount: hop.outAmount.toString(),
      feeAmount: hop.feeAmount?.toString() ?? null,
      feeMint: hop.feeMint,
      percent: hop.shareBps / 100,
    })),
    contextSlot: quote.contextSlot,
    rateLimitWaitSeconds:
      quote.rateLimitWaitMs === undefined ? null : Math.ceil(quote.rateLimitWaitMs / 1000),
    quotedAt: new Date(quote.receivedAt).toISOString(),
    expiresAt: new Date(stored.expiresAt).toISOString(),
  };
}

/** Deep copy with every bigint as decimal text and undefined fields dropped. */
function toWire(value: unknown): unknown {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(toWire);
  if (value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  const out: Record<string, unknown> = {};
  const fields = value as Record<string, unknown>;
  for (const key of Object.keys(fields)) {
    const field = fields[key];
    if (field !== undefined) out[key] = toWire(field);
  }
  return out;
}

/**
 * The report with amounts as strings. ReviewReportView is written out in preload/api-types
 * (the renderer cannot import main); toWire's output has exactly that shape because it only
 * turns bigints into strings, which the view declares wherever the report has a bigint.
 */
export function reportView(report: ReviewReport): ReviewReportView {
  // The message bytes are in the ticket already; the renderer has no use for a second copy.
  const { messageBase64: _omitted, ...rest } = report;
  // The logs of a simulation that succeeded say nothing a screen shows (a fifth of the answer,
  // issue 26); a failed one's explain it and go along. The ticket keeps them all.
  const simulation = rest.simulation.ok ? { ...rest.simulation, logs: [] } : rest.simulation;
  // Each instruction's accounts (a third of the answer) are listed once, in `accounts`, with
  // their roles; no screen shows them by instruction.
  const instructions = rest.instructions.map(
    ({ accounts: _accounts, ...instruction }) => instruction,
  );
  return toWire({ ...rest, simulation, instructions }) as ReviewReportView;
}

/** swap.review's answer. */
export function ticketView(ticket: SwapTicket): ReviewTicketView {
  return {
    ticketId: ticket.id,
    transactionBase64: Buffer.from(ticket.transaction).toString('base64'),
    messageHash: ticket.messageHash,
    expiresAt: new Date(ticket.expiresAt).toISOString(),
    lastValidBlockHeight: ticket.lastValidBlockHeight,
    report: reportView(ticket.report),
  };
}
