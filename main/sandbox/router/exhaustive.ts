/**
 * Exhaustive search over the router's route space (every path of up to three hops, every pool
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
  // Each hop's best output only grows with its input, so a path's best is hop by hop; paths
  // that share their first hops share those hops' results.
  const memo = new Map<string, bigint | null>();
  for (const path of candidatePaths(graph, request)) {
    let amount: bigint | null = request.amount;
    for (let i = 0; i + 1 < path.length && amount !== null; i += 1) {
      const from = path[i] as string;
      const to = path[i + 1] as string;
      const key = `${from}>${to}:${amount}`;
      let out = memo.get(key);
      if (out === undefined) {
        const pools = usablePools(graph, request, from, to);
        const hop: RouteHop | null = exhaustiveHop(pools, from, to, amount, reservesOf);
        out = hop === null ? null : hop.amountOut;
        memo.set(key, out);
      }
      amount = out;
    }
    if (amount !== null && (best === null || amount > best)) best = amount;
  }
  return best;
}
