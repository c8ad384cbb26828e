/**
 * Concentrated liquidity: one position over [pa, pb] with liquidity L. Inside its range a v3
 * position is a constant product on virtual reserves (x + L/√pb)·(y + L·√pa) = L², so a swap is
 * the constant-product formula on those, limited to the real reserves: an amount that would push
 * the price out of the range is refused, as a v3 pool with no liquidity beyond it would.
 */
import { isqrt } from './bigint-math';
import { cpExactIn, cpExactOut } from './constant-product';
import type { ConcentratedCurve, Reserves, SwapLeg } from './types';

const Q64 = 1n << 64n;

/** √(num/den) as Q64.64, rounded down. */
export function sqrtPriceX64(num: bigint, den: bigint): bigint {
  return isqrt((num << 128n) / den);
}

/**
 * Builds a position at price √p (Q64.64, B per A in base units) inside [√pa, √pb] holding
 * `amountA` of token A; returns the curve and the token B amount the position needs, so that
 * the seeded vaults sit exactly on the curve at price p.
 */
export function concentratedPosition(
  amountA: bigint,
  sqrtPriceX64Current: bigint,
  sqrtPriceLowerX64: bigint,
  sqrtPriceUpperX64: bigint,
): { curve: ConcentratedCurve; amountB: bigint } {
  if (!(sqrtPriceLowerX64 < sqrtPriceX64Current && sqrtPriceX64Current < sqrtPriceUpperX64)) {
    throw new RangeError('the current price must lie strictly inside the range');
  }
  // x = L·(1/√p − 1/√pb)  ⇒  L = x·√p·√pb / (√pb − √p)
  const liquidity =
    (amountA * ((sqrtPriceX64Current * sqrtPriceUpperX64) / Q64)) /
    (sqrtPriceUpperX64 - sqrtPriceX64Current);
  // y = L·(√p − √pa)
  const amountB = (liquidity * (sqrtPriceX64Current - sqrtPriceLowerX64)) / Q64;
  return {
    curve: {
      kind: 'concentrated',
      liquidity,
      sqrtPriceLowerX64,
      sqrtPriceUpperX64,
      virtualA: (liquidity * Q64) / sqrtPriceUpperX64,
      virtualB: (liquidity * sqrtPriceLowerX64) / Q64,
    },
    amountB,
  };
}

function virtualReserves(curve: ConcentratedCurve, reserves: Reserves, aToB: boolean) {
  const a = reserves.a + curve.virtualA;
  const b = reserves.b + curve.virtualB;
  return aToB
    ? { vin: a, vout: b, available: reserves.b }
    : { vin: b, vout: a, available: reserves.a };
}

/** Output for `amountIn`, or null when it would leave the position's range. */
export function clExactIn(
  curve: ConcentratedCurve,
  reserves: Reserves,
  aToB: boolean,
  amountIn: bigint,
  feeBps: number,
): SwapLeg | null {
  const { vin, vout, available } = virtualReserves(curve, reserves, aToB);
  return cpExactIn(vin, vout, amountIn, feeBps, available);
}

/** Input for exactly `amountOut`, or null when the range does not hold that much. */
export function clExactOut(
  curve: ConcentratedCurve,
  reserves: Reserves,
  aToB: boolean,
  amountOut: bigint,
  feeBps: number,
): SwapLeg | null {
  const { vin, vout, available } = virtualReserves(curve, reserves, aToB);
  return cpExactOut(vin, vout, amountOut, feeBps, available);
}
