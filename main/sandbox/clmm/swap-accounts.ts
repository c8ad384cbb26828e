/**
 * The accounts of a `swap_v2` over a pool view: the pool's own, the person's two token accounts
 * and the tick arrays the quote walks through, plus the next initialized array in the swap's
 * direction, so that a price moved a little by another swap between the quote and the
 * transaction still finds its liquidity (Raydium's own clients pass a few arrays ahead too).
 */
import { cachedBitmapExtension, cachedTickArrayAddress } from './clmm-pool-view';
import type { ClmmPoolView } from './clmm-quote';
import type { ClmmSwapAccounts } from './program';
import { nextInitializedArray } from './tick-arrays';

/** Tick arrays passed beyond those the quote needs. */
const SLACK_ARRAYS = 1;

/** The start indices to pass: the quote's, then up to SLACK_ARRAYS more in its direction. */
export function swapTickArrayStarts(
  pool: ClmmPoolView,
  zeroForOne: boolean,
  quoted: readonly number[],
): number[] {
  const starts = [...quoted];
  for (let i = 0; i < SLACK_ARRAYS && starts.length > 0; i += 1) {
    const next = nextInitializedArray(
      pool.state.tickArrayBitmap,
      starts[starts.length - 1]!,
      pool.state.tickSpacing,
      zeroForOne,
    );
    if (next === null || !pool.tickArrays.has(next)) break;
    starts.push(next);
  }
  return starts;
}

/** swap_v2's accounts for `payer` swapping token 0 → 1 (zeroForOne) or 1 → 0. */
export function clmmSwapAccounts(
  pool: ClmmPoolView,
  zeroForOne: boolean,
  payer: string,
  inputAccount: string,
  outputAccount: string,
  tickArrayStarts: readonly number[],
): ClmmSwapAccounts {
  const { state } = pool;
  const [inputVault, outputVault, inputMint, outputMint] = zeroForOne
    ? [state.vault0, state.vault1, state.mint0, state.mint1]
    : [state.vault1, state.vault0, state.mint1, state.mint0];
  return {
    payer,
    config: state.ammConfig,
    pool: pool.address,
    inputAccount,
    outputAccount,
    inputVault,
    outputVault,
    observation: state.observation,
    inputMint,
    outputMint,
    bitmapExtension: cachedBitmapExtension(pool.address),
    tickArrays: tickArrayStarts.map((start) => cachedTickArrayAddress(pool.address, start)),
  };
}
