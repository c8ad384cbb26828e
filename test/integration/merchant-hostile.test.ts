/**
 * Hostile Solana Pay merchants (issue 34): each one is refused in words and nothing is signed
 * (no Activity entry, the payer's USDC untouched). The wallet's rules are SPEC.md's "POST
 * Response" ones (signatures verified, no other signer may be awaited), SPEC1.1.md's redirect
 * ("an absolute HTTPS or solana: URL") and error `message` (at least 80 characters shown), and
 * the swaps' guard on everything else the transaction does (main/review/README.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LONG_ERROR,
  startHostileMerchant,
  type HostileMerchant,
  type HostileMode,
} from '../harness/hostile-merchant';
import { ataOf, confirmedSignature, tokenBalance, USDC, usePaySession } from './pay-helpers';

const pay = usePaySession('merchant-hostile', { payerUsdc: 50_000_000n });
let merchant: HostileMerchant;

beforeAll(async () => {
  const payee = await pay.payeeWithAccount(USDC);
  merchant = await startHostileMerchant(pay.sandbox.rpcUrl, payee);
});
afterAll(async () => merchant?.close());

/** The review of `mode`'s transaction; refused by the guard, and approve refuses to sign it. */
async function refusedReview(mode: HostileMode): Promise<string[]> {
  const text = merchant.link(mode);
  const review = await pay.wallet.call('merchant.review', { text });
  expect(review.ticket.report.accepted).toBe(false);
  const approve = await pay.wallet.refusal('merchant.approve', {
    ticketId: review.ticket.ticketId,
    transactionBase64: review.ticket.transactionBase64,
  });
  expect(approve.code).toBe('GUARD_REFUSED');
  return review.ticket.report.refusals;
}

async function refusal(mode: HostileMode): Promise<string> {
  const error = await pay.wallet.refusal('merchant.review', { text: merchant.link(mode) });
  expect(error.code).toBe('MERCHANT_REFUSED');
  return error.message;
}

describe('hostile merchants', () => {
  it('refuses an extra SOL transfer to a third party', async () => {
    const refusals = (await refusedReview('extra-sol')).join(' ');
    expect(refusals).toMatch(/SOL/);
    expect(refusals).toContain(merchant.stranger.toBase58().slice(0, 4));
  });

  it('refuses an approval of your USDC to someone else', async () => {
    expect((await refusedReview('approval')).join(' ')).toMatch(/delegate|approv/i);
  });

  it('refuses a transaction that expects another signature (SPEC.md: malicious)', async () => {
    expect(await refusal('other-signer')).toMatch(
      /also needs the signature of .*, which is missing: someone else would still have to approve it/,
    );
  });

  it('refuses a partly signed transaction whose signature does not hold (SPEC.md: malformed)', async () => {
    expect(await refusal('bad-signature')).toMatch(
      /carries a signature of .* that is not valid for its contents: it was changed after it was signed/,
    );
  });

  it('refuses a durable nonce', async () => {
    expect((await refusedReview('durable-nonce')).join(' ')).toMatch(/nonce/i);
  });

  it('refuses a label claiming 1.00 USDC when the transaction pays 5', async () => {
    expect(await refusedReview('label-claim')).toContain(
      `${new URL(merchant.link('label-claim').slice('solana:'.length)).host} says "1.00 USDC", but its transaction pays 5 USDC. Do not approve it; ask the merchant which is right.`,
    );
  });

  it('does not show a hostile SVG icon, and says why', async () => {
    const open = await pay.wallet.call('merchant.open', { text: merchant.link('svg-icon') });
    expect(open.icon).toBeNull();
    expect(open.iconNote).toContain('never an SVG, which can carry script');
  });

  it('refuses an answer too large', async () => {
    expect(await refusal('too-large')).toContain('sent an answer larger than 64 KiB');
  });

  it('refuses a merchant too slow to answer', { timeout: 30_000 }, async () => {
    expect(await refusal('too-slow')).toContain('did not answer within 10 seconds');
  });

  it('refuses a redirect to a place that is not https', async () => {
    expect(await refusal('bad-redirect')).toContain(
      'asks to send you afterwards to a place that is not an https page or a Solana Pay link',
    );
  });

  it("shows the merchant's error message, more than its first 80 characters", async () => {
    const message = await refusal('error-message');
    expect(message).toContain('(HTTP 403)');
    expect(message).toContain(LONG_ERROR.slice(0, 100));
  });

  it('keeps the bytes of a validly co-signed transaction and pays it (SPEC.md: the wallet must not set fee payer or blockhash)', async () => {
    const review = await pay.wallet.call('merchant.review', { text: merchant.link('cosigned') });
    expect(review.ticket.report.refusals).toEqual([]);
    expect(review.ticket.report.signatures).toEqual([
      { signer: pay.payer, state: 'missing' },
      { signer: merchant.stranger.toBase58(), state: 'valid' },
    ]);
    const submission = await pay.wallet.call('merchant.approve', {
      ticketId: review.ticket.ticketId,
      transactionBase64: review.ticket.transactionBase64,
    });
    await confirmedSignature(pay.wallet, submission.signature);
    expect(await tokenBalance(pay.connection, ataOf(pay.payer, USDC))).toBe(49_000_000n);
    // Its redirect: none was asked for.
    expect(
      (await pay.wallet.refusal('merchant.redirect', { signature: submission.signature })).message,
    ).toContain('asked for no page');
  });

  describe('a merchant paying the network fee (issue 34 point 2) is still refused', () => {
    it('when its signature does not hold over the bytes sent', async () => {
      expect(await refusal('fee-bad-signature')).toMatch(
        /carries a signature of .* that is not valid for its contents: it was changed after it was signed/,
      );
    });

    it('when a third signature is still missing', async () => {
      expect(await refusal('fee-other-signer')).toMatch(
        /also needs the signature of .*, which is missing: someone else would still have to approve it/,
      );
    });

    it('when it advances a durable nonce', async () => {
      const refusals = (await refusedReview('fee-durable-nonce')).join(' ');
      expect(refusals).toMatch(/nonce/i);
      // The fee payer itself is accepted: its signature is valid.
      expect(refusals).not.toMatch(/network fee would be paid by/);
    });
  });

  it('signed nothing through any of the hostile ones', async () => {
    // The only entry is the co-signed payment of 1 USDC above.
    expect((await pay.wallet.call('activity.list', {})).length).toBe(1);
    expect(await tokenBalance(pay.connection, ataOf(pay.payer, USDC))).toBe(49_000_000n);
  });
});
