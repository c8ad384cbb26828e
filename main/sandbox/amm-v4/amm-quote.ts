/**
 * What an AMM v4 pool pays and takes, with the program's own arithmetic (processor.rs
 * `process_swap_base_in_v2` / `process_swap_base_out_v2` and math.rs at 3b087ad): the reserves
 * are the vault balances less the PnL the pool owes (`need_take_pnl_*`); ExactIn takes the swap
 * fee from the input, rounded up, and pays `reserveOut · net / (reserveIn + net)` rounded down;
 * ExactOut asks `ceil(reserveIn · out / (reserveOut − out))` before the fee and grosses it up
 * with `ceil(x · den / (den − num))`. The program refuses an output of zero or one that would
 * leave the output reserve empty. The property test (amm-quote.property.test.ts) runs the binary
 * on the VM and checks these to the base unit.
 */
import type { AmmInfo } from './state';

/** A pool as a quote needs it: its state and its two vault balances. */
export interface AmmV4PoolView {
  address: string;
  info: AmmInfo;
  coinVault: bigint;
  pcVault: bigint;
}

export interface AmmV4Quote {
  /** What leaves the person's input account. */
  amountIn: bigint;
  /** What arrives in the person's output account. */
  amountOut: bigint;
  /** The swap fee, in the input mint (it stays in the input vault). */
  swapFee: bigint;
}

const U64_MAX = (1n << 64n) - 1n;
const ceilDiv = (a: bigint, b: bigint): bigint => (a % b === 0n ? a / b : a / b + 1n);

/** The reserves the curve sees (`calc_total_without_take_pnl_no_orderbook`), input first. */
export function ammReserves(
  pool: AmmV4PoolView,
  coinToPc: boolean,
): { reserveIn: bigint; reserveOut: bigint } | null {
  const coin = pool.coinVault - pool.info.needTakePnlCoin;
  const pc = pool.pcVault - pool.info.needTakePnlPc;
  if (coin < 0n || pc < 0n) return null;
  return coinToPc ? { reserveIn: coin, reserveOut: pc } : { reserveIn: pc, reserveOut: coin };
}

function swappable(pool: AmmV4PoolView): boolean {
  // The v2 swaps refuse a pool whose order book is on (Initialized, OrderBookOnly) and one that
  // may not swap (Disabled, WithdrawOnly, LiquidityOnly); WaitingTrade opens at its time.
  return pool.info.status === 6n || pool.info.status === 7n;
}

/** `swap_base_in_v2(amountIn, …)`: what arrives, or null when the program would refuse. */
export function ammQuoteExactIn(
  pool: AmmV4PoolView,
  coinToPc: boolean,
  amountIn: bigint,
): AmmV4Quote | null {
  if (!swappable(pool) || amountIn <= 0n || amountIn > U64_MAX) return null;
  const reserves = ammReserves(pool, coinToPc);
  if (reserves === null) return null;
  const { swapFeeNumerator: num, swapFeeDenominator: den } = pool.info;
  const swapFee = ceilDiv(amountIn * num, den);
  const net = amountIn - swapFee;
  const denominator = reserves.reserveIn + net;
  if (denominator === 0n) return null;
  const amountOut = (reserves.reserveOut * net) / denominator;
  if (amountOut <= 0n || amountOut >= reserves.reserveOut) return null;
  return { amountIn, amountOut, swapFee };
}

/** `swap_base_out_v2(…, amountOut)`: what must leave the person, or null when refused. */
export function ammQuoteExactOut(
  pool: AmmV4PoolView,
  coinToPc: boolean,
  amountOut: bigint,
): AmmV4Quote | null {
  if (!swappable(pool) || amountOut <= 0n || amountOut > U64_MAX) return null;
  const reserves = ammReserves(pool, coinToPc);
  if (reserves === null || amountOut >= reserves.reserveOut) return null;
  const { swapFeeNumerator: num, swapFeeDenominator: den } = pool.info;
  const beforeFee = ceilDiv(reserves.reserveIn * amountOut, reserves.reserveOut - amountOut);
  const amountIn = ceilDiv(beforeFee * den, den - num);
  if (amountIn <= 0n || amountIn > U64_MAX) return null;
  return { amountIn, amountOut, swapFee: amountIn - beforeFee };
}
