/**
 * Edges of paying, through the real wallet on a real sandbox: a recipient that is itself a
 * token account (paid into directly; of another token: refused), an invoice with more reference
 * keys than fit in one transaction (TRANSACTION_TOO_LARGE, nothing built to sign), an amount no
 * exact-output route can pay (NO_ROUTE with a suggestion), and a SOL (no spl-token) request to a
 * token account (INVALID_RECIPIENT; SOL requests themselves are paid in pay-sol.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { ataOf, newKey, PYUSD, SOL, USDC, usePaySession } from './pay-helpers';

const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';

const pay = usePaySession('pay-edges', { payerUsdc: 100_000_000n });

describe('paying: edges', () => {
  it('pays into a recipient that is a token account of the mint', async () => {
    const owner = newKey();
    await pay.faucet(owner, USDC, 1n);
    const account = ataOf(owner, USDC);
    const text = `solana:${account}?amount=0.75&spl-token=${USDC}`;
    expect((await pay.wallet.call('pay.parse', { text })).payee).toMatchObject({
      recipientKind: 'token-account',
      tokenAccount: account,
      exists: true,
    });
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    await pay.approveAndConfirm(await pay.wallet.call('pay.review', { planId: plan.planId }));
    expect(await pay.tokenBalance(account)).toBe(750_001n);
  });

  // Issue 32: a request's label, message and memo are the merchant's words. They are shown
  // inert (no bidi marks, links defanged); the transaction still carries the memo exactly.
  it("shows a hostile merchant's label, message and memo inert; the memo is paid as asked", async () => {
    const owner = newKey();
    await pay.faucet(owner, USDC, 1n);
    const phishing = 'Refund pending.\u202e Claim at https://shop-refunds.example/claim';
    const query = new URLSearchParams({
      amount: '0.5',
      'spl-token': USDC,
      label: 'shop-support.example',
      message: phishing,
      memo: phishing,
    });
    const text = `solana:${owner}?${query.toString()}`;
    const shown = 'Refund pending. Claim at hxxps[:]//shop-refunds[.]example/claim';
    expect(await pay.wallet.call('pay.parse', { text })).toMatchObject({
      label: 'shop-support[.]example',
      message: shown,
      memo: shown,
    });
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
    const memo = ticket.report.instructions.find((ix) => ix.decoded.kind === 'memo');
    expect(memo?.summary).toBe(
      `Memo text in the transaction, written by whoever built it, not Swapdesk's words: “${shown}”`,
    );
    // The bytes carry the memo exactly as the merchant asked (its invoice matches on it).
    expect(memo?.decoded.text).toBe(phishing);
    expect(ticket.report.accepted).toBe(true);
  });

  it('refuses a token-account recipient of another token', async () => {
    const owner = newKey();
    await pay.faucet(owner, USDT, 1n);
    expect(
      await pay.wallet.refusal('pay.parse', {
        text: `solana:${ataOf(owner, USDT)}?amount=1&spl-token=${USDC}`,
      }),
    ).toMatchObject({
      code: 'INVALID_RECIPIENT',
      message: expect.stringMatching(/holds another token/),
    });
    // A Token (classic) account named for a Token-2022 mint.
    expect(
      await pay.wallet.refusal('pay.parse', {
        text: `solana:${ataOf(owner, USDT)}?amount=1&spl-token=${PYUSD}`,
      }),
    ).toMatchObject({
      code: 'INVALID_RECIPIENT',
      message: expect.stringMatching(/neither a wallet nor/),
    });
  });

  it('refuses an invoice whose references do not fit in one transaction', async () => {
    const recipient = newKey();
    await pay.faucet(recipient, USDC, 1n);
    const references = Array.from({ length: 30 }, newKey);
    const text = `solana:${recipient}?amount=1&spl-token=${USDC}${references.map((r) => `&reference=${r}`).join('')}`;
    expect(text.length).toBeLessThanOrEqual(2048);
    const plan = await pay.wallet.call('pay.quote', { text, payWithMint: USDC });
    expect(await pay.wallet.refusal('pay.review', { planId: plan.planId })).toEqual({
      code: 'TRANSACTION_TOO_LARGE',
      message:
        'This payment needs more accounts than fit in one transaction; try paying with another token',
    });
  });

  it('says when no exact-output route can pay, and suggests another token', async () => {
    const recipient = newKey();
    await pay.faucet(recipient, PYUSD, 1n);
    // More PYUSD than the exact-output pools hold.
    const text = `solana:${recipient}?amount=5000000&spl-token=${PYUSD}`;
    expect(await pay.wallet.refusal('pay.quote', { text, payWithMint: SOL })).toMatchObject({
      code: 'NO_ROUTE',
      message: expect.stringMatching(/Try paying with another token, such as USDC/),
    });
  });

  it('refuses a SOL (no spl-token) request to an address that is not a wallet (paid: pay-sol.test.ts)', async () => {
    const owner = newKey();
    await pay.faucet(owner, USDC, 1n);
    expect(
      await pay.wallet.refusal('pay.parse', { text: `solana:${ataOf(owner, USDC)}?amount=1` }),
    ).toMatchObject({
      code: 'INVALID_RECIPIENT',
      message: expect.stringMatching(/is not a wallet .* cannot receive SOL/),
    });
  });
});
