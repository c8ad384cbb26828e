/**
 * swap.quote and swap.review in main: quote with every option the person set, keep the raw
 * answer under an id; for a review, POST /swap with that stored quote and the person's
 * account, run the real review (decode, lookup tables, simulation, guard) and issue a ticket.
 */
import type { ParsedRequestOf } from '../../preload/contract';
import type { SwapIntent } from '../review';
import type { ServiceFee } from '../review/types';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import type { SwapFees } from '../fees/fees-service';
import type { PrioritizationFee, Quote, QuoteParams, SwapApiClient } from '../swap-api';
import type { QuoteBook, StoredQuote } from './quote-book';
import {
  askMarket,
  issueReviewedTicket,
  type IssueTicketDeps,
  type ReviewTicket,
} from './issue-ticket';
import type { SwapV2Deps, V2Quote } from './v2/v2-types';

/** What POST /swap needs besides the quote, chosen at quote time. */
export interface SwapExtras {
  asLegacyTransaction: boolean;
  prioritizationFee: PrioritizationFee;
  /** The ceiling the guard holds the priority fee to. */
  maxPriorityFeeLamports: bigint;
  /**
   * The fixed slippage the person chose, in bps (absent: automatic, within the maximum the
   * person set, checked at the quote). The guard holds the swap to it, never to the service's
   * figure: a gasless /order is asked without it (issue 32).
   */
  chosenSlippageBps?: number;
  /**
   * Set on a gasless /order, asked without the person's slippage: the quote's slippage is the
   * one the swap service chose, held to `capBps` (the person's) by order-quote-checks.ts. The
   * quote screen says so (issue 32).
   */
  slippageChosenByService?: { capBps: number };
  /** The integrator fee (issue 6) chosen at quote time: its bps went to GET /quote. */
  fees?: SwapFees | null;
  /** The swap service's own fee its answer states (Jupiter's on /order, issue 22). */
  serviceFee?: ServiceFee | null;
  /** On a Swap API v2 service: the /build or /order answer behind the quote (v2/swap-v2.ts). */
  v2?: V2Quote;
}

/**
 * "auto" priority fee: the service picks, within this ceiling (0.005 SOL), so the guard has a
 * bound to check and the person a worst case to read.
 */
export const AUTO_PRIORITY_FEE_MAX_LAMPORTS = 5_000_000n;

export type SwapTicket = ReviewTicket;

export interface SwapReviewDeps extends IssueTicketDeps {
  api: () => Promise<SwapApiClient>;
  quotes: QuoteBook<SwapExtras>;
  /**
   * The integrator fee of a swap (issue 6): null when fees are off; throws a FEE_ACCOUNT_*
   * refusal when the fee account is missing or unusable, before any request is made.
   */
  fees?: {
    forSwap(
      swap: Pick<QuoteParams, 'swapMode' | 'inputMint' | 'outputMint'>,
    ): Promise<SwapFees | null>;
    /** The referral of a v2 /order (issue 22), or null; absent where no fees service runs. */
    forOrder?(): Promise<{ referralAccount: Address; referralFeeBps: number } | null>;
  };
  /** The account the screens act for, or null when there is none. */
  currentAccount: () => Promise<string | null>;
  /** A Swap API v2 service's paths (issue 22); absent on v6 and v1 networks. */
  v2?: SwapV2Deps;
  /**
   * Token labels as the Wallet and Activity show them (tokens/token-labels.ts): symbols of
   * `mints` by mint. Fee transactions name their tokens with it; absent in tests.
   */
  tokenSymbols?: (mints: readonly string[]) => Promise<Record<string, string>>;
}

type QuoteRequest = ParsedRequestOf<'swap.quote'>;

/** The quote parameters and /swap extras of a swap.quote request. */
export function quotePlan(request: QuoteRequest): { params: QuoteParams; extras: SwapExtras } {
  const options = request.options ?? {};
  const params: QuoteParams = {
    inputMint: request.inputMint as Address,
    outputMint: request.outputMint as Address,
    amount: BigInt(request.amount),
    swapMode: request.swapMode ?? 'ExactIn',
    ...('bps' in request.slippage
      ? { slippageBps: request.slippage.bps }
      : { autoSlippage: true, maxAutoSlippageBps: request.slippage.maxBps }),
    ...(options.onlyDirectRoutes !== undefined
      ? { onlyDirectRoutes: options.onlyDirectRoutes }
      : {}),
    ...(options.restrictIntermediateTokens !== undefined
      ? { restrictIntermediateTokens: options.restrictIntermediateTokens }
      : {}),
    ...(options.dexes?.length ? { dexes: options.dexes } : {}),
    ...(options.excludeDexes?.length ? { excludeDexes: options.excludeDexes } : {}),
    ...(options.maxAccounts !== undefined ? { maxAccounts: options.maxAccounts } : {}),
    ...(options.asLegacyTransaction ? { asLegacyTransaction: true } : {}),
  };
  const fee = options.priorityFee ?? { kind: 'none' };
  let prioritizationFee: PrioritizationFee;
  let maxPriorityFeeLamports: bigint;
  switch (fee.kind) {
    case 'none':
      prioritizationFee = 0n;
      maxPriorityFeeLamports = 0n;
      break;
    case 'lamports':
      prioritizationFee = BigInt(fee.lamports);
      maxPriorityFeeLamports = BigInt(fee.lamports);
      break;
    case 'level':
      prioritizationFee = {
        priorityLevelWithMaxLamports: {
          priorityLevel: fee.level,
          maxLamports: BigInt(fee.maxLamports),
        },
      };
      maxPriorityFeeLamports = BigInt(fee.maxLamports);
      break;
    case 'auto':
      prioritizationFee = {
        priorityLevelWithMaxLamports: {
          priorityLevel: 'medium',
          maxLamports: AUTO_PRIORITY_FEE_MAX_LAMPORTS,
        },
      };
      maxPriorityFeeLamports = AUTO_PRIORITY_FEE_MAX_LAMPORTS;
      break;
  }
  return {
    params,
    extras: {
      asLegacyTransaction: options.asLegacyTransaction ?? false,
      prioritizationFee,
      maxPriorityFeeLamports,
      ...('bps' in request.slippage ? { chosenSlippageBps: request.slippage.bps } : {}),
    },
  };
}

/**
 * What the person accepted: the quote's amounts and the /swap choices. The slippage is the one
 * the person chose (a fixed figure; an automatic one is the service's, held at the quote to the
 * person's maximum), so the guard's bound is the person's on every path (issue 32).
 */
export function intentOf(quote: Quote, extras: SwapExtras): SwapIntent {
  return {
    swapMode: quote.swapMode,
    inputMint: quote.inputMint,
    outputMint: quote.outputMint,
    inAmount: quote.inAmount,
    outAmount: quote.outAmount,
    otherAmountThreshold: quote.otherAmountThreshold,
    amount: quote.swapMode === 'ExactIn' ? quote.inAmount : quote.outAmount,
    slippageBps: extras.chosenSlippageBps ?? quote.slippageBps,
    platformFee: quote.platformFee,
    feeAccount: extras.fees && quote.platformFee ? extras.fees.feeAccount : null,
    ...(extras.serviceFee ? { serviceFee: extras.serviceFee } : {}),
    destinationTokenAccount: null,
    maxPriorityFeeLamports: extras.maxPriorityFeeLamports,
    priceImpactPct: quote.priceImpactPct,
    routeMints: routeMintsOf(quote),
    routeLegs: quote.routePlan.map((hop) => ({
      inputMint: hop.inputMint,
      outputMint: hop.outputMint,
      minOutAmount: (hop.outAmount * BigInt(10_000 - quote.slippageBps)) / 10_000n,
    })),
  };
}

/** Every mint the quote's route passes through, input and output first. */
export function routeMintsOf(quote: Quote): Address[] {
  const mints = new Set<Address>([quote.inputMint, quote.outputMint]);
  for (const hop of quote.routePlan) {
    mints.add(hop.inputMint);
    mints.add(hop.outputMint);
  }
  return [...mints];
}

/**
 * GET /quote and keep it.
 *
 * @example const { stored } = await quoteSwap(deps, request);
 */
export async function quoteSwap(
  deps: Pick<SwapReviewDeps, 'api' | 'quotes' | 'networkKey' | 'fees'>,
  request: QuoteRequest,
): Promise<StoredQuote<SwapExtras>> {
  const { params, extras } = quotePlan(request);
  // Checked before any request: a missing or unusable fee account never reaches the service.
  const fees =
    (await deps.fees?.forSwap({
      swapMode: params.swapMode ?? 'ExactIn',
      inputMint: params.inputMint,
      outputMint: params.outputMint,
    })) ?? null;
  const quote = await (
    await deps.api()
  ).quote(fees ? { ...params, platformFeeBps: fees.platformFeeBps } : params);
  return deps.quotes.add(quote, { ...extras, fees }, deps.networkKey);
}

/**
 * POST /swap for a stored quote and the current account, review it, issue a ticket.
 * Throws NO_ACCOUNT, QUOTE_NOT_FOUND, SWAP_NOT_SIGNABLE and the swap API's errors.
 */
export async function reviewSwap(deps: SwapReviewDeps, quoteId: string): Promise<SwapTicket> {
  const stored = deps.quotes.take(quoteId, deps.networkKey);
  const account = await deps.currentAccount();
  if (account === null) {
    throw new WalletError('NO_ACCOUNT', 'Create or import an account before swapping.');
  }
  return reviewStoredSwap(deps, stored, account as Address);
}

/**
 * `work`'s answer once `check` passed: the check's refusal wins over `work`'s answer or error,
 * which is dropped then. For a check read while the service builds (issue 36).
 */
export async function afterCheck<T>(check: Promise<void>, work: Promise<T>): Promise<T> {
  work.catch(() => undefined);
  await check;
  return work;
}

/**
 * POST /swap for a quote already taken from the book, then, once `pauseCheck` passed (it runs
 * while the service builds), the review and its ticket.
 */
export async function reviewStoredSwap(
  deps: SwapReviewDeps,
  stored: StoredQuote<SwapExtras>,
  account: Address,
  pauseCheck: Promise<void> = Promise.resolve(),
): Promise<SwapTicket> {
  const { quote, extra: extras } = stored;
  const intent = intentOf(quote, extras);
  const market = askMarket(deps, intent);
  const built = await afterCheck(
    pauseCheck,
    deps.api().then((api) =>
      api.swap({
        quote,
        userPublicKey: account as Address,
        wrapAndUnwrapSol: true,
        dynamicComputeUnitLimit: true,
        prioritizationFeeLamports: extras.prioritizationFee,
        // platformFeeBps and feeAccount travel together: a fee is taken only with both (4.2 rule 1).
        ...(extras.fees && quote.platformFee ? { feeAccount: extras.fees.feeAccount } : {}),
        ...(extras.asLegacyTransaction ? { asLegacyTransaction: true } : {}),
      }),
    ),
  );
  if (!built.signable) {
    throw new WalletError(
      'SWAP_NOT_SIGNABLE',
      built.simulationFailure?.reason ??
        'The swap service could not simulate this swap, so it cannot be signed. Get a fresh quote.',
      { serviceMessage: built.simulationFailure?.serviceText },
    );
  }
  return issueReviewedTicket(deps, account as Address, built, intent, market);
}
