/**
 * A pool of any venue as the price reader sees it (issue 32): its two mints in the program's
 * order, their decimals, its vaults, and how its vault balances become reserves. The reader
 * prices every candidate the same way and keeps the deepest.
 */

/** The venues whose pools the wallet reads itself, named as the review names them. */
export type PoolVenue = 'Raydium CP-Swap' | 'Raydium AMM v4' | 'Raydium CLMM';

/** Reserves in base units, side 0 then side 1. */
export interface PoolReserves {
  /** The pair whose ratio is the pool's price (a CLMM pool's virtual reserves at its price). */
  price: [bigint, bigint];
  /** What a trade against the pool really meets: how deep it is. */
  depth: [bigint, bigint];
}

export interface PoolCandidate {
  venue: PoolVenue;
  pool: string;
  mint0: string;
  mint1: string;
  decimals0: number;
  decimals1: number;
  vault0: string;
  vault1: string;
  /** The reserves given the two vaults' balances, or null when they say nothing. */
  reserves(vault0: bigint, vault1: bigint): PoolReserves | null;
}
