/**
 * One entry point over the sandbox's two pool kinds, used by the router and by /swap: what a
 * pool gives for an input and what it takes for an output.
 */
import { quoteExactIn, quoteExactOut, type CpSwapQuote } from '../cp-swap/cp-quote';
import { ammV4ExactIn, ammV4ExactOut } from '../amm-v4/amm-venue';
import { quoteClmm, type ClmmQuote } from '../clmm/clmm-quote';
import { cpExactIn, cpExactOut } from './constant-product';
import type { Pool, Reserves, SwapLeg } from './types';

/** True when `mint` is the pool's token A (the swap goes A → B). */
export function isAToB(pool: Pool, inputMint: string): boolean {
  return pool.mintA === inputMint;
}

function leg(quote: CpSwapQuote | ClmmQuote | null): SwapLeg | null {
  if (quote === null) return null;
  return {
    amountIn: quote.amountIn,
    amountOut: quote.amountOut,
    feeAmount: quote.tradeFee,
    feeOnInput: true,
  };
}

function ammView(pool: Pool, reserves: Reserves) {
  if (reserves.amm === undefined) throw new Error(`no on-chain state read for ${pool.ammKey}`);
  return reserves.amm;
}

function cpView(pool: Pool, reserves: Reserves) {
  if (reserves.cp === undefined) throw new Error(`no on-chain state read for ${pool.ammKey}`);
  return reserves.cp;
}

function clmmView(pool: Pool, reserves: Reserves) {
  if (reserves.clmm === undefined) throw new Error(`no on-chain state read for ${pool.ammKey}`);
  return reserves.clmm;
}

/** What the pool pays for `amountIn` of `inputMint`, or null when it cannot. */
export function swapExactIn(
  pool: Pool,
  reserves: Reserves,
  inputMint: string,
  amountIn: bigint,
): SwapLeg | null {
  const aToB = isAToB(pool, inputMint);
  if (pool.curve.kind === 'cp-swap') {
    return leg(quoteExactIn(cpView(pool, reserves), aToB, amountIn));
  }
  if (pool.curve.kind === 'amm-v4') return ammV4ExactIn(ammView(pool, reserves), aToB, amountIn);
  if (pool.curve.kind === 'clmm')
    return leg(quoteClmm(clmmView(pool, reserves), aToB, amountIn, true));
  return aToB
    ? cpExactIn(reserves.a, reserves.b, amountIn, pool.feeBps)
    : cpExactIn(reserves.b, reserves.a, amountIn, pool.feeBps);
}

/** What the pool takes for exactly `amountOut`, or null when it cannot. */
export function swapExactOut(
  pool: Pool,
  reserves: Reserves,
  inputMint: string,
  amountOut: bigint,
): SwapLeg | null {
  const aToB = isAToB(pool, inputMint);
  if (pool.curve.kind === 'cp-swap') {
    return leg(quoteExactOut(cpView(pool, reserves), aToB, amountOut));
  }
  if (pool.curve.kind === 'amm-v4') {
    return ammV4ExactOut(ammView(pool, reserves), aToB, amountOut);
  }
  if (pool.curve.kind === 'clmm') {
    return leg(quoteClmm(clmmView(pool, reserves), aToB, amountOut, false));
  }
  return aToB
    ? cpExactOut(reserves.a, reserves.b, amountOut, pool.feeBps)
    : cpExactOut(reserves.b, reserves.a, amountOut, pool.feeBps);
}

/** The other mint of the pool. */
export function otherMint(pool: Pool, mint: string): string {
  return pool.mintA === mint ? pool.mintB : pool.mintA;
}
