/**
 * One entry point over the three curves, used by the router and by /swap: what a pool gives for
 * an input, what it takes for an output, and which venues serve ExactOut.
 */
import { clExactIn, clExactOut } from './concentrated';
import { cpExactIn, cpExactOut } from './constant-product';
import { stableExactIn } from './stable-swap';
import type { Pool, Reserves, SwapLeg, VenueLabel } from './types';

/** Venues that quote ExactOut: the two concentrated-liquidity venues and the constant product. */
export const EXACT_OUT_VENUES: ReadonlySet<VenueLabel> = new Set([
  'Whirlpool',
  'Raydium CLMM',
  'Raydium CPMM',
]);

/** True when `mint` is the pool's token A (the swap goes A → B). */
export function isAToB(pool: Pool, inputMint: string): boolean {
  return pool.mintA === inputMint;
}

/** What the pool pays for `amountIn` of `inputMint`, or null when it cannot. */
export function swapExactIn(
  pool: Pool,
  reserves: Reserves,
  inputMint: string,
  amountIn: bigint,
): SwapLeg | null {
  const aToB = isAToB(pool, inputMint);
  const curve = pool.curve;
  switch (curve.kind) {
    case 'constant-product':
      return aToB
        ? cpExactIn(reserves.a, reserves.b, amountIn, pool.feeBps)
        : cpExactIn(reserves.b, reserves.a, amountIn, pool.feeBps);
    case 'concentrated':
      return clExactIn(curve, reserves, aToB, amountIn, pool.feeBps);
    case 'stable-swap':
      return stableExactIn(curve, reserves, aToB, amountIn, pool.feeBps);
  }
}

/** What the pool takes for exactly `amountOut`, or null when it cannot (or is ExactIn-only). */
export function swapExactOut(
  pool: Pool,
  reserves: Reserves,
  inputMint: string,
  amountOut: bigint,
): SwapLeg | null {
  const aToB = isAToB(pool, inputMint);
  const curve = pool.curve;
  switch (curve.kind) {
    case 'constant-product':
      return aToB
        ? cpExactOut(reserves.a, reserves.b, amountOut, pool.feeBps)
        : cpExactOut(reserves.b, reserves.a, amountOut, pool.feeBps);
    case 'concentrated':
      return clExactOut(curve, reserves, aToB, amountOut, pool.feeBps);
    case 'stable-swap':
      return null;
  }
}

/** The other mint of the pool. */
export function otherMint(pool: Pool, mint: string): string {
  return pool.mintA === mint ? pool.mintB : pool.mintA;
}

/** Reserves after a leg: the input vault gains amountIn, the output vault loses amountOut. */
export function applyLeg(
  pool: Pool,
  reserves: Reserves,
  inputMint: string,
  leg: SwapLeg,
): Reserves {
  return isAToB(pool, inputMint)
    ? { a: reserves.a + leg.amountIn, b: reserves.b - leg.amountOut }
    : { a: reserves.a - leg.amountOut, b: reserves.b + leg.amountIn };
}
