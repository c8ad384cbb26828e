import { describe, expect, it } from 'vitest';
import {
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, PublicKey } from '@solana/web3.js';
import { associatedTokenAddress, associatedTokenKey } from './associated-token';

const TOKEN = TOKEN_PROGRAM_ID.toBase58();
const TOKEN_2022 = TOKEN_2022_PROGRAM_ID.toBase58();
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

describe('associatedTokenAddress', () => {
  it('answers what spl-token derives, for either program, again and again', () => {
    for (let i = 0; i < 20; i += 1) {
      const owner = Keypair.generate().publicKey;
      for (const program of [TOKEN, TOKEN_2022]) {
        const expected = getAssociatedTokenAddressSync(
          new PublicKey(USDC),
          owner,
          true,
          new PublicKey(program),
        ).toBase58();
        expect(associatedTokenAddress(USDC, owner, program)).toBe(expected);
        expect(associatedTokenAddress(USDC, owner.toBase58(), program)).toBe(expected);
        expect(associatedTokenKey(new PublicKey(USDC), owner, program).toBase58()).toBe(expected);
      }
    }
  });

  it('allows an owner off the curve (a program address), as every caller needs', () => {
    const [authority] = PublicKey.findProgramAddressSync(
      [Buffer.from('authority'), Buffer.from([0])],
      new PublicKey('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4'),
    );
    expect(associatedTokenAddress(USDC, authority, TOKEN)).toBe(
      getAssociatedTokenAddressSync(new PublicKey(USDC), authority, true).toBase58(),
    );
  });

  it('keeps answering right past its memory limit', () => {
    const owners = Array.from({ length: 4200 }, () => Keypair.generate().publicKey.toBase58());
    const first = associatedTokenAddress(USDC, owners[0]!, TOKEN);
    for (const owner of owners) associatedTokenAddress(USDC, owner, TOKEN);
    expect(associatedTokenAddress(USDC, owners[0]!, TOKEN)).toBe(first);
  }, 20_000);
});
