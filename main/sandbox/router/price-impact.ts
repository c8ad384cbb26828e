/**
 * Price impact: how much worse the route's output is than the same trade at each pool's
 * marginal price (fees included on both sides, so the fee is not counted as impact). A display
 * figure, so floating point is fine here; amounts themselves stay bigint.
 */
import { isAToB } from '../venues/venue-math';
import { curveReserves } from '../cp-swap/cp-quote';
import type { Pool, Reserves } from '../venues/types';
import type { ReservesOf, Route } from './route-types';

/**
 * Output per unit of input at zero size, after the trade fee (and, on CP-Swap, the Token-2022
 * fees on the way in and out): the curve's reserves as the program sees them.
 */
export function marginalRate(pool: Pool, reserves: Reserves, inputMint: string): number {
  const aToB = isAToB(pool, inputMint);
  const cp = reserves.cp;
  if (cp !== undefined) {
    const { reserveIn, reserveOut } = curveReserves(cp, aToB);
    const fee = 1 - Number(cp.config.tradeFeeRate) / 1_000_000;
    const [feeIn, feeOut] = aToB
      ? [cp.transferFee0, cp.transferFee1]
      : [cp.transferFee1, cp.transferFee0];
    const keep = (config: typeof feeIn) =>
      config === null ? 1 : 1 - Number(config.newer.basisPoints) / 10_000;
    if (reserveIn <= 0n) return 0;
    return (fee * keep(feeIn) * keep(feeOut) * Number(reserveOut)) / Number(reserveIn);
  }
  const clmm = reserves.clmm;
  if (clmm !== undefined) {
    // token 1 per token 0 at the pool's price: (√P / 2^64)².
    const root = Number(clmm.state.sqrtPriceX64) / 2 ** 64;
    const fee = 1 - Number(clmm.config.tradeFeeRate) / 1_000_000;
    return aToB ? fee * root * root : fee / (root * root);
  }
  const fee = 1 - pool.feeBps / 10_000;
  const [a, b] = [Number(reserves.a), Number(reserves.b)];
  return aToB ? (fee * b) / a : (fee * a) / b;
}

/** The route's price impact as a fraction (0.01 = 1%), never negative. */
export function routePriceImpact(route: Route, reservesOf: ReservesOf): number {
  let ratio = 1;
  for (const hop of route.hops) {
    let ideal = 0;
    for (const leg of hop.legs) {
      ideal += Number(leg.amountIn) * marginalRate(leg.pool, reservesOf(leg.pool), leg.inputMint);
    }
    if (ideal > 0) ratio *= Number(hop.amountOut) / ideal;
  }
  return Math.max(0, 1 - ratio);
}

/** Formats a fraction as the API's numeric text. */
export function formatImpact(impact: number): string {
  if (impact === 0) return '0';
  return impact.toPrecision(6).replace(/\.?0+$/, '');
}
