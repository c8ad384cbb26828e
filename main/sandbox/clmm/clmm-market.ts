/**
 * CLMM's part of the router's market: the catalog's pools as the program wrote them on the
 * ledger, as pools of kind `clmm` (priced per request from their on-chain state), and the
 * `swap_v2` instruction of one routed leg.
 */
import type { TransactionInstruction } from '@solana/web3.js';
import type { LedgerView } from '../ledger/ledger-view';
import { SANDBOX_TOKENS } from '../tokens';
import { CLMM_LABEL, type Pool } from '../venues/types';
import { quoteClmm, type ClmmPoolView } from './clmm-quote';
import { CLMM_POOL_SEEDS, clmmSeedPoolAddress } from './pool-seeds';
import { swapV2Instruction } from './program';
import { decodeClmmAmmConfig, decodeClmmPoolState } from './state';
import { clmmSwapAccounts, swapTickArrayStarts } from './swap-accounts';

function mintOf(symbol: string): string {
  const token = SANDBOX_TOKENS.find((entry) => entry.symbol === symbol);
  if (token === undefined) throw new Error(`CLMM pool seed names unknown token ${symbol}`);
  return token.mint;
}

/** The CLMM pools of the catalog, read from the ledger (token 0 is the pool's A side). */
export function clmmPools(ledger: Pick<LedgerView, 'getAccount'>): Pool[] {
  return CLMM_POOL_SEEDS.map((seed) => {
    const address = clmmSeedPoolAddress(seed, mintOf);
    const account = ledger.getAccount(address);
    if (account === null) {
      throw new Error(
        `The ledger has no CLMM pool ${seed.a}/${seed.b} ${seed.feeTier} at ${address}`,
      );
    }
    const state = decodeClmmPoolState(account.data);
    const config = ledger.getAccount(state.ammConfig);
    const rate = config === null ? 0n : decodeClmmAmmConfig(config.data).tradeFeeRate;
    return {
      ammKey: address,
      label: CLMM_LABEL,
      mintA: state.mint0,
      mintB: state.mint1,
      vaultA: state.vault0,
      vaultB: state.vault1,
      feeBps: Number(rate / 100n),
      curve: { kind: 'clmm' },
    };
  });
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
