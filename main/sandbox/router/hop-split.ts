/**
 * Pricing one hop of a route: over one pool, or split over two pools in whole percents. The
 * split that maximises the output (ExactIn) or minimises the input (ExactOut) is found on a grid
 * of shares refined by a ternary search; each pool's output is concave in its input, so the total
 * is unimodal in the share.
 */
import { swapExactIn, swapExactOut } from '../venues/venue-math';
import type { Pool } from '../venues/types';
import type { ReservesOf, RouteHop, RouteLeg, SwapMode } from './route-types';

/** Splits `amount` by whole percents; the last share takes the remainder so nothing is lost. */
export function splitAmount(amount: bigint, percents: readonly number[]): bigint[] {
  const parts: bigint[] = [];
  let rest = amount;
  percents.forEach((percent, i) => {
    const part = i === percents.length - 1 ? rest : (amount * BigInt(percent)) / 100n;
    parts.push(part);
    rest -= part;
  });
  return parts;
}

/**
 * Prices a hop with fixed pools and shares, or null when a pool cannot serve its part.
 * `amount` is the hop's input in ExactIn and its output in ExactOut, and the shares are of that
 * amount: each leg of an ExactOut hop is its own `swap_base_output` for its share of the output.
 */
export function priceHop(
  mode: SwapMode,
  pools: readonly Pool[],
  percents: readonly number[],
  inputMint: string,
  outputMint: string,
  amount: bigint,
  reservesOf: ReservesOf,
): RouteHop | null {
  const parts = splitAmount(amount, percents);
  const legs: RouteLeg[] = [];
  let amountIn = 0n;
  let amountOut = 0n;
  for (let i = 0; i < pools.length; i += 1) {
    const pool = pools[i] as Pool;
    const part = parts[i] as bigint;
    const reserves = reservesOf(pool);
    const leg =
      mode === 'ExactIn'
        ? swapExactIn(pool, reserves, inputMint, part)
        : swapExactOut(pool, reserves, inputMint, part);
    if (leg === null) return null;
    legs.push({
      pool,
      inputMint,
      outputMint,
      percent: percents[i] as number,
      amountIn: leg.amountIn,
      amountOut: leg.amountOut,
      feeAmount: leg.feeAmount,
      feeMint: leg.feeOnInput ? inputMint : outputMint,
    });
    amountIn += leg.amountIn;
    amountOut += leg.amountOut;
  }
  return { inputMint, outputMint, legs, amountIn, amountOut };
}

/** True when hop `a` is better for the user than `b` in this mode. */
export function betterHop(mode: SwapMode, a: RouteHop | null, b: RouteHop | null): boolean {
  if (a === null) return false;
  if (b === null) return true;
  return mode === 'ExactIn' ? a.amountOut > b.amountOut : a.amountIn < b.amountIn;
}

/** Shares tried first, dense near the ends where a shallow pool's best share often lies. */
const SPLIT_GRID = [1, 3, 5, 10, 20, 30, 40, 50, 60, 70, 80, 90, 95, 97, 99];

function bestSplitOfPair(
  mode: SwapMode,
  pair: readonly [Pool, Pool],
  inputMint: string,
  outputMint: string,
  amount: bigint,
  reservesOf: ReservesOf,
): RouteHop | null {
  const at = (percent: number) =>
    priceHop(mode, pair, [percent, 100 - percent], inputMint, outputMint, amount, reservesOf);
  let best: RouteHop | null = null;
  let bestIndex = -1;
  SPLIT_GRID.forEach((p, index) => {
    const hop = at(p);
    if (betterHop(mode, hop, best)) [best, bestIndex] = [hop, index];
  });
  if (best === null) return null;
  // The optimum lies strictly between the grid neighbours of the best grid point.
  let lo = (SPLIT_GRID[bestIndex - 1] ?? 0) + 1;
  let hi = (SPLIT_GRID[bestIndex + 1] ?? 100) - 1;
  while (hi - lo > 2) {
    const m1 = lo + Math.floor((hi - lo) / 3);
    const m2 = hi - Math.floor((hi - lo) / 3);
    const h1 = at(m1);
    const h2 = at(m2);
    if (h1 === null && h2 === null) break;
    if (betterHop(mode, h2, h1)) {
      lo = m1 + 1; // h1 is strictly worse: the optimum is right of m1
    } else if (betterHop(mode, h1, h2)) {
      hi = m2 - 1; // h2 is strictly worse: the optimum is left of m2
    } else {
      [lo, hi] = [m1, m2]; // a tie brackets the optimum
    }
    if (betterHop(mode, h1, best)) best = h1;
    if (betterHop(mode, h2, best)) best = h2;
  }
  for (let p = lo; p <= hi; p += 1) {
    const hop = at(p);
    if (betterHop(mode, hop, best)) best = hop;
  }
  return best;
}

/**
 * The best way through one hop over `pools`: each pool alone, and when `allowSplit`, each pair
 * of pools at its best share. Null when no pool can serve the amount.
 */
export function bestHop(
  mode: SwapMode,
  pools: readonly Pool[],
  inputMint: string,
  outputMint: string,
  amount: bigint,
  reservesOf: ReservesOf,
  allowSplit: boolean,
): RouteHop | null {
  let best: RouteHop | null = null;
  for (const pool of pools) {
    const hop = priceHop(mode, [pool], [100], inputMint, outputMint, amount, reservesOf);
    if (betterHop(mode, hop, best)) best = hop;
  }
  if (!allowSplit) return best;
  for (let i = 0; i < pools.length; i += 1) {
    for (let j = i + 1; j < pools.length; j += 1) {
      const pair = [pools[i], pools[j]] as [Pool, Pool];
      const hop = bestSplitOfPair(mode, pair, inputMint, outputMint, amount, reservesOf);
      if (betterHop(mode, hop, best)) best = hop;
    }
  }
  return best;
}
