/**
 * Paying a Solana Pay transaction request (issue 34) end to end in main: the real composition
 * root behind the real registry, the real keychain and review, and the sandbox's honest
 * merchant (main/sandbox/merchant/, built on @solana/pay's createTransfer). The merchant then
 * checks the payment as a real merchant does, with @solana/pay's findReference and
 * validateTransfer (SPEC.md "Reference": the reference key finds the transaction), and its
 * v1.1 redirect (SPEC1.1.md "POST Response") is kept until the payment is confirmed.
 */
import { describe, expect, it } from 'vitest';
import { orderMemo, SANDBOX_MERCHANT } from '../../main/sandbox/merchant/merchant-shop';
import { ataOf, PYUSD, USDC, usePaySession } from './pay-helpers';
import { expectFoundByReference, expectValidTransfer } from './merchant-check';

const pay = usePaySession('merchant-pay', { payerUsdc: 100_000_000n });

function link(item: 'usdc' | 'pyusd', order: string): string {
  const url = new URL(`/sandbox/merchant/${item}?order=${order}`, pay.sandbox.rpcUrl);
  // SPEC.md "Link": a link with a query of its own is URL-encoded.
  return `solana:${encodeURIComponent(url.href)}`;
}

describe('a transaction request from the sandbox merchant', () => {
  it('shows the domain, label and checked icon, reviews 2.5 USDC, pays it, and the merchant finds and validates it', async () => {
    const order = `usdc-${Date.now()}`;
    const text = link('usdc', order);
    const domain = new URL(pay.sandbox.rpcUrl).host;
    const merchant = await pay.wallet.call('merchant.open', { text });
    expect(merchant).toMatchObject({ domain, label: 'Sandbox Coffee', iconNote: null });
    expect(merchant.icon).toMatch(/^data:image\/png;base64,/);

    const review = await pay.wallet.call('merchant.review', { text });
    expect(review.ticket.report.refusals).toEqual([]);
    expect(review.summary).toBe(
      `Pays 2.5 USDC to ${domain}'s account ${SANDBOX_MERCHANT.toBase58().slice(0, 4)}…${SANDBOX_MERCHANT.toBase58().slice(-4)}; creates nothing; asks nothing else of you.`,
    );
    expect(review.message).toBe(`Thank you! One coffee, 2.5 USDC, order ${order}.`);
    expect(review.amount).toBe('2500000');
    // The spec: an unsigned transaction gets the wallet's fee payer (the person).
    expect(review.ticket.report.feePayer).toBe(pay.payer);

    // The redirect waits for the confirmation.
    const before = await pay.tokenBalance(ataOf(SANDBOX_MERCHANT.toBase58(), USDC));
    const submission = await pay.wallet.call('merchant.approve', {
      ticketId: review.ticket.ticketId,
      transactionBase64: review.ticket.transactionBase64,
    });
    const signature = await pay.confirmedSignature(submission.signature);
    const after = await pay.tokenBalance(ataOf(SANDBOX_MERCHANT.toBase58(), USDC));
    expect(after - before).toBe(2_500_000n);

    // The merchant's own check, as a shop makes it with @solana/pay.
    await expectFoundByReference(pay.connection, order, signature);
    await expectValidTransfer(pay.connection, order, signature, {
      price: '2.5',
      splToken: new (await import('@solana/web3.js')).PublicKey(USDC),
    });
    const status = await fetch(
      new URL(`/sandbox/merchant/status?order=${order}&item=usdc`, pay.sandbox.rpcUrl),
    );
    expect(await status.json()).toEqual({ paid: true, signature });

    // Confirmed: the redirect is followed (no system browser in this composition, so it is named).
    const refusal = await pay.wallet.refusal('merchant.redirect', { signature });
    expect(refusal.message).toContain(`/sandbox/merchant/thanks?order=${order}`);
  });

  it('pays the Token-2022 item (PYUSD) with its reference and memo', async () => {
    await pay.faucet(pay.payer, PYUSD, 10_000_000n);
    const order = `pyusd-${Date.now()}`;
    const text = link('pyusd', order);
    const review = await pay.wallet.call('merchant.review', { text });
    expect(review.ticket.report.refusals).toEqual([]);
    expect(review.summary).toMatch(/^Pays 1\.25 PYUSD to /);
    const submission = await pay.wallet.call('merchant.approve', {
      ticketId: review.ticket.ticketId,
      transactionBase64: review.ticket.transactionBase64,
    });
    const signature = await pay.confirmedSignature(submission.signature);
    await expectFoundByReference(pay.connection, order, signature);
    const entry = (await pay.wallet.call('activity.list', {})).find(
      (e) => e.signature === signature,
    );
    expect(entry?.payment).toMatchObject({ amount: '1250000', memo: orderMemo(order) });
  });
});
