/** A priced route: hops chained mint to mint, each split over one or more pools. */
import type { Pool, Reserves } from '../venues/types';

export type SwapMode = 'ExactIn' | 'ExactOut';

/** One pool's part of a hop. */
export interface RouteLeg {
  pool: Pool;
  inputMint: string;
  outputMint: string;
  /** Whole-percent share of the hop's input (ExactIn) or output (ExactOut). */
  percent: number;
  amountIn: bigint;
  amountOut: bigint;
  feeAmount: bigint;
  feeMint: string;
}

export interface RouteHop {
  inputMint: string;
  outputMint: string;
  legs: RouteLeg[];
  amountIn: bigint;
  amountOut: bigint;
}

export interface Route {
  swapMode: SwapMode;
  hops: RouteHop[];
  inAmount: bigint;
  outAmount: bigint;
}

/** Reads a pool's reserves; the API backs it with vault balances on the ledger. */
export type ReservesOf = (pool: Pool) => Reserves;

/** Memoises reserves for the span of one request. */
export function cachedReserves(read: ReservesOf): ReservesOf {
  const cache = new Map<string, Reserves>();
  return (pool) => {
    let reserves = cache.get(pool.ammKey);
    if (reserves === undefined) {
      reserves = read(pool);
      cache.set(pool.ammKey, reserves);
    }
    return reserves;
  };
}
