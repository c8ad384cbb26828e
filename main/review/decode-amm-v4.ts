/**
 * Raydium AMM v4's instructions, read as far as the guard needs them: its two swaps without an
 * order book, `swap_base_in_v2(amount_in, minimum_amount_out)` (tag 16, ExactIn: takes exactly
 * amount_in, pays at least minimum_amount_out) and `swap_base_out_v2(max_amount_in, amount_out)`
 * (tag 17, ExactOut: takes at most max_amount_in, pays exactly amount_out), with the accounts
 * they pay from and into. Both take 8 accounts: token program, pool, authority, coin vault, pc
 * vault, user source (5), user destination (6), user owner (signer); the mints are not among
 * them, so the review reads them from the source and destination accounts' state. Tags and
 * accounts as in the program's source (raydium-io/raydium-amm, program/src/instruction.rs,
 * Apache-2.0). Every other instruction of the program (the order-book swaps, pool creation,
 * deposits, withdrawals, admin) is one the wallet does not read in a swap, so the guard refuses
 * it.
 */
import type { Address } from '../shared/address';
import type { DecodedInstruction } from './types';

const SWAPS: Readonly<Record<number, 'swap_base_in_v2' | 'swap_base_out_v2'>> = {
  16: 'swap_base_in_v2',
  17: 'swap_base_out_v2',
};

/** Account positions of both v2 swaps. */
export const AMM_V4_ACCOUNTS = { source: 5, destination: 6 } as const;

/**
 * Decodes one instruction of the program.
 * @example decodeAmmV4(swapBaseInV2Data, accounts) // { kind: 'ammV4Swap', name: 'swap_base_in_v2', minOut: 1_000n, ... }
 */
export function decodeAmmV4(data: Uint8Array, accounts: readonly Address[]): DecodedInstruction {
  // A tag byte, then exactly two u64 arguments.
  if (data.length !== 17 || accounts.length !== 8) return { kind: 'unknown' };
  const name = SWAPS[data[0]!];
  if (name === undefined) return { kind: 'unknown' };
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  return {
    kind: 'ammV4Swap',
    name,
    swapMode: name === 'swap_base_in_v2' ? 'ExactIn' : 'ExactOut',
    maxIn: view.getBigUint64(1, true),
    minOut: view.getBigUint64(9, true),
    source: accounts[AMM_V4_ACCOUNTS.source] as Address,
    destination: accounts[AMM_V4_ACCOUNTS.destination] as Address,
  };
}
