/**
 * Integrator fees on payments (issue 5 point 6), through the real wallet (composition,
 * keychain, review) on a real sandbox: an exact-output payment takes its fee in the input mint
 * only, into the fee account, the payee still gaining exactly the amount, and Activity and
 * fees.balances keep it as a payment's. The fee is main's own setting (fees.set /
 * fees.setFeeAccount): a request naming one is refused, and settings without a fee account of
 * the mint paid with refuse the payment before any request.
 */
import { describe, expect, it } from 'vitest';
import { ataOf, newKey, SOL, USDC, usePaySession } from './pay-helpers';

// Only SOL: the first payment must swap.
const pay = usePaySession('pay-fees');

describe('fees on payments', () => {
  it('refuses a request that names its own fee: only main’s fee settings apply', async () => {
    const payee = await pay.payeeWithAccount(USDC);
    const text = `solana:${payee}?amount=1&spl-token=${USDC}`;
    const before = pay.wallet.urls.length;
    const refusal = await pay.wallet.refusal('pay.quote', {
      text,
      payWithMint: SOL,
      fees: { platformFeeBps: 20, feeAccount: ataOf(newKey(), SOL), feeMint: SOL },
    });
    expect(refusal.code).toBe('INVALID_REQUEST');
    const swapRequests = pay.wallet.urls
      .slice(before)
      .filter((url) => url.startsWith(pay.sandbox.swapApiUrl));
    expect(swapRequests).toEqual([]);
  });

  // The next two turn fees on in this wallet's settings (and off again at their end).
  it('takes the configured fee in the input mint into the fee account, payee still exact, and records it', async () => {
    const payee = await pay.payeeWithAccount(USDC);
    const feeOwner = newKey();
    await pay.faucet(feeOwner, SOL, 1_000_000n); // opens its wrapped-SOL account
    const feeAccount = ataOf(feeOwner, SOL);
    const text = `solana:${payee}?amount=7&spl-token=${USDC}`;
    await pay.wallet.call('fees.set', { enabled: true, platformFeeBps: 50 });
    try {
      await pay.wallet.call('fees.setFeeAccount', { mint: SOL, address: feeAccount });
      const plan = await pay.wallet.call('pay.quote', { text, payWithMint: SOL });
      expect(plan.platformFee).toMatchObject({ feeBps: 50 });
      const ticket = await pay.wallet.call('pay.review', { planId: plan.planId });
      expect(ticket.report.refusals).toEqual([]);
      expect(ticket.report.verdicts.find((v) => v.rule === 'fee-account')?.reason).toMatch(
        /^Your fee account .* receives .* less the swap service's share of /,
      );
      const feeBefore = await pay.tokenBalance(feeAccount);
      const payeeBefore = await pay.tokenBalance(ataOf(payee, USDC));
      const signature = await pay.approveAndConfirm(ticket);
      expect((await pay.tokenBalance(ataOf(payee, USDC))) - payeeBefore).toBe(7_000_000n);
      const gained = (await pay.tokenBalance(feeAccount)) - feeBefore;
      expect(gained).toBeGreaterThan(0n);
      const receipt = await pay.wallet.call('pay.receipt', { signature });
      expect(BigInt(receipt.spent) - BigInt(receipt.networkFeeLamports)).toBeLessThanOrEqual(
        BigInt(plan.maxSpend),
      );
      // Activity keeps the payment's fee, and fees.balances lists it as a payment.
      const entry = (await pay.wallet.call('activity.list', {})).find(
        (e) => e.signature === signature,
      );
      expect(entry).toMatchObject({
        kind: 'pay',
        platformFee: { feeAccount, mint: SOL, feeBps: 50 },
      });
      const paid = (await pay.wallet.call('fees.balances', {})).swaps.find(
        (s) => s.signature === signature,
      );
      expect(paid).toMatchObject({
        kind: 'pay',
        feeAccount,
        mint: SOL,
        platformFeeBps: 50,
        received: gained.toString(),
        status: 'confirmed',
      });
    } finally {
      await pay.wallet.call('fees.setFeeAccount', { mint: SOL, address: null });
      await pay.wallet.call('fees.set', { enabled: false });
    }
  });

  it('applies the fee settings to a payment that names no fee, refusing before any request', async () => {
    const payee = await pay.payeeWithAccount(USDC);
    const text = `solana:${payee}?amount=2&spl-token=${USDC}`;
    const feeOwner = newKey();
    await pay.faucet(feeOwner, SOL, 1_000_000n);
    await pay.faucet(feeOwner, USDC, 1n);
    await pay.wallet.call('fees.set', { enabled: true, platformFeeBps: 30 });
    try {
      // Only a USDC fee account: an exact-output payment with SOL cannot take its fee.
      await pay.wallet.call('fees.setFeeAccount', { mint: USDC, address: ataOf(feeOwner, USDC) });
      const before = pay.wallet.urls.length;
      expect(await pay.wallet.refusal('pay.quote', { text, payWithMint: SOL })).toMatchObject({
        code: 'FEE_ACCOUNT_MISSING',
        message: expect.stringMatching(/exact-output swap takes the fee in that token only/),
      });
      const asked = pay.wallet.urls
        .slice(before)
        .filter((url) => url.startsWith(pay.sandbox.swapApiUrl));
      expect(asked).toEqual([]);
      // A wrapped-SOL fee account: the payment's swap carries the configured fee.
      await pay.wallet.call('fees.setFeeAccount', { mint: SOL, address: ataOf(feeOwner, SOL) });
      const plan = await pay.wallet.call('pay.quote', { text, payWithMint: SOL });
      expect(plan.platformFee).toMatchObject({ feeBps: 30 });
      const feeBefore = await pay.tokenBalance(ataOf(feeOwner, SOL));
      await pay.approveAndConfirm(await pay.wallet.call('pay.review', { planId: plan.planId }));
      expect(await pay.tokenBalance(ataOf(payee, USDC))).toBe(2_000_001n);
      expect((await pay.tokenBalance(ataOf(feeOwner, SOL))) - feeBefore).toBeGreaterThan(0n);
      // Paying with the token itself is a plain transfer: no swap, no fee.
      await pay.faucet(pay.payer, USDC, 5_000_000n);
      expect(await pay.wallet.call('pay.quote', { text, payWithMint: USDC })).toMatchObject({
        kind: 'direct',
        platformFee: null,
      });
    } finally {
      await pay.wallet.call('fees.set', { enabled: false });
    }
  });
});
