/**
 * Raydium CP-Swap's instructions as the review reads them: the two swaps by their Anchor
 * discriminators (sha256("global:<name>")[0..8], as the program's source defines them), with
 * their two u64 arguments; anything else of the program is an instruction the wallet cannot
 * read, so the guard refuses it in a swap.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decodeCpSwap } from './decode-cp-swap';

function data(name: string, length = 24): Uint8Array {
  const bytes = new Uint8Array(length);
  bytes.set(createHash('sha256').update(`global:${name}`).digest().subarray(0, 8));
  return bytes;
}

describe('decodeCpSwap', () => {
  it('names swap_base_input and swap_base_output', () => {
    expect(decodeCpSwap(data('swap_base_input'))).toEqual({
      kind: 'other',
      name: 'CP-Swap swap_base_input',
    });
    expect(decodeCpSwap(data('swap_base_output'))).toEqual({
      kind: 'other',
      name: 'CP-Swap swap_base_output',
    });
  });

  it('reads pool creation, deposits, withdrawals and malformed swaps as unreadable', () => {
    for (const name of ['initialize', 'deposit', 'withdraw', 'collect_protocol_fee']) {
      expect(decodeCpSwap(data(name, 32))).toEqual({ kind: 'unknown' });
    }
    expect(decodeCpSwap(data('swap_base_input', 16))).toEqual({ kind: 'unknown' });
    expect(decodeCpSwap(new Uint8Array())).toEqual({ kind: 'unknown' });
  });
});
