/**
 * What a trade is worth, side by side, and whose prices say so (issue 25). Computed by
 * trade-value.ts from Pyth's prices read through the person's RPC where a feed exists, else the
 * swap service's; part of the review report (ReviewReport.valuation).
 */
import type { Address } from '../shared/address';

/**
 * Where a side's USD value comes from: Pyth's live price; a stale Pyth price within a band for
 * its age; the deepest CP-Swap pool the wallet found; a liquid staking token's stake pool rate
 * times SOL's price (issue 32); the swap service's word.
 */
export type PriceSource = 'oracle' | 'stale-oracle' | 'pool' | 'stake-pool' | 'service';

export interface SideValuation {
  mint: Address;
  /** The base units valued: the most paid (input) or the least received (output) the guard allows. */
  amount: bigint;
  /** USD value, exact decimal text; null when nobody prices the token. */
  usd: string | null;
  /** Whose price `usd` is at; null without one. */
  source: PriceSource | null;
  /** Pyth's price per whole token when its feed passed every check. */
  oraclePrice: string | null;
  /** The swap service's price per whole token. */
  servicePrice: string | null;
  /** The Pyth feed the wallet's table names for the mint (e.g. `SOL/USD`); null: none. */
  feed: string | null;
  /** Why that feed's price was not used (stale, too wide, …); null when used or absent. */
  oracleRefusal: string | null;
  /** The price per whole token `usd` is at when it is not the service's (issue 32). */
  evidencePrice: string | null;
  /** How far that price may honestly be from today's, in basis points; null: the service's. */
  toleranceBps: number | null;
  /** Whose price `usd` is at, in words ("the deepest Raydium CP-Swap pool the wallet found, …"). */
  evidence: string | null;
}

export interface TradeValuation {
  /** ExactIn: the input is exact and the output its least; ExactOut: the input its most. */
  swapMode: 'ExactIn' | 'ExactOut';
  input: SideValuation;
  output: SideValuation;
  /** Whose prices the values are at, in words, one sentence per fact. */
  sentences: string[];
}
