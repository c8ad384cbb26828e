/**
 * Raydium CP-Swap's instructions, read as far as the guard needs them: its two swap
 * instructions with the amounts that bound them on chain and the accounts they pay from and
 * into, `swap_base_input(amount_in, minimum_amount_out)` (ExactIn: takes exactly amount_in,
 * pays at least minimum_amount_out) and `swap_base_output(max_amount_in, amount_out)` (ExactOut:
 * takes at most max_amount_in, pays exactly amount_out). Every other instruction of the program
 * (pool creation, deposits, withdrawals, admin) is one the wallet does not read in a swap, so the
 * guard refuses it. Discriminators are sha256("global:<name>")[0..8], as in the program's source
 * (raydium-io/raydium-cp-swap, Apache-2.0); both swaps take 13 accounts: payer, authority,
 * amm_config, pool_state, input account (4), output account (5), input vault, output vault,
 * input token program, output token program, input mint (10), output mint (11), observation.
 */
import type { Address } from '../shared/address';
import type { DecodedInstruction } from './types';

const SWAPS: Readonly<Record<string, 'swap_base_input' | 'swap_base_output'>> = {
  '8fbe5adac41e33de': 'swap_base_input',
  '37d96256a34ab4ad': 'swap_base_output',
};

/** Account positions of both swaps. */
export const CP_SWAP_ACCOUNTS = { input: 4, output: 5, inputMint: 10, outputMint: 11 } as const;

/**
 * Decodes one instruction of the program.
 * @example decodeCpSwap(swapBaseInputData, accounts) // { kind: 'cpSwap', name: 'swap_base_input', minOut: 1_000n, ... }
 */
export function decodeCpSwap(data: Uint8Array, accounts: readonly Address[]): DecodedInstruction {
  // Both swaps take exactly two u64 arguments after the discriminator.
  if (data.length !== 24 || accounts.length < 13) return { kind: 'unknown' };
  const name = SWAPS[Buffer.from(data.subarray(0, 8)).toString('hex')];
  if (name === undefined) return { kind: 'unknown' };
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const first = view.getBigUint64(8, true);
  const second = view.getBigUint64(16, true);
  const exactIn = name === 'swap_base_input';
  return {
    kind: 'cpSwap',
    name,
    swapMode: exactIn ? 'ExactIn' : 'ExactOut',
    maxIn: first,
    minOut: second,
    source: accounts[CP_SWAP_ACCOUNTS.input] as Address,
    destination: accounts[CP_SWAP_ACCOUNTS.output] as Address,
    inputMint: accounts[CP_SWAP_ACCOUNTS.inputMint] as Address,
    outputMint: accounts[CP_SWAP_ACCOUNTS.outputMint] as Address,
  };
}
