/**
 * Integrator fees end to end in Chromium on the web preview against a real sandbox (no
 * referral program there): the integrator sets a 20 bps platform fee and creates their own USDC
 * token account as the fee account through the Fees screen; a second account then swaps
 * ExactIn with the fee on the output mint (SOL to USDC), ExactIn with the fee on the input
 * mint (USDC to BONK), and pays an exact-output invoice with the fee on the input mint (JUP
 * paid with USDC). Each time the fee account gains the fee of the quote less the operator's
 * 2.5% (rounded down), as main/sandbox/swap-api/README.md states.
 */
import { exactInFeeGain, PREVIEW_RUNS_JUPITER } from '../fixtures/jupiter-program';
import { Connection } from '@solana/web3.js';
import type { Request } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPlanView, QuoteView } from '../../preload/api-types';
import { usePreviewSession } from '../harness/e2e-session';
import { enterSolToUsdc, reviewQuotedSwap, saveUsdcPlatformFee } from './fee-steps';
import { screenshot } from './onboarding-helpers';
import { fundedSecondAccount } from './second-account';
import {
  approveAndConfirm,
  BONK_MINT,
  createFundedAccount,
  enterAmount,
  JUP_MINT,
  pickToken,
  USDC_MINT,
} from './swap-helpers';
import {
  allAnswers,
  approveAndWait,
  ataOf,
  clickForTicket,
  payeeWithAccount,
  pickTokenNamed,
  shownPlan,
  tokenBalance,
} from './pay-helpers';

const session = usePreviewSession();
let connection: Connection;

// Registered after the session's own beforeAll, so the preview is running here.
beforeAll(() => {
  connection = new Connection(session.preview.rpcUrl, 'confirmed');
});

const BPS = 20n;

/** What the integrator's account receives of a fee: the operator keeps 2.5%, rounded down. */
function integratorShare(fee: bigint): bigint {
  return fee - (fee * 25n) / 1_000n;
}

describe('integrator fees in Chromium', () => {
  it('a 20 bps fee reaches the integrator’s own token account on swaps and an ExactOut payment', async () => {
    const app = await session.openApp();
    const { page } = app;
    const quotes = allAnswers<QuoteView>(page, 'swap.quote');
    const plans = allAnswers<PaymentPlanView>(page, 'pay.quote');
    const integrator = await createFundedAccount(page);
    const feeAccount = ataOf(integrator, USDC_MINT);

    // The integrator: 20 bps, and their own USDC account as the fee account (no referral
    // program on the sandbox).
    // Test funds opened the integrator's USDC account already: the creation is idempotent and
    // the existing account becomes the fee account.
    await saveUsdcPlatformFee(page);
    const shown = page.getByRole('status', { name: 'Fee token account', exact: true });
    await shown.filter({ hasText: feeAccount }).waitFor({ timeout: 30_000 });
    await page
      .getByRole('status', { name: 'Fee token account status' })
      .filter({ hasText: 'In use' })
      .waitFor();
    await screenshot(page, 'fees-account');

    // A second account (the person who swaps), funded with test funds.
    await fundedSecondAccount(page, integrator);

    // 1. ExactIn SOL -> USDC: the fee is taken in the output mint (USDC has a fee account).
    await enterSolToUsdc(page, '0.5');
    let before = (await tokenBalance(connection, feeAccount))!;
    let quote = await reviewQuotedSwap(page, quotes);
    expect(quote?.outputMint).toBe(USDC_MINT);
    expect(quote?.platformFee?.feeBps).toBe(20);
    await approveAndConfirm(page);
    let gained = (await tokenBalance(connection, feeAccount))! - before;
    expect(gained).toBe(exactInFeeGain(BigInt(quote!.platformFee!.amount), PREVIEW_RUNS_JUPITER));
    expect(gained).toBeGreaterThan(0n);

    // 2. ExactIn USDC -> BONK: BONK has no fee account, so the fee is taken in the input mint,
    // 20 bps of what is paid in.
    await page.getByRole('button', { name: 'New swap' }).click();
    await pickToken(page, 'You pay token', 'USDC');
    await pickToken(page, 'You receive token', 'BONK');
    await enterAmount(page, '10');
    before = (await tokenBalance(connection, feeAccount))!;
    quote = await reviewQuotedSwap(page, quotes);
    expect(quote?.inputMint).toBe(USDC_MINT);
    expect(quote?.outputMint).toBe(BONK_MINT);
    await approveAndConfirm(page);
    gained = (await tokenBalance(connection, feeAccount))! - before;
    expect(gained).toBe(exactInFeeGain((10_000_000n * BPS) / 10_000n, PREVIEW_RUNS_JUPITER));

    // 3. An exact-output payment of 5 JUP paid with USDC: the fee is taken in the input mint.
    const merchant = await payeeWithAccount(session.preview.rpcUrl, JUP_MINT);
    await page.getByRole('link', { name: 'Pay' }).click();
    await page
      .getByRole('textbox', { name: 'Payment request' })
      .fill(`solana:${merchant}?amount=5&spl-token=${JUP_MINT}&label=Fee%20test`);
    await page
      .getByRole('status', { name: 'Amount to pay' })
      .filter({ hasText: '5 JUP' })
      .waitFor();
    await pickTokenNamed(page, 'Pay with token', 'USDC');
    const latestPlan = () => plans().at(-1) ?? null;
    await shownPlan(page, latestPlan);
    before = (await tokenBalance(connection, feeAccount))!;
    const planReviewed = page
      .waitForRequest((r: Request) => r.url().includes('/bridge/pay.review'))
      .then((r) => (r.postDataJSON() as { planId: string }).planId);
    await clickForTicket(page, 'Review payment', 'pay.review');
    const planId = await planReviewed;
    const reviewedPlan = plans().find((p) => p.planId === planId);
    expect(reviewedPlan?.payWithMint).toBe(USDC_MINT);
    expect(reviewedPlan?.platformFee?.feeBps).toBe(20);
    await approveAndWait(page, 'Payment status');
    gained = (await tokenBalance(connection, feeAccount))! - before;
    expect(gained).toBe(integratorShare(BigInt(reviewedPlan!.platformFee!.amount)));
    expect(await tokenBalance(connection, ataOf(merchant, JUP_MINT))).toBe(5_000_001n);

    // The Fees screen lists the account with its balance and the fee of each swap and payment.
    await page.getByRole('link', { name: 'Fees' }).click();
    const table = page.getByRole('table', { name: 'Fees paid per swap and payment' });
    await table.waitFor({ timeout: 30_000 });
    const rows = table.getByRole('row');
    await expect.poll(() => rows.count()).toBe(4); // the header, two swaps and the payment
    expect(await rows.nth(1).textContent()).toMatch(/Payment20 bps/);
    expect(await rows.nth(2).textContent()).toMatch(/Swap20 bps/);
    await screenshot(page, 'fees-balances');
  });
});
