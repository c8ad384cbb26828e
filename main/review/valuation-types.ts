/**
 * What a trade is worth, side by side, and whose prices say so (issue 25). Computed by
 * trade-value.ts from Pyth's prices read through the person's RPC where a feed exists, else the
 * swap service's; part of the review report (ReviewReport.valuation).
 */
import type { PriceEvidenceView } from '../../preload/contract/views/review';
import type { Address } from '../shared/address';

/**
 * Where a side's USD value comes from: Pyth's live price; a stale Pyth price within a band for
 * its age; the deepest CP-Swap pool the wallet found; a liquid staking token's stake pool rate
 * times SOL's price (issue 32); the swap service's word.
 */
export type PriceSource = 'oracle' | 'stale-oracle' | 'pool' | 'stake-pool' | 'service';

export interface SideValuation extends PriceEvidenceView {
  mint: Address;
  /** The base units valued: the most paid (input) or the least received (output) the guard allows. */
  amount: bigint;
  /** USD value, exact decimal text; null when nobody prices the token. */
  usd: string | null;
  /** Whose price `usd` is at; null without one. */
  source: PriceSource | null;
}

export interface TradeValuation {
  /** ExactIn: the input is exact and the output its least; ExactOut: the input its most. */
  swapMode: 'ExactIn' | 'ExactOut';
  input: SideValuation;
  output: SideValuation;
  /** Whose prices the values are at, in words, one sentence per fact. */
  sentences: string[];
}
