/**
 * The step swaps and payments share once their transaction is built: review it (decode,
 * lookup tables, simulation, guard) and issue a ticket for exactly the bytes reviewed.
 */
import type { NetworkInfo } from '../../preload/api-types';
import type {
  ReviewConnection,
  ReviewReads,
  ReviewReport,
  ReviewTransaction,
  SwapIntent,
} from '../review';
import type { Address } from '../shared/address';
import type { MarketFacts } from '../review/market-warnings';
import { withMarketReview } from '../review/market-review';
import { termsOf } from '../review/service-terms';
import { messageOf, sha256Hex, type Ticket, type TicketBook } from './ticket-book';

/** A ticket whose report is main/review's and whose intent is what the person accepted. */
export type ReviewTicket = Ticket<ReviewReport, SwapIntent>;

/** What reviewing and issuing need; SwapReviewDeps and PayReviewDeps both carry it. */
export interface IssueTicketDeps {
  network: NetworkInfo;
  /** A key naming the network and its URLs (tickets do not cross a switch). */
  networkKey: string;
  connection: ReviewConnection;
  /**
   * The review's own reads, when the app has a leaner client for them than `connection`
   * (main/ledger/review-rpc.ts, issue 26); `connection` otherwise.
   */
  reviewReads?: ReviewReads;
  review: ReviewTransaction;
  tickets: Pick<TicketBook<ReviewReport, SwapIntent, unknown>, 'create'>;
  /** Verified marks and prices of the intent's two tokens (issue 11); absent in tests of the chain alone. */
  market?: (intent: SwapIntent) => Promise<MarketFacts>;
  /** Names for the report's sentences: token symbols by mint, program names by id. */
  labels?: () => Promise<{
    tokenSymbols?: Record<string, string>;
    programLabels?: Record<string, string>;
  }>;
  /** Co-signers who sign after the person (an /order market maker, issue 22). */
  awaitedCosigners?: readonly Address[];
  /** A fee payer that signed before the person (a Solana Pay merchant, issue 34). */
  signedFeePayer?: Address;
}

/** A transaction ready for review: unsigned wire bytes and the block height it expires at. */
export interface TransactionToReview {
  transaction: Uint8Array;
  lastValidBlockHeight: number;
}

/**
 * Resolves in the event loop's next check phase: reads started there go out once the request
 * to the swap service made in this turn has gone, and together: the RPC calls made in one turn
 * travel as one JSON-RPC batch (main/ledger/rpc-batch.ts), so the pause check and Pyth's feeds
 * read beside a build cost the RPC one request, not two (issue 36).
 */
export const nextCheckPhase = (): Promise<void> =>
  new Promise<void>((resolve) => setImmediate(resolve));

/**
 * The market facts of `intent` (verified marks, Pyth's prices), asked while the service builds
 * its transaction: they depend on the intent alone (issue 26). They start in the event loop's
 * next check phase, once the caller's request to the service has gone out, so their own work
 * never holds that request back. A failure surfaces where the review awaits them, never as an
 * unhandled rejection (the service may fail first, and then nothing awaits them).
 */
export function askMarket(
  deps: Pick<IssueTicketDeps, 'market'>,
  intent: SwapIntent,
): Promise<MarketFacts> | undefined {
  const read = deps.market;
  if (read === undefined) return undefined;
  const market = nextCheckPhase().then(() => read(intent));
  market.catch(() => undefined);
  return market;
}

/** When each token's first pool was created (ms), as the market facts' directory entries say. */
export function firstPoolsOf(facts: MarketFacts): ReadonlyMap<string, number | null> {
  const ages = new Map<string, number | null>();
  for (const [mint, token] of facts.tokens) ages.set(mint, token.firstPoolAt ?? null);
  return ages;
}

/**
 * Reviews `built` for `account` against `intent` and issues its ticket. The ticket is refused
 * (accepted false, with a reason) when the review judged a different message than `built`'s.
 *
 * `market`: the market facts of `intent` when the caller started reading them already (a swap
 * does while the service builds its transaction: they depend on the intent alone, issue 26);
 * read here otherwise.
 *
 * @example const ticket = await issueReviewedTicket(deps, account, built, intentOf(quote, extras));
 */
export async function issueReviewedTicket(
  deps: IssueTicketDeps,
  account: Address,
  built: TransactionToReview,
  intent: SwapIntent,
  market: Promise<MarketFacts> | undefined = deps.market?.(intent),
): Promise<ReviewTicket> {
  // Labels only make the report read better; a failure to fetch them never blocks a review.
  const labels = (await deps.labels?.().catch(() => undefined)) ?? {};
  const [reviewed, facts] = await Promise.all([
    deps.review({
      ...labels,
      transaction: built.transaction,
      user: account,
      intent,
      lastValidBlockHeight: built.lastValidBlockHeight,
      connection: deps.reviewReads ?? deps.connection,
      // The same rule on every network: the sandbox runs Jupiter's program too (issue 23), and
      // what passes there must pass on mainnet and the reverse.
      allowJupiter: true,
      serviceTerms: termsOf(deps.network),
      ...(deps.awaitedCosigners?.length ? { awaitedCosigners: deps.awaitedCosigners } : {}),
      ...(deps.signedFeePayer === undefined ? {} : { signedFeePayer: deps.signedFeePayer }),
      // The tokens' ages for Jupiter's fee table, from the same market facts as the verified
      // marks (the review awaits them beside its own reads; their failure is unknown ages).
      ...(market ? { firstPools: market.then(firstPoolsOf) } : {}),
    }),
    market,
  ]);
  // Market warnings go first: an unverified output token, or a loss at Pyth's prices, is the
  // first thing to read.
  const report: ReviewReport = facts ? withMarketReview(reviewed, intent, facts) : reviewed;
  // The report must be about these very bytes; otherwise its verdicts say nothing about them.
  const sameMessage = report.messageSha256 === sha256Hex(messageOf(built.transaction));
  return deps.tickets.create({
    account,
    networkKey: deps.networkKey,
    transaction: built.transaction,
    // The review's own height (never earlier than any blockhash read now can expire), not the
    // service's word: a service claiming an early expiry must not make the wallet say "Expired"
    // while the transaction can still land.
    lastValidBlockHeight: report.lastValidBlockHeight,
    report,
    accepted: report.accepted && sameMessage,
    refusals: sameMessage
      ? report.refusals
      : [...report.refusals, 'The review examined a different transaction than the one to sign.'],
    intent,
    risks: report.tokenWarnings.filter((w) => w.mustAcknowledge).map((w) => w.sentence),
  });
}
