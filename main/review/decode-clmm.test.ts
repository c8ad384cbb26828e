/**
 * decode-clmm.ts against `swap_v2` instructions built by the sandbox's own CLMM builder (the
 * instruction the sandbox sends and the mainnet binary runs, clmm-quote.property.test.ts): the
 * bound each mode enforces on chain, the accounts it pays from and into, and what it refuses to
 * read.
 */
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import { swapV2Instruction, type ClmmSwapAccounts } from '../sandbox/clmm/program';
import { decodeInstruction } from './decode-instruction';
import { CLMM_PROGRAM, isAllowedProgram, programName } from './program-ids';

const key = () => Keypair.generate().publicKey.toBase58();
const accounts: ClmmSwapAccounts = {
  payer: key(),
  config: key(),
  pool: key(),
  inputAccount: key(),
  outputAccount: key(),
  inputVault: key(),
  outputVault: key(),
  observation: key(),
  inputMint: 'So11111111111111111111111111111111111111112',
  outputMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  bitmapExtension: key(),
  tickArrays: [key(), key()],
};

function decode(data: Uint8Array) {
  const ix = swapV2Instruction(accounts, 1n, 1n, true);
  const keys = ix.keys.map((meta) => meta.pubkey.toBase58() as Address);
  return decodeInstruction(ix.programId.toBase58(), data, keys);
}

describe('Raydium CLMM swap_v2 in the review', () => {
  it('names the program and lets a swap call it', () => {
    expect(programName(CLMM_PROGRAM)).toBe('Raydium CLMM');
    expect(isAllowedProgram(CLMM_PROGRAM, false)).toBe(true);
  });

  it('reads ExactIn: takes the amount, pays at least other_amount_threshold', () => {
    const ix = swapV2Instruction(accounts, 2_000_000_000n, 299_000_000n, true);
    expect(decode(ix.data)).toEqual({
      kind: 'clmmSwap',
      name: 'swap_v2',
      swapMode: 'ExactIn',
      maxIn: 2_000_000_000n,
      minOut: 299_000_000n,
      source: accounts.inputAccount,
      destination: accounts.outputAccount,
      inputMint: accounts.inputMint,
      outputMint: accounts.outputMint,
    });
  });

  it('reads ExactOut: pays the amount, takes at most other_amount_threshold', () => {
    const ix = swapV2Instruction(accounts, 300_000_000n, 2_010_000_000n, false);
    expect(decode(ix.data)).toMatchObject({
      swapMode: 'ExactOut',
      maxIn: 2_010_000_000n,
      minOut: 300_000_000n,
    });
  });

  it('guarantees no output for an ExactOut leg with a price limit (it may stop early)', () => {
    const data = Buffer.from(swapV2Instruction(accounts, 300n, 400n, false).data);
    data.writeBigUInt64LE(1n << 40n, 24); // sqrt_price_limit_x64, low half
    expect(decode(data)).toMatchObject({ swapMode: 'ExactOut', maxIn: 400n, minOut: 0n });
  });

  it('reads nothing else of the program: another discriminator or a bad flag is unknown', () => {
    const data = Buffer.from(swapV2Instruction(accounts, 1n, 1n, true).data);
    const other = Buffer.from(data);
    other[0] = other[0]! ^ 0xff;
    expect(decode(other)).toEqual({ kind: 'unknown' });
    const flag = Buffer.from(data);
    flag[40] = 2;
    expect(decode(flag)).toEqual({ kind: 'unknown' });
    expect(decode(data.subarray(0, 40))).toEqual({ kind: 'unknown' });
  });
});
