/**
 * Curve's StableSwap invariant for two coins, A·n^n·Σx + D = A·D·n^n + D^(n+1)/(n^n·Πx), solved
 * by Newton's method in bigint as Curve's and Saber's contracts do. The fee is taken from the
 * output. ExactIn only: the sandbox's stable venue, like Saber on mainnet, serves no ExactOut.
 */
import { BPS, ceilDiv } from './bigint-math';
import type { Reserves, StableSwapCurve, SwapLeg } from './types';

const N = 2n;
const MAX_ITERATIONS = 255;

/** The invariant D for normalised balances x, y. */
export function stableInvariant(x: bigint, y: bigint, amplification: bigint): bigint {
  const sum = x + y;
  if (sum === 0n) return 0n;
  const ann = amplification * N * N;
  let d = sum;
  for (let i = 0; i < MAX_ITERATIONS; i += 1) {
    let dP = d;
    dP = (dP * d) / (x * N);
    dP = (dP * d) / (y * N);
    const previous = d;
    d = ((ann * sum + dP * N) * d) / ((ann - 1n) * d + (N + 1n) * dP);
    if (d > previous ? d - previous <= 1n : previous - d <= 1n) return d;
  }
  throw new Error('stable-swap invariant did not converge');
}

/** The other balance y such that (x, y) lies on the invariant D. */
export function stableOtherBalance(x: bigint, d: bigint, amplification: bigint): bigint {
  const ann = amplification * N * N;
  const c = (((d * d) / (x * N)) * d) / (ann * N);
  const b = x + d / ann;
  let y = d;
  for (let i = 0; i < MAX_ITERATIONS; i += 1) {
    const previous = y;
    y = (y * y + c) / (2n * y + b - d);
    if (y > previous ? y - previous <= 1n : previous - y <= 1n) return y;
  }
  throw new Error('stable-swap balance did not converge');
}

/** Output for `amountIn`, or null when the pool cannot serve it. */
export function stableExactIn(
  curve: StableSwapCurve,
  reserves: Reserves,
  aToB: boolean,
  amountIn: bigint,
  feeBps: number,
): SwapLeg | null {
  if (amountIn <= 0n || reserves.a <= 0n || reserves.b <= 0n) return null;
  const [pIn, pOut] = aToB
    ? [curve.precisionA, curve.precisionB]
    : [curve.precisionB, curve.precisionA];
  const [rIn, rOut] = aToB ? [reserves.a, reserves.b] : [reserves.b, reserves.a];
  const xIn = rIn * pIn;
  const xOut = rOut * pOut;
  const d = stableInvariant(xIn, xOut, curve.amplification);
  const yNew = stableOtherBalance(xIn + amountIn * pIn, d, curve.amplification);
  // Curve subtracts one unit so that the rounding of both Newton solutions favours the pool.
  const dy = xOut - yNew - 1n;
  if (dy <= 0n) return null;
  const gross = dy / pOut;
  const feeAmount = ceilDiv(gross * BigInt(feeBps), BPS);
  const amountOut = gross - feeAmount;
  if (amountOut <= 0n || amountOut >= rOut) return null;
  return { amountIn, amountOut, feeAmount, feeOnInput: false };
}
