/**
 * Raydium CP-Swap's instructions, read as far as the guard needs them: its two swap
 * instructions are named, so a swap may call them (the tokens then move inside the program,
 * judged from the simulated post-state like any aggregator's CPIs); every other instruction of
 * the program (pool creation, deposits, withdrawals, admin) is one the wallet does not read in
 * a swap, so the guard refuses it. Discriminators are sha256("global:<name>")[0..8], as in the
 * program's source (raydium-io/raydium-cp-swap, Apache-2.0).
 */
import type { DecodedInstruction } from './types';

const SWAPS: Readonly<Record<string, string>> = {
  '8fbe5adac41e33de': 'CP-Swap swap_base_input',
  '37d96256a34ab4ad': 'CP-Swap swap_base_output',
};

/**
 * Decodes one instruction of the program.
 * @example decodeCpSwap(swapBaseInputData) // { kind: 'other', name: 'CP-Swap swap_base_input' }
 */
export function decodeCpSwap(data: Uint8Array): DecodedInstruction {
  // Both swaps take exactly two u64 arguments after the discriminator.
  if (data.length !== 24) return { kind: 'unknown' };
  const name = SWAPS[Buffer.from(data.subarray(0, 8)).toString('hex')];
  return name === undefined ? { kind: 'unknown' } : { kind: 'other', name };
}
