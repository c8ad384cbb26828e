/**
 * Swaps on a Swap API v2 service (issue 22), on the path the person chose in Settings:
 *
 * - **Router** (default): GET /build quotes and answers the instructions in one call, for the
 *   person's account; the review assembles them with the wallet's own blockhash and the lookup
 *   tables read from the RPC (assemble-build.ts), and the transaction goes out through the
 *   person's RPC like any other.
 * - **Best price (Meta-Aggregator)**: GET /order quotes and answers an assembled transaction;
 *   the review judges it exactly like a /swap transaction, with a market maker's signature
 *   awaited only for the quoted route's counterparty; approval hands exactly the signed
 *   reviewed bytes to POST /execute (send/order-landing.ts).
 *
 * Every option the swap screen offers maps to the path's parameters; one it lacks is refused
 * before any request (checkQuoteParamsFor, 'swap-v2').
 */
import { PublicKey } from '@solana/web3.js';
import type { ParsedRequestOf } from '../../../preload/contract';
import { walletLamports } from '../../ledger/wallet-lamports';
import type { Address } from '../../shared/address';
import { GASLESS_BELOW_LAMPORTS } from '../../shared/gasless';
import { WalletError } from '../../shared/errors';
import { checkQuoteParamsFor } from '../../swap-api/quote-params';
import type { StoredQuote } from '../quote-book';
import { askMarket, issueReviewedTicket, nextCheckPhase, type ReviewTicket } from '../issue-ticket';
import {
  afterCheck,
  intentOf,
  quotePlan,
  quoteSwap,
  reviewStoredSwap,
  type SwapExtras,
  type SwapReviewDeps,
} from '../swap-review';
import { orderFeeTerms } from '../../fees/order-fees';
import { namedNoRoute } from '../../swap-api/v2/no-route';
import { assembleBuild } from './assemble-build';
import { awaitedOrderSigners } from './order-signers';
import { checkOrderQuote, UNREADABLE_ROUTERS } from './order-quote-checks';
import { termsOf } from '../../review/service-terms';
import type { ComputePrice, SwapV2Deps, V2Quote } from './v2-types';
import { refusePausedMints } from '../../tokens/paused-check';

type QuoteRequest = ParsedRequestOf<'swap.quote'>;

/** Orders kept for /execute; older reviews than this many are past their ticket anyway. */
const MAX_PENDING_ORDERS = 64;

function noAccount(): never {
  throw new WalletError(
    'NO_ACCOUNT',
    'Create or import an account first: this swap service quotes for the account that will sign.',
  );
}

/**
 * GET /build or GET /order for the person's account, kept as a quote.
 * @example const stored = await quoteSwapV2(deps, request);
 */
export async function quoteSwapV2(
  deps: Pick<SwapReviewDeps, 'quotes' | 'networkKey' | 'fees' | 'currentAccount'> &
    Partial<Pick<SwapReviewDeps, 'connection'>> & {
      v2: SwapV2Deps;
    },
  request: QuoteRequest,
): Promise<StoredQuote<SwapExtras>> {
  const { params, extras } = quotePlan(request);
  // Refused before any request: ExactOut, auto slippage, route-shape and legacy options.
  checkQuoteParamsFor(params, 'swap-v2');
  const taker = ((await deps.currentAccount()) ?? noAccount()) as Address;
  const path = await deps.v2.swapPath();
  const client = await deps.v2.client();
  const slippageBps = params.slippageBps ?? 50;
  const fee = request.options?.priorityFee ?? { kind: 'none' as const };
  if (path === 'meta-aggregator') {
    // /order takes venues to avoid (for Metis only) but no venues to use and no account cap.
    if (params.dexes?.length) {
      throw new WalletError(
        'INVALID_SWAP_REQUEST',
        'Best price (Meta-Aggregator) cannot be limited to chosen venues. Clear "Venues to use", or choose Router as the swap path in Settings.',
      );
    }
    if (params.maxAccounts !== undefined) {
      throw new WalletError(
        'INVALID_SWAP_REQUEST',
        'Best price (Meta-Aggregator) takes no "Max accounts". Clear it, or choose Router as the swap path in Settings.',
      );
    }
    // Integrator fees on /order only through the referral program (issue 22 point 4).
    const referral = (await deps.fees?.forOrder?.()) ?? null;
    // A person who cannot pay the network costs asks plainly, so the service may make the order
    // gasless (the docs: only without optional parameters, so no slippageBps): the answer is
    // held to the person's slippage as a cap (order-quote-checks.ts), the guard to the same
    // slippage (intentOf), and the payer to what the answer names (order-signers.ts).
    const plain =
      referral === null &&
      !params.excludeDexes?.length &&
      deps.connection !== undefined &&
      (await walletLamports(deps.connection, new PublicKey(taker))) < GASLESS_BELOW_LAMPORTS;
    const answer = await client.order({
      inputMint: params.inputMint,
      outputMint: params.outputMint,
      amount: params.amount,
      taker,
      ...(plain
        ? {}
        : {
            slippageBps,
            ...(referral
              ? { referralAccount: referral.referralAccount, referralFee: referral.referralFeeBps }
              : {}),
            ...(params.excludeDexes?.length ? { excludeDexes: params.excludeDexes } : {}),
            // Routers whose programs the guard cannot read: their fills would only be refused.
            excludeRouters: UNREADABLE_ROUTERS,
            // The landing fee /execute spends, bounded: the person's total or cap as a maximum.
            ...(fee.kind === 'none'
              ? { priorityFeeLamports: 0n, broadcastFeeType: 'exactFee' as const }
              : {
                  priorityFeeLamports: extras.maxPriorityFeeLamports,
                  broadcastFeeType: 'maxCap' as const,
                }),
          }),
    });
    // Refused before it is shown: a slippage or minimum looser than the person's, an excluded router.
    checkOrderQuote(answer, { chosenSlippageBps: slippageBps, plain });
    const v2: V2Quote = { path, answer };
    // The fee the answer states, and where it must land: the guard's fee rule holds it there.
    const terms = await orderFeeTerms(deps.connection, referral, answer);
    return deps.quotes.add(
      terms.quote,
      {
        ...extras,
        fees: terms.fees,
        serviceFee: terms.serviceFee,
        v2,
        ...(plain ? { slippageChosenByService: { capBps: slippageBps } } : {}),
      },
      deps.networkKey,
    );
  }
  const fees =
    (await deps.fees?.forSwap({
      swapMode: 'ExactIn',
      inputMint: params.inputMint,
      outputMint: params.outputMint,
    })) ?? null;
  const answer = await client.build({
    inputMint: params.inputMint,
    outputMint: params.outputMint,
    amount: params.amount,
    taker,
    slippageBps,
    ...(params.dexes?.length ? { dexes: params.dexes } : {}),
    ...(params.excludeDexes?.length ? { excludeDexes: params.excludeDexes } : {}),
    ...(params.maxAccounts !== undefined ? { maxAccounts: params.maxAccounts } : {}),
    ...(fees ? { platformFeeBps: fees.platformFeeBps, feeAccount: fees.feeAccount } : {}),
    ...(fee.kind === 'level' ? { computeUnitPricePercentile: fee.level } : {}),
    ...(fee.kind === 'auto' ? { computeUnitPricePercentile: 'medium' as const } : {}),
  });
  const price: ComputePrice =
    fee.kind === 'none'
      ? { kind: 'none' }
      : fee.kind === 'lamports'
        ? { kind: 'lamports', lamports: BigInt(fee.lamports) }
        : { kind: 'service', maxLamports: extras.maxPriorityFeeLamports };
  // /build answers no platformFee: the fee the wallet asked for is the one the guard holds.
  const quote =
    fees && fees.platformFeeBps > 0
      ? { ...answer.quote, platformFee: { amount: 0n, feeBps: fees.platformFeeBps } }
      : answer.quote;
  const v2: V2Quote = { path: 'router', answer: { ...answer, quote }, price };
  return deps.quotes.add(quote, { ...extras, fees, v2 }, deps.networkKey);
}

/**
 * The review of a v2 quote: assemble (/build) or take (/order) the transaction, review it and
 * issue its ticket, once `pauseCheck` passed. Throws NO_ACCOUNT, QUOTE_NOT_FOUND,
 * SWAP_NOT_SIGNABLE, SWAP_API_* (and the check's own refusal first).
 */
export async function reviewSwapV2(
  deps: SwapReviewDeps & { v2: SwapV2Deps },
  stored: StoredQuote<SwapExtras>,
  account: Address,
  pauseCheck: Promise<void> = Promise.resolve(),
): Promise<ReviewTicket> {
  const { quote, extra: extras } = stored;
  const v2 = extras.v2!;
  if (v2.path === 'router') {
    const intent = intentOf(quote, extras);
    const market = askMarket(deps, intent);
    const built = await afterCheck(
      pauseCheck,
      assembleBuild(deps.v2, account, v2.answer, v2.price),
    );
    return issueReviewedTicket(deps, account, built, intent, market);
  }
  await pauseCheck;
  const order = v2.answer;
  if (order.notBuilt !== null) {
    throw new WalletError('SWAP_NOT_SIGNABLE', order.notBuilt.reason, {
      serviceMessage: order.notBuilt.serviceMessage,
    });
  }
  if (order.transaction === null || order.lastValidBlockHeight === null) {
    throw new WalletError(
      'SWAP_API_BAD_RESPONSE',
      'The swap service answered the order without its transaction. Nothing was signed; get a fresh quote.',
    );
  }
  if (order.taker !== null && order.taker !== account) {
    throw new WalletError(
      'SWAP_API_BAD_RESPONSE',
      `The swap service built this order for ${order.taker}, not for your account. Nothing was signed; get a fresh quote.`,
    );
  }
  // A market maker, or the service's gas payer on a gasless order, signs at /execute, after the
  // person: awaited only as the answer names them, then held by the guard to what they do.
  const awaited = awaitedOrderSigners(order, account, termsOf(deps.network).gasPayer);
  const ticket = await issueReviewedTicket(
    { ...deps, awaitedCosigners: awaited },
    account,
    { transaction: order.transaction, lastValidBlockHeight: order.lastValidBlockHeight },
    intentOf(quote, extras),
  );
  deps.v2.orders.set(ticket.id, { requestId: order.requestId, client: await deps.v2.client() });
  // Tickets expire within minutes: only the newest orders can still be approved.
  while (deps.v2.orders.size > MAX_PENDING_ORDERS) {
    deps.v2.orders.delete(deps.v2.orders.keys().next().value!);
  }
  return ticket;
}

/** swap.quote on any service: v2 paths on a v2 service, GET /quote elsewhere. */
export async function quoteAnySwap(
  deps: SwapReviewDeps,
  request: QuoteRequest,
): Promise<StoredQuote<SwapExtras>> {
  const { v2 } = deps;
  // A paused token is said so instead of any quote (issue 35); read fresh, so a resume works at
  // once, and while the service quotes (issue 36): the refusal wins over the quote's answer.
  const pauseCheck = refusePausedQuote(deps, [request.inputMint, request.outputMint]);
  if (deps.network.swapApiFlavour !== 'swap-v2' || v2 === undefined) {
    return afterCheck(pauseCheck, quoteSwap(deps, request));
  }
  // A pair no route joins is named plainly (issue 32).
  const quoting = quoteSwapV2({ ...deps, v2 }, request).catch(async (error: unknown) => {
    throw await namedNoRoute(error, [request.inputMint, request.outputMint], deps.tokenSymbols);
  });
  return afterCheck(pauseCheck, quoting);
}

/** Throws TOKEN_PAUSED, naming the token by its symbol, when either side is paused (issue 35). */
async function refusePausedQuote(deps: SwapReviewDeps, pair: string[]): Promise<void> {
  await refusePausedMints(
    deps.reviewReads ?? deps.connection,
    pair,
    async (mint) => (await deps.tokenSymbols?.([mint]))?.[mint] ?? null,
  );
}

/** swap.review on any service: the v2 review for a v2 quote, POST /swap for the others. */
export async function reviewAnySwap(deps: SwapReviewDeps, quoteId: string): Promise<ReviewTicket> {
  const stored = deps.quotes.take(quoteId, deps.networkKey);
  const account = await deps.currentAccount();
  if (account === null) {
    throw new WalletError('NO_ACCOUNT', 'Create or import an account before swapping.');
  }
  const { v2 } = deps;
  // A quote taken before its token was paused is refused, in the same words, before anything
  // is reviewed. The pause is read while the service builds, in one RPC request with the
  // market facts' feeds (issue 36: no round trip of its own before the build, one request
  // less), and the refusal wins over whatever the build answered.
  const pauseCheck = nextCheckPhase().then(() =>
    refusePausedQuote(deps, [stored.quote.inputMint, stored.quote.outputMint]),
  );
  pauseCheck.catch(() => undefined);
  return stored.extra.v2 !== undefined && v2 !== undefined
    ? reviewSwapV2({ ...deps, v2 }, stored, account as Address, pauseCheck)
    : reviewStoredSwap(deps, stored, account as Address, pauseCheck);
}
