import { describe, expect, it } from 'vitest';
import { Keypair, PublicKey } from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { accountState, fromSimulatedAccount } from './account-state';
import { mintAccount, tokenAccount } from '../../test/fixtures/review-scenarios';

const mint = Keypair.generate().publicKey;
const owner = Keypair.generate().publicKey;

describe('account states', () => {
  it('decodes a token account written with spl-token’s layout', () => {
    const delegate = Keypair.generate().publicKey;
    const state = tokenAccount(mint, owner, 123_456_789n, { delegate });
    expect(state.token).toEqual({
      mint: mint.toBase58(),
      owner: owner.toBase58(),
      amount: 123_456_789n,
      delegate: delegate.toBase58(),
      delegatedAmount: 0n,
      closeAuthority: null,
      isNative: false,
    });
    expect(state.mintDecimals).toBeNull();
  });

  it('decodes wrapped SOL (isNative) and a mint’s decimals', () => {
    expect(tokenAccount(mint, owner, 5n, { native: true }).token?.isNative).toBe(true);
    expect(mintAccount(7).mintDecimals).toBe(7);
  });

  it('reads a Token-2022 account with extensions (account type byte after 165)', () => {
    const base = tokenAccount(mint, owner, 42n).data;
    const extended = new Uint8Array(170);
    extended.set(base);
    extended[165] = 2; // AccountType::Account
    const state = accountState(2_000_000n, TOKEN_2022_PROGRAM_ID.toBase58(), extended);
    expect(state?.token?.amount).toBe(42n);
    extended[165] = 1; // AccountType::Mint: not a token account
    expect(accountState(2_000_000n, TOKEN_2022_PROGRAM_ID.toBase58(), extended)?.token).toBeNull();
  });

  it('treats a zero-lamport account as absent and other programs’ data as not tokens', () => {
    expect(accountState(0n, TOKEN_2022_PROGRAM_ID.toBase58(), new Uint8Array(165))).toBeNull();
    const data = tokenAccount(mint, owner, 1n).data;
    expect(
      accountState(1n, new PublicKey('11111111111111111111111111111111').toBase58(), data)?.token,
    ).toBeNull();
  });

  it('reads simulateTransaction’s base64 accounts', () => {
    const data = Buffer.from(tokenAccount(mint, owner, 9n).data).toString('base64');
    const state = fromSimulatedAccount({
      lamports: 2_039_280,
      owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      data: [data, 'base64'],
    });
    expect(state?.token?.amount).toBe(9n);
    expect(state?.lamports).toBe(2_039_280n);
  });
});
