/**
 * Price impact: how much worse the route's output is than the same trade at each pool's
 * marginal price (fees included on both sides, so the fee is not counted as impact). A display
 * figure, so floating point is fine here; amounts themselves stay bigint.
 */
import { swapExactIn, isAToB } from '../venues/venue-math';
import type { Pool, Reserves } from '../venues/types';
import type { ReservesOf, Route } from './route-types';

/** Output per unit of input at zero size, after the venue fee. */
export function marginalRate(pool: Pool, reserves: Reserves, inputMint: string): number {
  const aToB = isAToB(pool, inputMint);
  const fee = 1 - pool.feeBps / 10_000;
  const curve = pool.curve;
  if (curve.kind === 'constant-product' || curve.kind === 'concentrated') {
    const va = Number(reserves.a + (curve.kind === 'concentrated' ? curve.virtualA : 0n));
    const vb = Number(reserves.b + (curve.kind === 'concentrated' ? curve.virtualB : 0n));
    return aToB ? (fee * vb) / va : (fee * va) / vb;
  }
  // A stable-swap curve is nearly flat: a probe of a millionth of the reserve measures it.
  const reserveIn = aToB ? reserves.a : reserves.b;
  const probe = reserveIn / 1_000_000n + 1_000n;
  const leg = swapExactIn(pool, reserves, inputMint, probe);
  return leg === null ? 0 : Number(leg.amountOut) / Number(probe);
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
