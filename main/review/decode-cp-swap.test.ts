/**
 * Raydium CP-Swap's instructions as the review reads them: the two swaps by their Anchor
 * discriminators (sha256("global:<name>")[0..8], as the program's source defines them), with
 * their two u64 arguments; anything else of the program is an instruction the wallet cannot
 * read, so the guard refuses it in a swap.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Keypair } from '@solana/web3.js';
import type { Address } from '../shared/address';
import { decodeCpSwap } from './decode-cp-swap';

const ACCOUNTS = Array.from(
  { length: 13 },
  () => Keypair.generate().publicKey.toBase58() as Address,
);

function data(name: string, length = 24, first = 0n, second = 0n): Uint8Array {
  const bytes = Buffer.alloc(length);
  bytes.set(createHash('sha256').update(`global:${name}`).digest().subarray(0, 8));
  if (length >= 24) {
    bytes.writeBigUInt64LE(first, 8);
    bytes.writeBigUInt64LE(second, 16);
  }
  return Uint8Array.from(bytes);
}

describe('decodeCpSwap', () => {
  it('reads swap_base_input(amount_in, minimum_amount_out) with its accounts', () => {
    expect(decodeCpSwap(data('swap_base_input', 24, 500n, 0n), ACCOUNTS)).toEqual({
      kind: 'cpSwap',
      name: 'swap_base_input',
      swapMode: 'ExactIn',
      maxIn: 500n,
      minOut: 0n,
      source: ACCOUNTS[4],
      destination: ACCOUNTS[5],
      inputMint: ACCOUNTS[10],
      outputMint: ACCOUNTS[11],
    });
  });

  it('reads swap_base_output(max_amount_in, amount_out)', () => {
    const max = 18_446_744_073_709_551_615n; // u64::MAX
    expect(decodeCpSwap(data('swap_base_output', 24, max, 7n), ACCOUNTS)).toMatchObject({
      kind: 'cpSwap',
      swapMode: 'ExactOut',
      maxIn: max,
      minOut: 7n,
    });
  });

  it('reads pool creation, deposits, withdrawals and malformed swaps as unreadable', () => {
    for (const name of ['initialize', 'deposit', 'withdraw', 'collect_protocol_fee']) {
      expect(decodeCpSwap(data(name, 32), ACCOUNTS)).toEqual({ kind: 'unknown' });
    }
    expect(decodeCpSwap(data('swap_base_input', 16), ACCOUNTS)).toEqual({ kind: 'unknown' });
    expect(decodeCpSwap(data('swap_base_input'), ACCOUNTS.slice(0, 12))).toEqual({
      kind: 'unknown',
    });
    expect(decodeCpSwap(new Uint8Array(), ACCOUNTS)).toEqual({ kind: 'unknown' });
  });
});
