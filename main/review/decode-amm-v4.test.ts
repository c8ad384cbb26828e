/**
 * Raydium AMM v4's instructions as the review reads them: the two v2 swaps by their tags (16 and
 * 17, program/src/instruction.rs of raydium-io/raydium-amm) with their two u64 arguments, checked
 * against the bytes the sandbox's own builder emits; anything else of the program is an
 * instruction the wallet cannot read, so the guard refuses it in a swap.
 */
import { describe, expect, it } from 'vitest';
import { Keypair } from '@solana/web3.js';
import type { Address } from '../shared/address';
import { decodeAmmV4 } from './decode-amm-v4';
import { swapBaseInV2Instruction, swapBaseOutV2Instruction } from '../sandbox/amm-v4/program';

const key = () => Keypair.generate().publicKey.toBase58();
const ACCOUNTS = {
  amm: key(),
  coinVault: key(),
  pcVault: key(),
  userSource: key(),
  userDestination: key(),
  owner: key(),
};

function decoded(instruction: ReturnType<typeof swapBaseInV2Instruction>) {
  return decodeAmmV4(
    Uint8Array.from(instruction.data),
    instruction.keys.map((meta) => meta.pubkey.toBase58() as Address),
  );
}

describe('decodeAmmV4', () => {
  it('reads swap_base_in_v2(amount_in, minimum_amount_out) with the accounts it pays from and into', () => {
    expect(decoded(swapBaseInV2Instruction(ACCOUNTS, 500n, 420n))).toEqual({
      kind: 'ammV4Swap',
      name: 'swap_base_in_v2',
      swapMode: 'ExactIn',
      maxIn: 500n,
      minOut: 420n,
      source: ACCOUNTS.userSource,
      destination: ACCOUNTS.userDestination,
    });
  });

  it('reads swap_base_out_v2(max_amount_in, amount_out)', () => {
    const max = 18_446_744_073_709_551_615n; // u64::MAX
    expect(decoded(swapBaseOutV2Instruction(ACCOUNTS, max, 7n))).toMatchObject({
      kind: 'ammV4Swap',
      swapMode: 'ExactOut',
      maxIn: max,
      minOut: 7n,
    });
  });

  it('reads the order-book swaps, other instructions and malformed swaps as unreadable', () => {
    const accounts = Array.from({ length: 18 }, () => key() as Address);
    for (const tag of [0, 1, 3, 4, 9, 11]) {
      const data = new Uint8Array(17);
      data[0] = tag;
      expect(decodeAmmV4(data, accounts.slice(0, 8))).toEqual({ kind: 'unknown' });
    }
    const short = new Uint8Array(9);
    short[0] = 16;
    expect(decodeAmmV4(short, accounts.slice(0, 8))).toEqual({ kind: 'unknown' });
    const swap = new Uint8Array(17);
    swap[0] = 16;
    expect(decodeAmmV4(swap, accounts.slice(0, 7))).toEqual({ kind: 'unknown' });
  });
});
