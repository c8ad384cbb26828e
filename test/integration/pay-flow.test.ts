/**
 * Paying in main end to end: the real composition root behind the real registry (strict
 * contract schemas), the real OS keychain (gnome-keyring in the test's D-Bus session), the real
 * review and a real sandbox process. A payer holding only SOL pays exactly 12.5 USDC; a payer
 * holding USDC pays with a plain TransferChecked; a payee without a token account is created
 * first; a Token-2022 (PYUSD) payee; malformed links. Fees: pay-fees.test.ts; invoices with
 * reference keys and a memo: pay-invoice.test.ts; edges: pay-edges.test.ts.
 */
import { PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { ataOf, newKey, PYUSD, SOL, USDC, usePaySession } from './pay-helpers';

const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

// Only SOL: the first payment must swap.
const pay = usePaySession('pay-flow');

describe('paying a transfer request', () => {
  it('pays exactly 12.5 USDC holding only SOL, spending at most the maximum shown', async () => {
    const payee = await pay.payeeWithAccount(USDC);
    const text = `solana:${payee}?amount=12.5&spl-token=${USDC}&label=Coffee%20Shop&message=Order%2042`;
    const parsed = await pay.wallet.call('pay.parse', { text });
    expect(parsed).toMatchObject({
      recipient: payee,
      mint: { mint: USDC, symbol: 'USDC', decimals: 6, verified: true },
      amountText: '12.5',
      amount: '12500000',
      label: 'Coffee Shop',
      message: 'Order 42',
      payee: { recipientKind: 'wallet', tokenAccount: ataOf(payee, USDC), exists: true },
    });
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: SOL });
    expect(plan).toMatchObject({
      kind: 'swap',
      route: 'swap-to-payee',
      amount: '12500000',
      payerAccountRentLamports: '0',
    });
    expect(BigInt(plan.maxSpend)).toBeGreaterThan(BigInt(plan.expectedSpend));
    expect(plan.quote?.swapMode).toBe('ExactOut');
    expect(Date.now() - Date.parse(plan.quotedAt)).toBeLessThan(60_000);

    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    expect(ticket.report.refusals).toEqual([]);
    expect(ticket.report.verdicts.find((v) => v.rule === 'payment')).toMatchObject({ ok: true });
    const payeeBefore = await pay.tokenBalance(ataOf(payee, USDC));
    const solBefore = BigInt(await pay.connection.getBalance(new PublicKey(pay.payer)));
    const signature = await pay.approveAndConfirm(ticket);

    expect((await pay.tokenBalance(ataOf(payee, USDC))) - payeeBefore).toBe(12_500_000n);
    const receipt = await pay.wallet.call('pay.receipt', { signature });
    expect(receipt).toMatchObject({ status: 'confirmed', delivered: '12500000', mint: USDC });
    // SOL spent = swap input + network fee (the temporary wSOL account's rent comes back).
    const spentOnSwap = BigInt(receipt.spent) - BigInt(receipt.networkFeeLamports);
    expect(spentOnSwap).toBeLessThanOrEqual(BigInt(plan.maxSpend));
    expect(spentOnSwap).toBeGreaterThan(0n);
    const solAfter = BigInt(await pay.connection.getBalance(new PublicKey(pay.payer)));
    expect(solBefore - solAfter).toBe(BigInt(receipt.spent));

    const entry = (await pay.wallet.call('activity.list', {})).find(
      (e) => e.signature === signature,
    );
    expect(entry).toMatchObject({
      kind: 'pay',
      status: 'confirmed',
      payment: {
        recipient: payee,
        amount: '12500000',
        maxSpend: plan.maxSpend,
        delivered: '12500000',
        label: 'Coffee Shop',
      },
    });
  });

  it('pays with a plain TransferChecked when the payer holds the token', async () => {
    await pay.faucet(pay.payer, USDC, 50_000_000n);
    const payee = await pay.payeeWithAccount(USDC);
    const text = `solana:${payee}?amount=3.25&spl-token=${USDC}`;
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    expect(plan).toMatchObject({
      kind: 'direct',
      route: 'direct-transfer',
      maxSpend: '3250000',
      expectedSpend: '3250000',
      quote: null,
    });
    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    expect(ticket.report.refusals).toEqual([]);
    const kinds = ticket.report.instructions.map((i) => i.decoded.kind);
    expect(kinds).toEqual(['tokenTransfer']); // no swap, no compute budget, nothing else
    const payerBefore = await pay.tokenBalance(ataOf(pay.payer, USDC));
    const signature = await pay.approveAndConfirm(ticket);
    expect(await pay.wallet.call('pay.receipt', { signature })).toMatchObject({
      delivered: '3250000',
      spent: '3250000',
    });
    expect(payerBefore - (await pay.tokenBalance(ataOf(pay.payer, USDC)))).toBe(3_250_000n);
  });

  it('asks for the amount when the request has none, and refuses one that changes it', async () => {
    const payee = await pay.payeeWithAccount(USDC);
    const open = `solana:${payee}?spl-token=${USDC}`;
    expect(await pay.wallet.call('pay.parse', { text: open })).toMatchObject({ amount: null });
    expect(await pay.wallet.refusal('pay.quote', { text: open, payWithMint: USDC })).toMatchObject({
      code: 'INVALID_AMOUNT',
      message: expect.stringMatching(/enter the amount/),
    });
    expect(
      await pay.wallet.call('pay.quote', { text: open, amount: '0.5', payWithMint: USDC }),
    ).toMatchObject({ amount: '500000' });
    expect(
      await pay.wallet.refusal('pay.quote', {
        text: `${open}&amount=1`,
        amount: '2',
        payWithMint: USDC,
      }),
    ).toMatchObject({ code: 'INVALID_AMOUNT' });
  });

  it('says the payee has no token account, creates it in its own transaction, then pays', async () => {
    const payee = newKey();
    const text = `solana:${payee}?amount=1.5&spl-token=${USDC}`;
    const parsed = await pay.wallet.call('pay.parse', { text });
    expect(parsed.payee).toMatchObject({ exists: false, tokenAccount: ataOf(payee, USDC) });
    const rent = BigInt(parsed.payee.rentLamports);
    expect(rent).toBe(BigInt(await pay.connection.getMinimumBalanceForRentExemption(165)));
    expect(await pay.wallet.refusal('pay.quote', { text, payWithMint: USDC })).toMatchObject({
      code: 'DESTINATION_MISSING',
      message: expect.stringMatching(/no .* token account yet.*Create it first/),
    });

    const create = await pay.wallet.call('pay.createDestination', { text });
    expect(create.report.refusals).toEqual([]);
    expect(create.report.instructions.map((i) => i.decoded.kind)).toEqual(['ataCreate']);
    // The payer funds the payee's new account: the review counts its rent (a token account).
    expect(BigInt(create.report.rentLamports)).toBe(2_039_280n);
    expect(BigInt(create.report.rentLamports)).toBe(rent);
    const created = create.report.balanceChanges.find((c) => c.role === 'destination');
    expect(created).toMatchObject({ account: ataOf(payee, USDC), created: true });
    const solBefore = BigInt(
      (await pay.wallet.call('balances.get', { address: pay.payer })).lamports,
    );
    await pay.approveAndConfirm(create);
    const solAfter = BigInt(
      (await pay.wallet.call('balances.get', { address: pay.payer })).lamports,
    );
    expect(solBefore - solAfter).toBe(rent + BigInt(create.report.networkFee.totalLamports));
    const entries = await pay.wallet.call('activity.list', {});
    expect(entries[0]).toMatchObject({ kind: 'other', status: 'confirmed' });

    expect((await pay.wallet.call('pay.parse', { text })).payee.exists).toBe(true);
    expect(await pay.wallet.refusal('pay.createDestination', { text })).toMatchObject({
      code: 'NOT_AVAILABLE',
    });
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    await pay.approveAndConfirm(await pay.wallet.call('pay.review', { planId: plan.planId }));
    expect(await pay.tokenBalance(ataOf(payee, USDC))).toBe(1_500_000n);
  });

  it('pays a Token-2022 (PYUSD) payee: account created under Token-2022, paid by a swap', async () => {
    const payee = newKey();
    const text = `solana:${payee}?amount=2&spl-token=${PYUSD}`;
    const parsed = await pay.wallet.call('pay.parse', { text });
    expect(parsed.mint).toMatchObject({ mint: PYUSD, tokenProgram: TOKEN_2022, decimals: 6 });
    expect(parsed.payee).toMatchObject({ exists: false, tokenAccount: ataOf(payee, PYUSD) });
    const create = await pay.wallet.call('pay.createDestination', { text });
    expect(create.report.refusals).toEqual([]);
    await pay.approveAndConfirm(create);
    const info = await pay.connection.getAccountInfo(new PublicKey(ataOf(payee, PYUSD)));
    expect(info?.owner.toBase58()).toBe(TOKEN_2022);
    expect(BigInt(info!.lamports)).toBe(BigInt(parsed.payee.rentLamports));
    expect(create.report.rentLamports).toBe(parsed.payee.rentLamports);

    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    expect(plan).toMatchObject({ kind: 'swap', route: 'swap-to-payee', amount: '2000000' });
    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    expect(ticket.report.refusals).toEqual([]);
    const signature = await pay.approveAndConfirm(ticket);
    expect(await pay.tokenBalance(ataOf(payee, PYUSD))).toBe(2_000_000n);
    const receipt = await pay.wallet.call('pay.receipt', { signature });
    expect(receipt.delivered).toBe('2000000');
    expect(BigInt(receipt.spent)).toBeLessThanOrEqual(BigInt(plan.maxSpend));
  });

  it('refuses malformed payment links with the reason', async () => {
    const payee = newKey();
    const cases: [string, string, RegExp][] = [
      [
        'solana:https%3A%2F%2Fshop.example%2Fpay%3Forder%3D7',
        'TRANSACTION_REQUEST_UNSUPPORTED',
        /transaction request: the merchant builds the transaction/,
      ],
      [
        `solana:${payee}?amount=1&memo=${'m'.repeat(2100)}`,
        'INVALID_PAYMENT_REQUEST',
        /at most 2048/,
      ],
      [`solana:${payee}?amount=1.0000001&spl-token=${USDC}`, 'INVALID_AMOUNT', /at most 6 digits/],
      [`solana:${payee}?amount=1,5&spl-token=${USDC}`, 'INVALID_PAYMENT_REQUEST', /decimal number/],
      [`solana:notakey?amount=1&spl-token=${USDC}`, 'INVALID_PAYMENT_REQUEST', /recipient/],
      [`solana:${payee}?amount=1&spl-token=${payee}`, 'TOKEN_NOT_FOUND', /not a token mint/],
      [`solana:${payee}?amount=1&amount=2&spl-token=${USDC}`, 'INVALID_PAYMENT_REQUEST', /2 times/],
      [`https://pay.example/${payee}`, 'INVALID_PAYMENT_REQUEST', /must start with "solana:"/],
    ];
    for (const [text, code, message] of cases) {
      expect(await pay.wallet.refusal('pay.parse', { text }), text.slice(0, 80)).toMatchObject({
        code,
        message: expect.stringMatching(message),
      });
    }
    expect(await pay.wallet.refusal('pay.parse', { text: 'x'.repeat(5000) })).toMatchObject({
      code: 'INVALID_REQUEST',
    });
    expect(
      await pay.wallet.refusal('pay.quote', {
        text: `solana:${payee}`,
        payWithMint: USDC,
        extra: 1,
      }),
    ).toMatchObject({ code: 'INVALID_REQUEST' });
  });
});
