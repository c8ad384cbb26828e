/**
 * From any token (issue 34 point 4): a person holding only SOL opens the sandbox merchant's
 * USDC transaction request. The review says how much USDC they lack (`shortfall`); an
 * exact-output swap of SOL into exactly that, reviewed and approved on its own as a swap, comes
 * first; then the merchant is asked again (a fresh POST) and its transaction reviewed and paid,
 * and the merchant finds the payment by its reference (@solana/pay's findReference).
 */
import { findReference } from '@solana/pay';
import { describe, expect, it } from 'vitest';
import { orderReference, SANDBOX_MERCHANT } from '../../main/sandbox/merchant/merchant-shop';
import { ataOf, confirmedSignature, SOL, tokenBalance, USDC, usePaySession } from './pay-helpers';

const pay = usePaySession('merchant-swap-first');

describe('paying a merchant in a token the payer lacks', () => {
  it('swaps SOL into exactly the USDC missing, then pays the merchant after a fresh review', async () => {
    const order = `swap-first-${Date.now()}`;
    const url = new URL(`/sandbox/merchant/usdc?order=${order}`, pay.sandbox.rpcUrl);
    const text = `solana:${encodeURIComponent(url.href)}`;

    const first = await pay.wallet.call('merchant.review', { text });
    expect(first.ticket.report.accepted).toBe(false);
    expect(first.shortfall).toBe('2500000');

    const quote = await pay.wallet.call('swap.quote', {
      inputMint: SOL,
      outputMint: USDC,
      amount: first.shortfall!,
      swapMode: 'ExactOut',
      slippage: { bps: 100 },
    });
    const swap = await pay.wallet.call('swap.review', { quoteId: quote.quoteId });
    expect(swap.report.refusals).toEqual([]);
    const swapped = await pay.wallet.call('swap.approve', {
      ticketId: swap.ticketId,
      transactionBase64: swap.transactionBase64,
    });
    await confirmedSignature(pay.wallet, swapped.signature);
    expect(await tokenBalance(pay.connection, ataOf(pay.payer, USDC))).toBe(2_500_000n);

    // A fresh POST: the merchant's transaction built again, reviewed again.
    const second = await pay.wallet.call('merchant.review', { text });
    expect(second.ticket.report.refusals).toEqual([]);
    expect(second.shortfall).toBeNull();
    const before = await tokenBalance(pay.connection, ataOf(SANDBOX_MERCHANT.toBase58(), USDC));
    const paid = await pay.wallet.call('merchant.approve', {
      ticketId: second.ticket.ticketId,
      transactionBase64: second.ticket.transactionBase64,
    });
    const signature = await confirmedSignature(pay.wallet, paid.signature);
    expect(
      (await tokenBalance(pay.connection, ataOf(SANDBOX_MERCHANT.toBase58(), USDC))) - before,
    ).toBe(2_500_000n);
    expect(await tokenBalance(pay.connection, ataOf(pay.payer, USDC))).toBe(0n);
    const found = await findReference(pay.connection, orderReference(order), {
      finality: 'confirmed',
    });
    expect(found.signature).toBe(signature);
  });
});
