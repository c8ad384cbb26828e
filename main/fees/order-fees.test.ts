/**
 * The referral fee of an /order answer held to what the answer states (issue 22 point 4): the
 * fee lands in the referral account's V2 token account of the answer's fee mint (derived as
 * the referral SDK derives it), at the fee asked; an answer for another referral account, or
 * with the fee in a token the swap does not move, is refused; a fallback answer (no token
 * account of the fee mint) carries no integrator fee.
 */
import { Connection, PublicKey } from '@solana/web3.js';
import { ReferralProvider } from '@jup-ag/referral-sdk';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import { isWalletError } from '../shared/errors';
import type { Quote } from '../swap-api';
import { orderFeeTerms } from './order-fees';
import { namedReferralAccount, ULTRA_REFERRAL_PROJECT } from './referral-v2';

const SOL = 'So11111111111111111111111111111111111111112' as Address;
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const referralAccount = namedReferralAccount(ULTRA_REFERRAL_PROJECT, 'swapdesk');
const sdk = new ReferralProvider(new Connection('http://127.0.0.1:9'));

// The mint's owner is the only read: an SPL Token mint.
const connection = {
  getMultipleAccountsInfo: async () => [
    { owner: new PublicKey(TOKEN), data: Buffer.alloc(82), lamports: 1, executable: false },
  ],
};

const quote = {
  inputMint: SOL,
  outputMint: USDC,
  inAmount: 1_000_000_000n,
  outAmount: 149_000_000n,
  otherAmountThreshold: 148_255_000n,
  swapMode: 'ExactIn',
  slippageBps: 50,
  platformFee: { amount: 745_000n, feeBps: 5 },
  priceImpactPct: '0',
  routePlan: [],
  contextSlot: null,
  timeTaken: null,
} as unknown as Quote;

const answer = (over: Partial<Parameters<typeof orderFeeTerms>[2]> = {}) => ({
  quote,
  referralAccount,
  feeBps: 80,
  feeMint: USDC,
  ...over,
});

describe('the fee of an /order answer', () => {
  it('lands in the referral token account of the fee mint, at the fee asked', async () => {
    const terms = await orderFeeTerms(
      connection,
      { referralAccount, referralFeeBps: 80 },
      answer(),
    );
    const expected = sdk.getReferralTokenAccountPubKeyV2({
      referralAccountPubKey: new PublicKey(referralAccount),
      mint: new PublicKey(USDC),
      tokenProgramId: new PublicKey(TOKEN),
    });
    expect(terms.fees).toEqual({
      platformFeeBps: 80,
      feeAccount: expected.toBase58(),
      feeMint: USDC,
    });
    expect(terms.quote.platformFee).toEqual({ amount: 745_000n, feeBps: 80 });
  });

  it('carries no integrator fee when the answer falls back (no token account of the fee mint)', async () => {
    const terms = await orderFeeTerms(
      connection,
      { referralAccount, referralFeeBps: 80 },
      answer({ feeBps: 0 }),
    );
    expect(terms.fees).toBeNull();
    expect(terms.quote).toBe(quote);
  });

  it('refuses an answer for another referral account, or one without the one asked', async () => {
    const other = namedReferralAccount(ULTRA_REFERRAL_PROJECT, 'someone-else');
    for (const [referral, named] of [
      [{ referralAccount, referralFeeBps: 80 }, other],
      [null, referralAccount],
    ] as const) {
      try {
        await orderFeeTerms(connection, referral, answer({ referralAccount: named }));
        expect.unreachable('accepted an answer for another referral account');
      } catch (error) {
        expect(isWalletError(error) && error.code).toBe('SWAP_API_BAD_RESPONSE');
        expect((error as Error).message).toContain(named);
      }
    }
  });

  it('refuses a fee taken in a token the swap does not move', async () => {
    const elsewhere = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB' as Address;
    await expect(
      orderFeeTerms(
        connection,
        { referralAccount, referralFeeBps: 80 },
        answer({ feeMint: elsewhere }),
      ),
    ).rejects.toThrow(/does not move/);
  });

  it("carries Jupiter's own fee with no referral, and refuses one above its published 50 bps", async () => {
    const stated = { amount: 745_000n, feeBps: 5, feeMint: USDC };
    const terms = await orderFeeTerms(connection, null, {
      ...answer({ referralAccount: null, feeBps: 5 }),
      platformFee: stated,
    });
    expect(terms.fees).toBeNull();
    expect(terms.serviceFee).toEqual({ by: 'Jupiter', feeBps: 5, amount: 745_000n, mint: USDC });
    await expect(
      orderFeeTerms(connection, null, {
        ...answer({ referralAccount: null, feeBps: 51 }),
        platformFee: { ...stated, feeBps: 51 },
      }),
    ).rejects.toThrow(/51 bps for itself, above the 50 bps/);
  });

  it('names the person’s own referral account on a fallback order, so a fee into it is attributable', async () => {
    // The referral fee did not apply (its answer's feeBps is Jupiter's 5, not the 80 asked).
    const terms = await orderFeeTerms(
      connection,
      { referralAccount, referralFeeBps: 80 },
      { ...answer({ feeBps: 5 }), platformFee: { amount: 745_000n, feeBps: 5, feeMint: USDC } },
    );
    expect(terms.fees).toBeNull();
    expect(terms.serviceFee).toMatchObject({
      by: 'Jupiter',
      feeBps: 5,
      integratorReferral: referralAccount,
    });
  });
});
