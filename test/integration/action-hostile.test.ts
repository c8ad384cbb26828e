/**
 * Hostile Solana Actions (issue 34 point 5): an action's transaction is refused exactly as a
 * merchant's transaction request is (the same guard path and words:
 * test/integration/merchant-hostile.test.ts), and an action's own answers too large or too
 * slow are refused in words; nothing is signed (no Activity entry, the payer's USDC untouched).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHostileAction, type HostileAction } from '../harness/hostile-action';
import { startHostileMerchant, type HostileMerchant } from '../harness/hostile-merchant';
import { ataOf, tokenBalance, USDC, usePaySession } from './pay-helpers';

const pay = usePaySession('action-hostile', { payerUsdc: 50_000_000n });
let merchant: HostileMerchant;
let action: HostileAction;

beforeAll(async () => {
  merchant = await startHostileMerchant(pay.sandbox.rpcUrl, await pay.payeeWithAccount(USDC));
  action = await startHostileAction(merchant);
});
afterAll(async () => {
  await action?.close();
  await merchant?.close();
});

async function opened(mode: Parameters<HostileAction['link']>[0]) {
  return pay.wallet.call('action.open', { text: action.link(mode) });
}

/** The action's review of `mode`: refused by the guard, and approve refuses to sign it. */
async function refusedReview(mode: Parameters<HostileAction['link']>[0]): Promise<string> {
  const { actionId } = await opened(mode);
  const review = await pay.wallet.call('action.review', { actionId, link: 0, values: {} });
  expect(review.ticket.report.accepted).toBe(false);
  const approve = await pay.wallet.refusal('action.approve', {
    ticketId: review.ticket.ticketId,
    transactionBase64: review.ticket.transactionBase64,
  });
  expect(approve.code).toBe('GUARD_REFUSED');
  return review.ticket.report.refusals.join(' ');
}

describe('hostile actions', () => {
  it('refuses an extra SOL transfer to a third party, as for a merchant', async () => {
    const refusals = await refusedReview('extra-sol');
    expect(refusals).toMatch(/SOL/);
    expect(refusals).toContain(merchant.stranger.toBase58().slice(0, 4));
  });

  it('refuses an approval of your USDC to someone else, as for a merchant', async () => {
    expect(await refusedReview('approval')).toMatch(/delegate|approv/i);
  });

  it('refuses a button that says 1.00 USDC when the transaction pays 5, as a merchant label', async () => {
    const host = new URL(merchant.link('label-claim').slice('solana:'.length)).host;
    expect(await refusedReview('label-claim')).toContain(
      `${host} says "1.00 USDC", but its transaction pays 5 USDC. Do not approve it; ask the merchant which is right.`,
    );
  });

  it('refuses a transaction that expects another signature (spec: malicious)', async () => {
    const { actionId } = await opened('other-signer');
    const error = await pay.wallet.refusal('action.review', { actionId, link: 0, values: {} });
    expect(error.code).toBe('MERCHANT_REFUSED');
    expect(error.message).toMatch(/also needs the signature of .*, which is missing/);
  });

  it('refuses a POST answer too large', async () => {
    const { actionId } = await opened('too-large');
    const error = await pay.wallet.refusal('action.review', { actionId, link: 0, values: {} });
    expect(error.code).toBe('MERCHANT_REFUSED');
    expect(error.message).toContain('sent an answer larger than 64 KiB');
  });

  it('refuses an action whose GET is too large', async () => {
    const error = await pay.wallet.refusal('action.open', { text: action.link('large-get') });
    expect(error.message).toContain('sent an answer larger than 64 KiB');
  });

  it('refuses an action too slow to answer its GET', { timeout: 30_000 }, async () => {
    const error = await pay.wallet.refusal('action.open', { text: action.link('slow-get') });
    expect(error.code).toBe('MERCHANT_REFUSED');
    expect(error.message).toContain('did not answer within 10 seconds');
  });

  it('refuses an action too slow to answer its POST', { timeout: 30_000 }, async () => {
    const { actionId } = await opened('too-slow');
    const error = await pay.wallet.refusal('action.review', { actionId, link: 0, values: {} });
    expect(error.message).toContain('did not answer within 10 seconds');
  });

  it('signed nothing through any of them', async () => {
    expect(await pay.wallet.call('activity.list', {})).toEqual([]);
    expect(await tokenBalance(pay.connection, ataOf(pay.payer, USDC))).toBe(50_000_000n);
  });
});
