/**
 * Exhaustive search over the router's route space (every path of one or two hops, every pool
 * alone and every pair of pools at every whole-percent share): the yardstick for route quality
 * in bench/router.ts and the router's tests. ExactIn only, and slow on purpose.
 */
import { priceHop } from './hop-split';
import type { PoolGraph } from './pool-graph';
import { candidatePaths, usablePools, type RouteRequest } from './route-search';
import type { Pool } from '../venues/types';
import type { ReservesOf, RouteHop } from './route-types';

function exhaustiveHop(
  pools: readonly Pool[],
  from: string,
  to: string,
  amount: bigint,
  reservesOf: ReservesOf,
): RouteHop | null {
  let best: RouteHop | null = null;
  const consider = (hop: RouteHop | null) => {
    if (hop !== null && (best === null || hop.amountOut > best.amountOut)) best = hop;
  };
  for (const pool of pools)
    consider(priceHop('ExactIn', [pool], [100], from, to, amount, reservesOf));
  for (let i = 0; i < pools.length; i += 1) {
    for (let j = i + 1; j < pools.length; j += 1) {
      const pair = [pools[i], pools[j]] as Pool[];
      for (let p = 1; p < 100; p += 1) {
        consider(priceHop('ExactIn', pair, [p, 100 - p], from, to, amount, reservesOf));
      }
    }
  }
  return best;
}

/** The largest output any route of the space gives, or null when none can serve the amount. */
export function exhaustiveBestOutput(
  graph: PoolGraph,
  reservesOf: ReservesOf,
  request: RouteRequest,
): bigint | null {
  let best: bigint | null = null;
  for (const path of candidatePaths(graph, request)) {
    let amount: bigint | null = request.amount;
    for (let i = 0; i + 1 < path.length && amount !== null; i += 1) {
      const from = path[i] as string;
      const to = path[i + 1] as string;
      const hop: RouteHop | null = exhaustiveHop(
        usablePools(graph, request, from, to),
        from,
        to,
        amount,
        reservesOf,
      );
      amount = hop === null ? null : hop.amountOut;
    }
    if (amount !== null && (best === null || amount > best)) best = amount;
  }
  return best;
}
