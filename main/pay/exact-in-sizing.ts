/**
 * Exact payments on a service that only quotes exact input (issue 22 point 3; the swap API v2
 * has no ExactOut). The payment swaps into the payer's own account, then transfers exactly the
 * amount to the payee; so the input must be large enough that the wallet's own minimum
 * (swap-api/slippage-bound.ts, never the service's figure) still leaves what the transfer
 * needs after the output token's transfer fee, and no larger than that: what the swap delivers
 * beyond the transfer stays in the payer's account.
 *
 * Sizing: a first quote at an estimate, then the input scaled by what its minimum covers
 * (prices move little within one payment, so one resize usually lands; a route whose price
 * worsens with size may take one more), at most `maxQuotes` quotes. Pure but for the quote
 * function it is given.
 */
import { calculateFee, getTransferFeeConfig, type Mint } from '@solana/spl-token';
import { WalletError } from '../shared/errors';
import { minimumReceived } from '../swap-api/slippage-bound';

/** What sizing reads of a quote: its exact input, its expected output and the slippage asked. */
export interface SizingQuote {
  inAmount: bigint;
  outAmount: bigint;
  slippageBps: number;
}

export interface SizingTarget {
  /** What the payer's account must gain from the swap: the amount the transfer moves. */
  needed: bigint;
  /** The fee withheld when the swap delivers `amount` (Token-2022 transfer fee; else 0). */
  deliveryFee: (amount: bigint) => bigint;
}

/** No fee: plain SPL tokens and Token-2022 mints without a transfer fee. */
export const NO_DELIVERY_FEE = (): bigint => 0n;

/**
 * The transfer fee the mint withholds on `amount`, the larger of its two schedules (the older
 * and newer epochs), so the sizing never depends on which epoch the payment lands in. The swap
 * service may or may not count this fee in its quote; the sizing assumes it does not, so the
 * payer may keep a few base units more than needed, never fewer.
 */
export function deliveryFeeOf(mint: Mint): (amount: bigint) => bigint {
  const config = getTransferFeeConfig(mint);
  if (config === null) return NO_DELIVERY_FEE;
  return (amount) =>
    [config.olderTransferFee, config.newerTransferFee]
      .map((fee) => calculateFee(fee, amount))
      .reduce((a, b) => (a > b ? a : b), 0n);
}

/** What the payer's account is sure to gain: the wallet's minimum, less the delivery fee. */
export function guaranteedArrival(quote: SizingQuote, target: SizingTarget): bigint {
  const minimum = minimumReceived(quote.outAmount, quote.slippageBps);
  return minimum - target.deliveryFee(minimum);
}

/** True when the quote's guaranteed arrival covers what the transfer needs. */
export function covers(quote: SizingQuote, target: SizingTarget): boolean {
  return guaranteedArrival(quote, target) >= target.needed;
}

const ceilDiv = (a: bigint, b: bigint): bigint => (a + b - 1n) / b;

/**
 * The input to ask for next when no bracket is known yet. Above the target: the input scaled
 * by needed / guaranteed arrival (rounded up), usually just short, which brackets the answer.
 * Below it: scaled by the square of that ratio plus 1 bps of the input, because a price that
 * worsens with size leaves a plain proportional step short again and again.
 */
export function nextInput(quote: SizingQuote, target: SizingTarget): bigint {
  const arrival = guaranteedArrival(quote, target);
  if (arrival <= 0n) return quote.inAmount * 16n;
  if (arrival >= target.needed) return ceilDiv(quote.inAmount * target.needed, arrival);
  const squared = ceilDiv(quote.inAmount * target.needed * target.needed, arrival * arrival);
  const next = squared + ceilDiv(quote.inAmount, 10_000n);
  return next > quote.inAmount ? next : quote.inAmount + 1n;
}

export interface Sized<Q extends SizingQuote> {
  /** The covering quote of the smallest input found. */
  quote: Q;
  /** How many quotes were asked. */
  quotes: number;
}

/** Close enough: the covering input is within 1 bps of one that does not cover. */
const closeEnough = (lo: bigint, hi: bigint) => (hi - lo) * 10_000n <= hi;

/**
 * Finds the smallest input (to 1 bps) whose quote covers `target`, starting at
 * `firstAmount`: scaled steps until one input covers and one does not, then interpolation
 * between the two (the output grows with the input, so the bracket only narrows). Throws
 * NO_ROUTE in words when `maxQuotes` quotes found no covering input, and the quote function's
 * errors.
 *
 * @example const { quote } = await sizeExactIn((amount) => api.quote({ ...params, amount }), estimate, target);
 */
export async function sizeExactIn<Q extends SizingQuote>(
  quoteAt: (amount: bigint) => Promise<Q>,
  firstAmount: bigint,
  target: SizingTarget,
  maxQuotes = 5,
): Promise<Sized<Q>> {
  if (target.needed <= 0n) throw new Error('sizeExactIn: nothing to pay');
  let amount = firstAmount > 0n ? firstAmount : 1n;
  let best: Q | null = null;
  let short: { amount: bigint; gap: bigint } | null = null;
  let quotes = 0;
  while (quotes < maxQuotes) {
    const quote = await quoteAt(amount);
    quotes++;
    const surplus = guaranteedArrival(quote, target) - target.needed;
    if (surplus >= 0n) {
      if (best === null || quote.inAmount < best.inAmount) best = quote;
    } else if (short === null || quote.inAmount > short.amount) {
      short = { amount: quote.inAmount, gap: -surplus };
    }
    if (best !== null && short !== null) {
      const hi = best.inAmount;
      const lo = short.amount;
      if (closeEnough(lo, hi)) break;
      const hiSurplus = guaranteedArrival(best, target) - target.needed;
      // Linear interpolation for the zero of the surplus, rounded up, strictly inside.
      const guess = lo + ceilDiv((hi - lo) * short.gap, short.gap + hiSurplus);
      amount = guess <= lo ? lo + 1n : guess >= hi ? hi - 1n : guess;
      if (amount <= lo || amount >= hi) break;
    } else {
      amount = nextInput(quote, target);
    }
  }
  if (best === null) {
    throw new WalletError(
      'NO_ROUTE',
      `After ${quotes} quotes, no exact-input swap of the token you picked is sure to deliver the amount to pay: the price moves too much with size. Try paying with another token, such as SOL or USDC, or a smaller amount.`,
    );
  }
  return { quote: best, quotes };
}
