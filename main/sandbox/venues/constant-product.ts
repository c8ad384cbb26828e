/**
 * Constant-product math (x·y = k) with the fee taken from the input, as Raydium CPMM does.
 * Every division rounds in the pool's favour: outputs down, inputs up.
 */
import { BPS, ceilDiv, feeOn } from './bigint-math';
import type { SwapLeg } from './types';

/**
 * Output for `amountIn` into a pool with reserves `reserveIn`/`reserveOut`, or null when the
 * pool cannot serve it (empty pool, zero output, or more than `available` real reserves).
 */
export function cpExactIn(
  reserveIn: bigint,
  reserveOut: bigint,
  amountIn: bigint,
  feeBps: number,
  available: bigint = reserveOut,
): SwapLeg | null {
  if (amountIn <= 0n || reserveIn <= 0n || reserveOut <= 0n) return null;
  const feeAmount = feeOn(amountIn, feeBps);
  const net = amountIn - feeAmount;
  const amountOut = (reserveOut * net) / (reserveIn + net);
  if (amountOut <= 0n || amountOut > available) return null;
  return { amountIn, amountOut, feeAmount, feeOnInput: true };
}

/**
 * Input needed to take exactly `amountOut` out, or null when the pool cannot give it.
 * The gross input satisfies cpExactIn(gross) ≥ amountOut.
 */
export function cpExactOut(
  reserveIn: bigint,
  reserveOut: bigint,
  amountOut: bigint,
  feeBps: number,
  available: bigint = reserveOut,
): SwapLeg | null {
  if (amountOut <= 0n || reserveIn <= 0n || amountOut >= reserveOut || amountOut > available) {
    return null;
  }
  const net = ceilDiv(reserveIn * amountOut, reserveOut - amountOut);
  const amountIn = ceilDiv(net * BPS, BPS - BigInt(feeBps));
  // The rounded-up input may buy a little more than asked; a bounded (concentrated) pool must
  // still hold that much, so that the same input sent ExactIn stays inside the range.
  if (
    available < reserveOut &&
    cpExactIn(reserveIn, reserveOut, amountIn, feeBps, available) === null
  ) {
    return null;
  }
  return { amountIn, amountOut, feeAmount: amountIn - net, feeOnInput: true };
}
