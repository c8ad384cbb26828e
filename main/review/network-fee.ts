/**
 * The network fee of a transaction: 5000 lamports per signature plus the priority fee, which
 * the runtime charges as ⌈compute-unit limit × price / 10^6⌉ lamports. Without a limit
 * instruction the runtime grants 200,000 units per other instruction, at most 1,400,000.
 */
import { COMPUTE_BUDGET_PROGRAM } from './program-ids';
import type { Address } from '../shared/address';
import type { NetworkFee, ReviewedInstruction } from './types';

export const LAMPORTS_PER_SIGNATURE = 5_000n;
const DEFAULT_UNITS_PER_INSTRUCTION = 200_000;
const MAX_UNITS = 1_400_000;

/** Computes the fee from the decoded compute-budget instructions (the last of each counts). */
export function networkFee(
  signatures: number,
  instructions: readonly ReviewedInstruction[],
  payer: { feePayer: Address; user: Address },
): NetworkFee {
  let limit: number | null = null;
  let price = 0n;
  let others = 0;
  for (const { decoded, programId } of instructions) {
    if (decoded.kind === 'computeUnitLimit') limit = decoded.units;
    else if (decoded.kind === 'computeUnitPrice') price = decoded.microLamports;
    else if (programId !== COMPUTE_BUDGET_PROGRAM) others += 1;
  }
  const units = Math.min(limit ?? others * DEFAULT_UNITS_PER_INSTRUCTION, MAX_UNITS);
  const priorityLamports = (BigInt(units) * price + 999_999n) / 1_000_000n;
  const baseLamports = LAMPORTS_PER_SIGNATURE * BigInt(signatures);
  return {
    signatures,
    baseLamports,
    computeUnitLimit: units,
    computeUnitPriceMicroLamports: price,
    priorityLamports,
    totalLamports: baseLamports + priorityLamports,
    paidBy: payer.feePayer,
    paidByYou: payer.feePayer === payer.user,
  };
}
