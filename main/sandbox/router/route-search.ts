/**
 * The router: candidate paths of one, two or three hops (through the allowed intermediate
 * mints), priced first with the best single pool per hop, then the most promising ones again
 * with splits. The best route that fits the account budget wins. A three-hop path is a
 * candidate like any other: it wins where no shorter chain of pools joins the tokens (mSOL >
 * SOL > USDC > TFEE in the sandbox) or where it pays more.
 */
import type { Pool, VenueLabel } from '../venues/types';
import { bestHop } from './hop-split';
import type { PoolGraph } from './pool-graph';
import type { ReservesOf, Route, RouteHop, SwapMode } from './route-types';

export interface RouteRequest {
  inputMint: string;
  outputMint: string;
  /** Input in ExactIn, output in ExactOut. */
  amount: bigint;
  swapMode: SwapMode;
  onlyDirectRoutes: boolean;
  /** Mints a route of several hops may pass through; null allows any. */
  intermediateMints: ReadonlySet<string> | null;
  allowVenue: (label: VenueLabel) => boolean;
  /** Largest account count a route's transaction may need. */
  maxAccounts: number;
  countAccounts: (route: Route) => number;
  /** How many paths are re-priced with splits (default 3). */
  splitCandidates?: number;
}

/** The most hops a route may have. */
export const MAX_HOPS = 3;

/**
 * The mint paths to consider: direct, then through each allowed intermediate mint, then
 * through each ordered pair of them (no mint twice, so no pool twice).
 */
export function candidatePaths(graph: PoolGraph, request: RouteRequest): string[][] {
  const { inputMint, outputMint } = request;
  const paths: string[][] = [];
  if (graph.poolsBetween(inputMint, outputMint).length > 0) paths.push([inputMint, outputMint]);
  if (request.onlyDirectRoutes) return paths;
  const allowed = (mint: string) =>
    mint !== inputMint &&
    mint !== outputMint &&
    (request.intermediateMints === null || request.intermediateMints.has(mint));
  const firsts = [...graph.neighbours(inputMint)].filter(allowed);
  for (const middle of firsts) {
    if (graph.neighbours(middle).has(outputMint)) paths.push([inputMint, middle, outputMint]);
  }
  const lasts = new Set([...graph.neighbours(outputMint)].filter(allowed));
  for (const first of firsts) {
    for (const second of graph.neighbours(first)) {
      if (second === first || !lasts.has(second)) continue;
      paths.push([inputMint, first, second, outputMint]);
    }
  }
  return paths;
}

/** The pools a hop may use under the request's venue filter (every venue serves both modes). */
export function usablePools(
  graph: PoolGraph,
  request: RouteRequest,
  from: string,
  to: string,
): Pool[] {
  return graph.poolsBetween(from, to).filter((pool) => request.allowVenue(pool.label));
}

/**
 * Remembers each hop priced for one request: paths that share their first hops (every
 * three-hop path through the same first mints) price them once.
 */
export type HopMemo = Map<string, RouteHop | null>;

/** Prices a path hop by hop (forwards in ExactIn, backwards in ExactOut); null when it fails. */
export function pricePath(
  graph: PoolGraph,
  request: RouteRequest,
  path: readonly string[],
  reservesOf: ReservesOf,
  allowSplit: boolean,
  memo: HopMemo = new Map(),
): Route | null {
  const mode = request.swapMode;
  const count = path.length - 1;
  const hops: RouteHop[] = new Array<RouteHop>(count);
  let amount = request.amount;
  for (let k = 0; k < count; k += 1) {
    const i = mode === 'ExactIn' ? k : count - 1 - k;
    const from = path[i] as string;
    const to = path[i + 1] as string;
    const key = `${from}>${to}:${amount}:${allowSplit ? 's' : '1'}`;
    let hop = memo.get(key);
    if (hop === undefined) {
      const pools = usablePools(graph, request, from, to);
      hop = bestHop(mode, pools, from, to, amount, reservesOf, allowSplit);
      memo.set(key, hop);
    }
    if (hop === null) return null;
    hops[i] = hop;
    amount = mode === 'ExactIn' ? hop.amountOut : hop.amountIn;
  }
  const first = hops[0] as RouteHop;
  const last = hops[count - 1] as RouteHop;
  return { swapMode: mode, hops, inAmount: first.amountIn, outAmount: last.amountOut };
}

/** True when route `a` is better for the user than `b`. */
export function betterRoute(a: Route, b: Route): boolean {
  return a.swapMode === 'ExactIn' ? a.outAmount > b.outAmount : a.inAmount < b.inAmount;
}

/**
 * The best route for the request, or null when no route fits. Errors about the request itself
 * (unknown mints and the like) are the caller's to raise before calling this.
 */
export function findBestRoute(
  graph: PoolGraph,
  reservesOf: ReservesOf,
  request: RouteRequest,
): Route | null {
  const paths = candidatePaths(graph, request);
  const priced: { path: string[]; route: Route }[] = [];
  // A path no single pool per hop can serve (a range too narrow for the amount) may still
  // serve it split: those are always re-priced with splits.
  const unserved: string[][] = [];
  const memo: HopMemo = new Map();
  for (const path of paths) {
    const route = pricePath(graph, request, path, reservesOf, false, memo);
    if (route !== null) priced.push({ path, route });
    else unserved.push(path);
  }
  priced.sort((x, y) =>
    betterRoute(x.route, y.route) ? -1 : betterRoute(y.route, x.route) ? 1 : 0,
  );
  const candidates = priced.map((entry) => entry.route);
  const splitPaths = [
    ...priced.slice(0, request.splitCandidates ?? 3).map((entry) => entry.path),
    ...unserved,
  ];
  for (const path of splitPaths) {
    const split = pricePath(graph, request, path, reservesOf, true, memo);
    if (split !== null) candidates.push(split);
  }
  let best: Route | null = null;
  for (const route of candidates) {
    if (request.countAccounts(route) > request.maxAccounts) continue;
    if (best === null || betterRoute(route, best)) best = route;
  }
  return best;
}
