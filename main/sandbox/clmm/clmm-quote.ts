/**
 * What a Raydium CLMM pool pays and takes in `swap_v2`, by the program's own swap loop
 * (programs/amm/src/instructions/swap.rs `swap_internal`, swap_v2.rs) over the pool's on-chain
 * state: its price, liquidity, initialized ticks and fee rates. Each step moves the price to the
 * next initialized tick (or as far as the amount goes) with swap_math's rounding; crossing a tick
 * adds its liquidity_net. The sandbox sends swap_v2 without a price limit, so the program takes
 * all of an ExactIn amount or pays all of an ExactOut amount, or refuses: the quote answers null
 * where it would refuse. The sandbox's CLMM pools hold no Token-2022 transfer-fee mint, so what
 * leaves the person is what the pool takes. Checked to the base unit against the binary by
 * clmm-quote.property.test.ts.
 */
import {
  computeSwapStep,
  FEE_RATE_DENOMINATOR,
  MAX_SQRT_PRICE_X64,
  MAX_TICK,
  MIN_SQRT_PRICE_X64,
  MIN_TICK,
  sqrtPriceAtTick,
  tickAtSqrtPrice,
} from './clmm-math';
import type { ClmmAmmConfig, ClmmPoolState, ClmmTick, ClmmTickArray } from './state';
import {
  currentArray,
  firstInitializedTick,
  nextInitializedArray,
  nextInitializedTick,
} from './tick-arrays';

/** A pool as a quote needs it, read from the ledger (clmm-pool-view.ts). */
export interface ClmmPoolView {
  address: string;
  state: ClmmPoolState;
  config: ClmmAmmConfig;
  vault0: bigint;
  vault1: bigint;
  /** The pool's initialized tick arrays by start index. */
  tickArrays: ReadonlyMap<number, ClmmTickArray>;
}

export interface ClmmQuote {
  /** What leaves the person's input account. */
  amountIn: bigint;
  /** What arrives in the person's output account. */
  amountOut: bigint;
  /** The trade fee taken from the input (protocol and fund shares included). */
  tradeFee: bigint;
  protocolFee: bigint;
  fundFee: bigint;
  /** The start indices of the tick arrays the swap walks through, in order. */
  tickArrays: number[];
  /** Initialized ticks crossed. */
  ticksCrossed: number;
  sqrtPriceAfterX64: bigint;
}

const U64_MAX = (1n << 64n) - 1n;
const SWAP_DISABLED = 1 << 4;

/**
 * The swap loop. `amount` is the input (exactIn) or the output (exact out); null where the
 * program would refuse (too little liquidity in its tick arrays, nothing would move, or the
 * output vault would be emptied).
 */
export function quoteClmm(
  pool: ClmmPoolView,
  zeroForOne: boolean,
  amount: bigint,
  exactIn: boolean,
): ClmmQuote | null {
  const { state, config } = pool;
  if (amount <= 0n || amount > U64_MAX || (state.status & SWAP_DISABLED) !== 0) return null;
  const limit = zeroForOne ? MIN_SQRT_PRICE_X64 + 1n : MAX_SQRT_PRICE_X64 - 1n;
  if (zeroForOne ? limit >= state.sqrtPriceX64 : limit <= state.sqrtPriceX64) return null;
  const spacing = state.tickSpacing;
  const bitmap = state.tickArrayBitmap;

  const first = currentArray(bitmap, state.tickCurrent, spacing);
  let matchedCurrent = first.initialized;
  let currentStart = first.initialized
    ? first.start
    : nextInitializedArray(bitmap, first.start, spacing, zeroForOne);
  if (currentStart === null) return null;
  let current = pool.tickArrays.get(currentStart);
  if (current === undefined) return null;
  const arrays = [currentStart];

  let remaining = amount;
  let calculated = 0n;
  let sqrtPrice = state.sqrtPriceX64;
  let tick = state.tickCurrent;
  let liquidity = state.liquidity;
  let tradeFee = 0n;
  let protocolFee = 0n;
  let fundFee = 0n;
  let ticksCrossed = 0;
  while (remaining !== 0n && sqrtPrice !== limit) {
    const start = sqrtPrice;
    let next: ClmmTick | null = nextInitializedTick(current, tick, spacing, zeroForOne);
    if (next === null && !matchedCurrent) {
      matchedCurrent = true;
      next = firstInitializedTick(current, zeroForOne);
    }
    if (next === null) {
      const nextStart = nextInitializedArray(bitmap, currentStart, spacing, zeroForOne);
      if (nextStart === null) return null;
      current = pool.tickArrays.get(nextStart);
      if (current === undefined) return null;
      currentStart = nextStart;
      arrays.push(nextStart);
      next = firstInitializedTick(current, zeroForOne);
      if (next === null) return null;
    }
    const tickNext = Math.min(Math.max(next.tick, MIN_TICK), MAX_TICK);
    const priceNext = sqrtPriceAtTick(tickNext);
    const target = (zeroForOne ? priceNext < limit : priceNext > limit) ? limit : priceNext;
    let step;
    try {
      step = computeSwapStep(
        start,
        target,
        liquidity,
        remaining,
        config.tradeFeeRate,
        exactIn,
        zeroForOne,
      );
    } catch {
      return null;
    }
    sqrtPrice = step.sqrtPriceNextX64;
    if (exactIn) {
      remaining -= step.amountIn + step.feeAmount;
      calculated += step.amountOut;
    } else {
      remaining -= step.amountOut;
      calculated += step.amountIn + step.feeAmount;
    }
    tradeFee += step.feeAmount;
    protocolFee += (step.feeAmount * config.protocolFeeRate) / FEE_RATE_DENOMINATOR;
    fundFee += (step.feeAmount * config.fundFeeRate) / FEE_RATE_DENOMINATOR;
    if (sqrtPrice === priceNext) {
      liquidity += zeroForOne ? -next.liquidityNet : next.liquidityNet;
      if (liquidity < 0n) return null;
      ticksCrossed += 1;
      tick = zeroForOne ? tickNext - 1 : tickNext;
    } else if (sqrtPrice !== start) {
      tick = tickAtSqrtPrice(sqrtPrice);
    }
  }
  // Without a price limit the program takes the whole specified amount or refuses.
  if (remaining !== 0n) return null;
  if (zeroForOne ? sqrtPrice >= state.sqrtPriceX64 : sqrtPrice <= state.sqrtPriceX64) return null;
  const amountIn = exactIn ? amount : calculated;
  const amountOut = exactIn ? calculated : amount;
  if (amountIn === 0n || amountOut === 0n || amountIn > U64_MAX) return null;
  // Paying out a vault's last unit freezes the pool (swap_v2 sets status 255): never quote it.
  const vaultOut = zeroForOne ? pool.vault1 : pool.vault0;
  if (amountOut >= vaultOut) return null;
  return {
    amountIn,
    amountOut,
    tradeFee,
    protocolFee,
    fundFee,
    tickArrays: arrays,
    ticksCrossed,
    sqrtPriceAfterX64: sqrtPrice,
  };
}

/** `swap_v2(amount_in, …, is_base_input = true)`. */
export function quoteClmmExactIn(pool: ClmmPoolView, zeroForOne: boolean, amountIn: bigint) {
  return quoteClmm(pool, zeroForOne, amountIn, true);
}

/** `swap_v2(amount_out, …, is_base_input = false)`. */
export function quoteClmmExactOut(pool: ClmmPoolView, zeroForOne: boolean, amountOut: bigint) {
  return quoteClmm(pool, zeroForOne, amountOut, false);
}
