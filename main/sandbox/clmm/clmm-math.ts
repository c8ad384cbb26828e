/**
 * Raydium CLMM's fixed-point arithmetic, transcribed from the program's source
 * (raydium-io/raydium-clmm at a5a46ff, programs/amm/src/libraries/: tick_math.rs,
 * sqrt_price_math.rs, liquidity_math.rs, swap_math.rs, full_math.rs). Prices are Q64.64
 * square roots; the program's U128/U256/U512 are bigints here, and every division rounds as
 * the program's does, so a quote built on these matches the program to the base unit (checked
 * by clmm-quote.property.test.ts against the binary on the VM).
 */

export const MIN_TICK = -443636;
export const MAX_TICK = 443636;
export const MIN_SQRT_PRICE_X64 = 4295048016n;
export const MAX_SQRT_PRICE_X64 = 79226673521066979257578248091n;
/** Fee rates are parts per million (FEE_RATE_DENOMINATOR_VALUE). */
export const FEE_RATE_DENOMINATOR = 1_000_000n;
export const Q64 = 1n << 64n;
const U64_MAX = (1n << 64n) - 1n;
const U128_MAX = (1n << 128n) - 1n;

const ceilDiv = (a: bigint, b: bigint): bigint => a / b + (a % b > 0n ? 1n : 0n);
const mulDivFloor = (a: bigint, b: bigint, d: bigint): bigint => (a * b) / d;
const mulDivCeil = (a: bigint, b: bigint, d: bigint): bigint => (a * b + d - 1n) / d;

/** get_sqrt_price_at_tick's magic factors, 2^64 / 1.0001^(2^(i-1)), for bits 1..18. */
const FACTORS = [
  0xfff97272373d4000n,
  0xfff2e50f5f657000n,
  0xffe5caca7e10f000n,
  0xffcb9843d60f7000n,
  0xff973b41fa98e800n,
  0xff2ea16466c9b000n,
  0xfe5dee046a9a3800n,
  0xfcbe86c7900bb000n,
  0xf987a7253ac65800n,
  0xf3392b0822bb6000n,
  0xe7159475a2caf000n,
  0xd097f3bdfd2f2000n,
  0xa9f746462d9f8000n,
  0x70d869a156f31c00n,
  0x31be135f97ed3200n,
  0x9aa508b5b85a500n,
  0x5d6af8dedc582cn,
  0x2216e584f5fan,
];

/** √(1.0001^tick) as Q64.64 (tick_math::get_sqrt_price_at_tick). */
export function sqrtPriceAtTick(tick: number): bigint {
  const abs = Math.abs(tick);
  if (abs > MAX_TICK) throw new Error(`tick ${tick} is out of range`);
  let ratio = abs & 1 ? 0xfffcb933bd6fb800n : Q64;
  FACTORS.forEach((factor, i) => {
    if (abs & (2 << i)) ratio = (ratio * factor) >> 64n;
  });
  if (tick > 0) ratio = U128_MAX / ratio;
  return ratio;
}

/** The greatest tick whose price is at most `sqrtPriceX64` (tick_math::get_tick_at_sqrt_price). */
export function tickAtSqrtPrice(sqrtPriceX64: bigint): number {
  if (sqrtPriceX64 < MIN_SQRT_PRICE_X64 || sqrtPriceX64 >= MAX_SQRT_PRICE_X64) {
    throw new Error('sqrt price out of range');
  }
  const msb = BigInt(sqrtPriceX64.toString(2).length - 1);
  const log2IntegerX32 = (msb - 64n) << 32n;
  let bit = 0x8000_0000_0000_0000n;
  let fractionX64 = 0n;
  let r = msb >= 64n ? sqrtPriceX64 >> (msb - 63n) : sqrtPriceX64 << (63n - msb);
  for (let precision = 0; bit > 0n && precision < 16; precision += 1) {
    r *= r;
    const moreThanTwo = r >> 127n;
    r >>= 63n + moreThanTwo;
    fractionX64 += bit * moreThanTwo;
    bit >>= 1n;
  }
  const log2X32 = log2IntegerX32 + (fractionX64 >> 32n);
  const logSqrt10001X64 = log2X32 * 59543866431248n;
  const tickLow = Number(BigInt.asIntN(32, (logSqrt10001X64 - 184467440737095516n) >> 64n));
  const tickHigh = Number(BigInt.asIntN(32, (logSqrt10001X64 + 15793534762490258745n) >> 64n));
  if (tickLow === tickHigh) return tickLow;
  return sqrtPriceAtTick(tickHigh) <= sqrtPriceX64 ? tickHigh : tickLow;
}

/**
 * Token 0 (`token0`) or token 1 between two prices for `liquidity`
 * (liquidity_math::get_delta_amount_0_unsigned and _1_unsigned); null past u64.
 */
export function deltaAmount(
  token0: boolean,
  a: bigint,
  b: bigint,
  liquidity: bigint,
  roundUp: boolean,
): bigint | null {
  const [lo, hi] = a > b ? [b, a] : [a, b];
  let result: bigint;
  if (token0) {
    const numerator1 = liquidity << 64n;
    const numerator2 = hi - lo;
    result = roundUp
      ? ceilDiv(mulDivCeil(numerator1, numerator2, hi), lo)
      : mulDivFloor(numerator1, numerator2, hi) / lo;
  } else {
    result = roundUp ? mulDivCeil(liquidity, hi - lo, Q64) : mulDivFloor(liquidity, hi - lo, Q64);
  }
  return result > U64_MAX ? null : result;
}

function nextFromAmount0RoundingUp(
  sqrtPrice: bigint,
  liquidity: bigint,
  amount: bigint,
  add: boolean,
): bigint {
  if (amount === 0n) return sqrtPrice;
  const numerator1 = liquidity << 64n;
  const product = amount * sqrtPrice;
  const denominator = add ? numerator1 + product : numerator1 - product;
  if (denominator <= 0n) throw new Error('sqrt price underflow');
  return mulDivCeil(numerator1, sqrtPrice, denominator);
}

function nextFromAmount1RoundingDown(
  sqrtPrice: bigint,
  liquidity: bigint,
  amount: bigint,
  add: boolean,
): bigint {
  if (add) return sqrtPrice + (amount << 64n) / liquidity;
  const next = sqrtPrice - ceilDiv(amount << 64n, liquidity);
  if (next < 0n) throw new Error('sqrt price underflow');
  return next;
}

/** One step of a swap within a price range (swap_math::compute_swap_step). */
export interface SwapStep {
  sqrtPriceNextX64: bigint;
  amountIn: bigint;
  amountOut: bigint;
  feeAmount: bigint;
}

/**
 * How far `amountRemaining` moves the price towards `target` at `liquidity`, and what goes in,
 * comes out and is taken as fee on the way (swap_math::compute_swap_step).
 */
export function computeSwapStep(
  current: bigint,
  target: bigint,
  liquidity: bigint,
  amountRemaining: bigint,
  feeRate: bigint,
  exactIn: boolean,
  zeroForOne: boolean,
): SwapStep {
  // What a side of the range holds between two prices: token 0's amount or token 1's.
  const delta = (token0: boolean, lower: bigint, upper: bigint, roundUp: boolean) =>
    deltaAmount(token0, lower, upper, liquidity, roundUp);
  // The amount fixed by the swap (in, less the fee, for ExactIn; out for ExactOut) is token 0
  // when it goes in and the price falls, or comes out and the price rises.
  const fixedIsToken0 = zeroForOne === exactIn;
  const available = exactIn
    ? mulDivFloor(amountRemaining, FEE_RATE_DENOMINATOR - feeRate, FEE_RATE_DENOMINATOR)
    : amountRemaining;
  const [lower, upper] = zeroForOne ? [target, current] : [current, target];
  const inRange = delta(fixedIsToken0, lower, upper, exactIn);
  let amountIn = exactIn && inRange !== null ? inRange : 0n;
  let amountOut = !exactIn && inRange !== null ? inRange : 0n;
  const next =
    inRange !== null && available >= inRange
      ? target
      : fixedIsToken0
        ? nextFromAmount0RoundingUp(current, liquidity, available, exactIn)
        : nextFromAmount1RoundingDown(current, liquidity, available, exactIn);
  const max = target === next;
  const must = (value: bigint | null): bigint => {
    if (value === null) throw new Error('amount past u64');
    return value;
  };
  // Token 0 goes in when the price falls (zeroForOne), token 1 when it rises.
  const [from, to] = zeroForOne ? [next, current] : [current, next];
  if (!(max && exactIn)) amountIn = must(delta(zeroForOne, from, to, true));
  if (!(max && !exactIn)) amountOut = must(delta(!zeroForOne, from, to, false));
  if (!exactIn && amountOut > amountRemaining) amountOut = amountRemaining;
  const feeAmount =
    exactIn && next !== target
      ? amountRemaining - amountIn
      : mulDivCeil(amountIn, feeRate, FEE_RATE_DENOMINATOR - feeRate);
  return { sqrtPriceNextX64: next, amountIn, amountOut, feeAmount };
}

/** The liquidity that `amount0`/`amount1` buy over [a, b] at the current price (liquidity_math). */
export function liquidityFromAmounts(
  current: bigint,
  a: bigint,
  b: bigint,
  amount0: bigint,
  amount1: bigint,
): bigint {
  const [lo, hi] = a > b ? [b, a] : [a, b];
  const from0 = (x: bigint, y: bigint) => mulDivFloor(amount0, mulDivFloor(x, y, Q64), y - x);
  const from1 = (x: bigint, y: bigint) => mulDivFloor(amount1, Q64, y - x);
  if (current <= lo) return from0(lo, hi);
  if (current < hi) {
    const l0 = from0(current, hi);
    const l1 = from1(lo, current);
    return l0 < l1 ? l0 : l1;
  }
  return from1(lo, hi);
}
