/**
 * Priority fees of /swap: a total in lamports (`prioritizationFeeLamports` as a number, "auto",
 * a priority level with a cap, or a Jito-style tip) or a compute-unit price
 * (`computeUnitPriceMicroLamports`). The sandbox has no fee market, so a priority level maps
 * to a fixed total, capped by maxLamports.
 */
import type { PrioritizationFee } from './swap-request';

/** Lamports per priority level (what a busy mainnet asked for in 2025, roughly). */
export const PRIORITY_LEVEL_LAMPORTS = {
  medium: 10_000n,
  high: 50_000n,
  veryHigh: 250_000n,
} as const;

export interface PriorityPlan {
  microLamports: bigint;
  jitoTipLamports: bigint;
  /** The total the user pays beyond the base fee, in lamports. */
  prioritizationFeeLamports: bigint;
  prioritizationType:
    | { computeBudget: { microLamports: number; estimatedMicroLamports: number } }
    | { jito: { lamports: number } };
}

function fromTotal(total: bigint, computeUnitLimit: number): PriorityPlan {
  const microLamports = (total * 1_000_000n) / BigInt(computeUnitLimit);
  return {
    microLamports,
    jitoTipLamports: 0n,
    // the runtime charges ⌈price × limit / 10^6⌉, which never exceeds `total`
    prioritizationFeeLamports: (microLamports * BigInt(computeUnitLimit) + 999_999n) / 1_000_000n,
    prioritizationType: {
      computeBudget: {
        microLamports: Number(microLamports),
        estimatedMicroLamports: Number(microLamports),
      },
    },
  };
}

/** Resolves the request's priority fee for a transaction of `computeUnitLimit` units. */
export function resolvePriorityFee(
  fee: PrioritizationFee | null,
  computeUnitPriceMicroLamports: number | null,
  computeUnitLimit: number,
): PriorityPlan {
  if (computeUnitPriceMicroLamports !== null) {
    const micro = BigInt(computeUnitPriceMicroLamports);
    return {
      microLamports: micro,
      jitoTipLamports: 0n,
      prioritizationFeeLamports: (micro * BigInt(computeUnitLimit) + 999_999n) / 1_000_000n,
      prioritizationType: {
        computeBudget: { microLamports: Number(micro), estimatedMicroLamports: Number(micro) },
      },
    };
  }
  if (fee === null) return fromTotal(0n, computeUnitLimit);
  if (typeof fee === 'number') return fromTotal(BigInt(fee), computeUnitLimit);
  if (fee === 'auto') return fromTotal(PRIORITY_LEVEL_LAMPORTS.medium, computeUnitLimit);
  if ('priorityLevelWithMaxLamports' in fee && fee.priorityLevelWithMaxLamports !== undefined) {
    const { priorityLevel, maxLamports } = fee.priorityLevelWithMaxLamports;
    const level = PRIORITY_LEVEL_LAMPORTS[priorityLevel];
    const cap = BigInt(maxLamports);
    return fromTotal(level < cap ? level : cap, computeUnitLimit);
  }
  if ('jitoTipLamports' in fee && fee.jitoTipLamports !== undefined) {
    const tip = BigInt(fee.jitoTipLamports);
    return {
      microLamports: 0n,
      jitoTipLamports: tip,
      prioritizationFeeLamports: tip,
      prioritizationType: { jito: { lamports: Number(tip) } },
    };
  }
  return fromTotal(0n, computeUnitLimit);
}
