/**
 * A merchant that pays the network fee (issue 34 point 2; SPEC.md "POST Response": a partly
 * signed transaction keeps its bytes, every existing signature is verified, the wallet signs
 * only as the account posted). The sandbox's honest merchant with `fee=merchant` sets itself as
 * fee payer, its own blockhash, and signs first. The wallet reviews it as is, says the merchant
 * pays the fee, signs in the person's slot only; the transaction lands under the merchant's
 * signature (its id), the merchant's wallet is charged the fee and the person's SOL not at all;
 * the merchant then finds and validates the payment with @solana/pay.
 */
import { PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { SANDBOX_MERCHANT } from '../../main/sandbox/merchant/merchant-shop';
import { ataOf, USDC, usePaySession } from './pay-helpers';
import { expectFoundByReference, expectValidTransfer } from './merchant-check';

const pay = usePaySession('merchant-fee-payer', { payerUsdc: 100_000_000n });

describe('a merchant that pays the network fee', () => {
  it('is reviewed as signed, signed only by the person, lands, and charges the fee to the merchant', async () => {
    const order = `fee-${Date.now()}`;
    const url = new URL(`/sandbox/merchant/usdc?order=${order}&fee=merchant`, pay.sandbox.rpcUrl);
    const text = `solana:${encodeURIComponent(url.href)}`;
    const domain = url.host;
    const merchant = SANDBOX_MERCHANT.toBase58();

    const review = await pay.wallet.call('merchant.review', { text });
    expect(review.ticket.report.refusals).toEqual([]);
    expect(review.ticket.report.feePayer).toBe(merchant);
    expect(review.feePaidBy).toBe('merchant');
    expect(review.summary).toBe(
      `Pays 2.5 USDC to ${domain}'s account ${merchant.slice(0, 4)}…${merchant.slice(-4)}; creates nothing; asks nothing else of you. ${domain} pays the network fee.`,
    );
    const feeVerdict = review.ticket.report.verdicts.find((v) => v.rule === 'fee-payer');
    expect(feeVerdict).toMatchObject({ ok: true });
    expect(feeVerdict?.reason).toMatch(/^The merchant pays the network fee/);
    // The merchant's signature is kept, and only the person's slot is blank.
    expect(review.ticket.report.signatures).toEqual([
      { signer: merchant, state: 'valid' },
      { signer: pay.payer, state: 'missing' },
    ]);

    const lamportsBefore = {
      person: await pay.connection.getBalance(new PublicKey(pay.payer), 'confirmed'),
      merchant: await pay.connection.getBalance(SANDBOX_MERCHANT, 'confirmed'),
    };
    const usdcBefore = await pay.tokenBalance(ataOf(merchant, USDC));
    const submission = await pay.wallet.call('merchant.approve', {
      ticketId: review.ticket.ticketId,
      transactionBase64: review.ticket.transactionBase64,
    });
    const signature = await pay.confirmedSignature(submission.signature);
    const landed = await pay.connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    // The network knows it by its first signature: the merchant's.
    expect(landed?.transaction.message.staticAccountKeys[0]?.toBase58()).toBe(merchant);
    const fee = BigInt(landed!.meta!.fee);
    expect(fee).toBe(10_000n); // two signatures at 5 000 lamports
    expect(await pay.connection.getBalance(new PublicKey(pay.payer), 'confirmed')).toBe(
      lamportsBefore.person,
    );
    expect(
      BigInt(lamportsBefore.merchant) -
        BigInt(await pay.connection.getBalance(SANDBOX_MERCHANT, 'confirmed')),
    ).toBe(fee);
    expect((await pay.tokenBalance(ataOf(merchant, USDC))) - usdcBefore).toBe(2_500_000n);

    await expectFoundByReference(pay.connection, order, signature);
    await expectValidTransfer(pay.connection, order, signature, {
      price: '2.5',
      splToken: new PublicKey(USDC),
    });
    const entry = (await pay.wallet.call('activity.list', {})).find(
      (e) => e.signature === signature,
    );
    expect(entry?.status).toBe('confirmed');
  });
});
