/**
 * The slippage bound is the wallet's own, never the service's. A swap service that answers
 * `otherAmountThreshold` at half of `outAmount` while echoing the person's 50 bps would have the
 * person accept half the output (or, in ExactOut, pay twice the price) under a review that says
 * "at least the minimum". So the bound is computed here from the quote's amount and the
 * slippage the person chose (fixed: their bps; automatic: the service's figure, which the quote
 * check holds at or below the person's maximum), and a quote whose own bound is looser than
 * this one is refused before it is shown.
 *
 * The formulas are the swap API's (SWAP-API-SPEC 2.1; the published answers in
 * test/fixtures/real-world/jupiter/quote agree to the base unit): ExactIn, the minimum received
 * is outAmount × (10,000 − slippageBps) / 10,000; ExactOut, the maximum spent is
 * inAmount × (10,000 + slippageBps) / 10,000, larger than inAmount. The service rounds either
 * way, so the wallet takes the rounding that favours the service by at most one base unit
 * (floor for the minimum, ceiling for the maximum, and never equal to inAmount in ExactOut) and
 * refuses anything looser.
 */
const BPS = 10_000n;

/** ExactIn: the least the person may receive for `outAmount` at `slippageBps`. */
export function minimumReceived(outAmount: bigint, slippageBps: number): bigint {
  return (outAmount * (BPS - BigInt(slippageBps))) / BPS;
}

/** ExactOut: the most the person may spend for `inAmount` at `slippageBps`. */
export function maximumSpent(inAmount: bigint, slippageBps: number): bigint {
  const extra = (inAmount * BigInt(slippageBps) + BPS - 1n) / BPS;
  return inAmount + (extra > 0n ? extra : 1n);
}

/** The wallet's bound for a quote: the minimum received (ExactIn) or the maximum spent. */
export function walletBound(quote: {
  swapMode: 'ExactIn' | 'ExactOut';
  inAmount: bigint;
  outAmount: bigint;
  slippageBps: number;
}): bigint {
  return quote.swapMode === 'ExactIn'
    ? minimumReceived(quote.outAmount, quote.slippageBps)
    : maximumSpent(quote.inAmount, quote.slippageBps);
}

/** True when the service's bound gives the person less protection than the wallet's. */
export function isLooserThan(
  swapMode: 'ExactIn' | 'ExactOut',
  serviceBound: bigint,
  bound: bigint,
): boolean {
  return swapMode === 'ExactIn' ? serviceBound < bound : serviceBound > bound;
}
