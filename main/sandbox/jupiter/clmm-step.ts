/**
 * A Raydium CLMM leg as a step of a Jupiter route, as measured on the program's binary
 * (jupiter/clmm-route.test.ts):
 *
 * - ExactIn: `RaydiumClmmV2` (40): the CLMM program, then the accounts of its `swap_v2` (13
 *   named: payer, config, pool, the two token accounts, the two vaults, the observation, SPL
 *   Token, Token-2022, Memo, the two mints), then its remaining accounts: the pool's tick-array
 *   bitmap extension and the tick arrays the leg's own quote walks, plus one ahead
 *   (clmm/swap-accounts.ts). The program calls `swap_v2`.
 * - ExactOut: `RaydiumClmm` (26), the only CLMM variant with an ExactOut path (`RaydiumClmmV2`
 *   fails the exact-out forms with SwapNotSupported, 6016): the CLMM program, then the 10
 *   accounts of its v1 `swap` (payer, config, pool, the two token accounts, the two vaults, the
 *   observation, SPL Token, the first tick array), then the bitmap extension and the further
 *   tick arrays. The program calls `swap` with `is_base_input` false. Over `swap_v2`'s accounts
 *   it panics (src/internal.rs at 33:3). v1 `swap` moves SPL Token only: the sandbox's CLMM
 *   pools hold no Token-2022 mint.
 * - Both end with Jupiter's own program id. The program hands a CLMM step every account after
 *   its program id (CLMM reads tick arrays until the first account of another size) and moves
 *   past all of them, unless Jupiter's id marks where the step's accounts end: without it a
 *   CLMM step runs, and the route fails at the next step (ExactIn: "mid > len", panic in
 *   programs/jupiter/src/process_swap.rs at 3684:59; ExactOut, where the program prices the
 *   earlier steps itself: panic in src/internal.rs at 33:3). With it, a CLMM step runs first,
 *   last or between others. A CLMM step last in the route runs either way.
 *
 * The payer signs through the Jupiter program (the person's signature, or the program
 * authority's in the shared forms), so no step account is marked as a signer.
 */
import type { AccountMeta } from '@solana/web3.js';
import { quoteClmm } from '../clmm/clmm-quote';
import { CLMM_PROGRAM_ID, swapV2Keys } from '../clmm/program';
import { clmmSwapAccounts, swapTickArrayStarts } from '../clmm/swap-accounts';
import type { ReservesOf, RouteLeg } from '../router/route-types';
import { onChainView } from '../router/on-chain-view';
import { keyOf } from '../public-key';
import { JUPITER_PROGRAM_ID } from './program';

/** swap_v2's named accounts before its remaining ones (bitmap extension, tick arrays). */
const V2_NAMED = 13;
/** v1 swap's accounts up to SPL Token, which are swap_v2's first nine. */
const V1_BEFORE_TICK_ARRAY = 9;

/** The step's accounts after the CLMM program id (ExactIn: swap_v2's; ExactOut: swap's). */
export function clmmStepKeys(
  leg: RouteLeg,
  reservesOf: ReservesOf,
  from: string,
  to: string,
  payer: string,
  exactIn: boolean,
): AccountMeta[] {
  const view = onChainView(reservesOf, leg.pool, 'clmm');
  const zeroForOne = leg.inputMint === view.state.mint0;
  const quote = quoteClmm(view, zeroForOne, exactIn ? leg.amountIn : leg.amountOut, exactIn);
  if (quote === null) throw new Error(`the CLMM pool ${view.address} can no longer fill this leg`);
  const starts = swapTickArrayStarts(view, zeroForOne, quote.tickArrays);
  const v2 = swapV2Keys(clmmSwapAccounts(view, zeroForOne, payer, from, to, starts));
  const bitmapExtension = v2[V2_NAMED]!;
  const [firstTickArray, ...moreTickArrays] = v2.slice(V2_NAMED + 1);
  const keys = exactIn
    ? v2
    : [...v2.slice(0, V1_BEFORE_TICK_ARRAY), firstTickArray!, bitmapExtension, ...moreTickArrays];
  return [
    { pubkey: keyOf(CLMM_PROGRAM_ID), isWritable: false, isSigner: false },
    ...keys.map((key) => ({ ...key, isSigner: false })),
    // Where the step's variable tail ends for the program (see above).
    { pubkey: keyOf(JUPITER_PROGRAM_ID), isWritable: false, isSigner: false },
  ];
}
