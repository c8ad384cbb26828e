/**
 * CLMM's part of the router's market: the catalog's pools as the program wrote them on the
 * ledger, as pools of kind `clmm` (priced per request from their on-chain state), and the
 * `swap_v2` instruction of one routed leg.
 */
import type { TransactionInstruction } from '@solana/web3.js';
import type { LedgerView } from '../ledger/ledger-view';
import { ledgerPool, seedMint, type LedgerPoolReader } from '../venues/ledger-pools';
import { CLMM_LABEL, type Pool } from '../venues/types';
import { quoteClmm, type ClmmPoolView } from './clmm-quote';
import { CLMM_POOL_SEEDS, clmmSeedPoolAddress } from './pool-seeds';
import { swapV2Instruction } from './program';
import { decodeClmmAmmConfig, decodeClmmPoolState } from './state';
import { clmmSwapAccounts, swapTickArrayStarts } from './swap-accounts';

const CLMM_POOLS: LedgerPoolReader = {
  venue: 'CLMM',
  label: CLMM_LABEL,
  curve: { kind: 'clmm' },
  state: decodeClmmPoolState,
  tradeFeeRate: (data) => decodeClmmAmmConfig(data).tradeFeeRate,
};

/** The CLMM pools of the catalog, read from the ledger (token 0 is the pool's A side). */
export function clmmPools(ledger: Pick<LedgerView, 'getAccount'>): Pool[] {
  const mintOf = (symbol: string) => seedMint('CLMM', symbol);
  return CLMM_POOL_SEEDS.map((seed) =>
    ledgerPool(ledger, CLMM_POOLS, seed, clmmSeedPoolAddress(seed, mintOf)),
  );
}

/** One routed leg through a CLMM pool, as the sandbox's own transaction runs it. */
export interface ClmmLegPlan {
  inputMint: string;
  amountIn: bigint;
  amountOut: bigint;
  /** The person's input and output token accounts. */
  from: string;
  to: string;
  /** ExactIn: the least the leg must deliver; ExactOut: the most it may take. */
  bound: bigint;
}

/**
 * `swap_v2` for a leg: ExactIn swaps `amountIn` for at least `bound`, ExactOut buys exactly
 * `amountOut` for at most `bound`. The tick arrays are those the leg's own quote walks, plus one
 * more ahead (swap-accounts.ts).
 */
export function clmmLegInstruction(
  view: ClmmPoolView,
  user: string,
  plan: ClmmLegPlan,
  exactIn: boolean,
): TransactionInstruction {
  const zeroForOne = plan.inputMint === view.state.mint0;
  const amount = exactIn ? plan.amountIn : plan.amountOut;
  const quote = quoteClmm(view, zeroForOne, amount, exactIn);
  if (quote === null) throw new Error(`the CLMM pool ${view.address} can no longer fill this leg`);
  const starts = swapTickArrayStarts(view, zeroForOne, quote.tickArrays);
  const accounts = clmmSwapAccounts(view, zeroForOne, user, plan.from, plan.to, starts);
  return swapV2Instruction(accounts, amount, plan.bound, exactIn);
}
