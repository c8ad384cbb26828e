/**
 * Slippage bounds and the platform fee of a quote, in bigint base units.
 */
import { BPS, ceilDiv } from '../venues/bigint-math';
import type { Route } from '../router/route-types';
import { SwapApiError } from './api-error';
import { SANDBOX_FEE_SHARE_PER_MILLE } from '../../shared/sandbox-operator';

const U64_MAX = (1n << 64n) - 1n;

/**
 * The slippage-protected bound: the minimum output in ExactIn; in ExactOut the maximum input,
 * always at least one base unit above `inAmount` (the spec wants it larger).
 */
export function otherAmountThreshold(
  mode: 'ExactIn' | 'ExactOut',
  inAmount: bigint,
  outAmount: bigint,
  slippageBps: number,
): bigint {
  const slip = BigInt(slippageBps);
  if (mode === 'ExactIn') return (outAmount * (BPS - slip)) / BPS;
  const extra = ceilDiv(inAmount * slip, BPS);
  const bound = inAmount + (extra > 0n ? extra : 1n);
  if (bound > U64_MAX) {
    throw new SwapApiError(
      'CANNOT_COMPUTE_OTHER_AMOUNT_THRESHOLD',
      'The maximum input with this slippage does not fit a token amount; lower the amount or the slippage.',
    );
  }
  return bound;
}

/** Integrator fee taken from an ExactIn output (rounded down) or added to an ExactOut input. */
export function platformFeeAmount(
  mode: 'ExactIn' | 'ExactOut',
  route: Route,
  feeBps: number,
): bigint {
  if (feeBps === 0) return 0n;
  return mode === 'ExactIn'
    ? (route.outAmount * BigInt(feeBps)) / BPS
    : ceilDiv(route.inAmount * BigInt(feeBps), BPS);
}

/** The operator keeps 2.5% of a platform fee (rounded down); the integrator gets the rest. */
export function splitPlatformFee(fee: bigint): { integrator: bigint; operator: bigint } {
  const operator = (fee * SANDBOX_FEE_SHARE_PER_MILLE) / 1_000n;
  return { integrator: fee - operator, operator };
}

/**
 * Smart slippage: a base (10 bps between stables/LSTs, 30 bps otherwise), plus twice the price
 * impact, plus 5 bps per extra hop, capped at `maxBps`.
 */
export function autoSlippageBps(
  route: Route,
  priceImpact: number,
  symbolOf: (mint: string) => string | undefined,
  maxBps: number,
): number {
  const mints = route.hops.flatMap((hop) => [hop.inputMint, hop.outputMint]);
  const usd = mints.every((mint) => ['USDC', 'USDT', 'PYUSD'].includes(symbolOf(mint) ?? ''));
  const sol = mints.every((mint) => ['SOL', 'mSOL', 'JitoSOL'].includes(symbolOf(mint) ?? ''));
  const base = usd || sol ? 10 : 30;
  const computed = base + Math.ceil(priceImpact * 10_000 * 2) + 5 * (route.hops.length - 1);
  return Math.min(maxBps, computed);
}
