/**
 * Integrator fees end to end in Chromium on the sandbox's Swap API v2 (`--api-shape v2`, issue
 * 22 point 4): through the Fees screen the integrator sets a 20 bps platform fee with their own
 * USDC account as its fee account (the Router path, /build), and names a referral account for
 * Best price (/order) with an 80 bps referral fee, then creates its token accounts (SOL and USDC
 * first). A second account swaps SOL to USDC on the Router path: the platform fee lands in the
 * integrator's USDC account (less the sandbox operator's 2.5%); then on Best price
 * (Meta-Aggregator): the referral fee lands in the referral account's SOL token account.
 */
import { Connection, PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuoteView } from '../../preload/api-types';
import { namedReferralAccount, ULTRA_REFERRAL_PROJECT } from '../../main/fees/referral-v2';
import { usePreviewSession } from '../harness/e2e-session';
import { startPreview } from '../harness/preview';
import {
  approveFeeTransaction,
  enterSolToUsdc,
  reviewQuotedSwap,
  saveUsdcPlatformFee,
} from './fee-steps';
import { screenshot } from './onboarding-helpers';
import { fundedSecondAccount } from './second-account';
import {
  approveAndConfirm,
  createFundedAccount,
  enterAmount,
  SOL_MINT,
  USDC_MINT,
} from './swap-helpers';
import { allAnswers, ataOf, tokenBalance } from './pay-helpers';
import { PREVIEW_RUNS_JUPITER } from '../fixtures/jupiter-program';

const session = usePreviewSession({ start: () => startPreview({ args: ['--api-shape', 'v2'] }) });
let connection: Connection;
beforeAll(() => {
  connection = new Connection(session.preview.rpcUrl, 'confirmed');
});

/** What lands of a fee on the sandbox: its operator keeps 2.5%, rounded down. */
const lessOperator = (fee: bigint) => fee - (fee * 25n) / 1_000n;

describe('integrator fees in Chromium, Swap API v2', () => {
  it('the platform fee lands on /build and the referral fee on /order', async () => {
    const { page } = await session.openApp();
    const quotes = allAnswers<QuoteView>(page, 'swap.quote');
    const integrator = await createFundedAccount(page);
    const feeAccount = ataOf(integrator, USDC_MINT);
    const referral = namedReferralAccount(ULTRA_REFERRAL_PROJECT, 'swapdesk-e2e');
    const referralSol = getAssociatedTokenAddressSync(
      new PublicKey(SOL_MINT),
      new PublicKey(referral),
      true,
    ).toBase58();

    await saveUsdcPlatformFee(page);
    await page
      .getByRole('status', { name: 'Fee token account status' })
      .filter({ hasText: 'In use' })
      .waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Done' }).click();

    // The referral for Best price: /order would pay nothing until its token accounts exist.
    await page.getByRole('textbox', { name: 'Referral account name' }).fill('swapdesk-e2e');
    await page.getByRole('textbox', { name: 'Referral fee (bps)' }).fill('80');
    await page.getByRole('button', { name: 'Save referral', exact: true }).click();
    await page.getByLabel('Referral account address').filter({ hasText: referral }).waitFor();
    expect(await page.getByRole('status', { name: 'Tokens paying nothing' }).textContent()).toMatch(
      /SOL, USDC/,
    );
    await approveFeeTransaction(
      page,
      'Create fee token accounts',
      'fees.createOrderReferralTokenAccounts',
    );
    await page
      .getByRole('list', { name: 'Referral token accounts' })
      .filter({ hasText: /SOL: earned 0 SOL/ })
      .waitFor({ timeout: 30_000 });
    expect(await tokenBalance(connection, referralSol)).toBe(0n);
    await screenshot(page, 'fees-v2-referral');

    // A second account swaps.
    await fundedSecondAccount(page, integrator);

    // Router (/build): the platform fee in USDC (the output, which has a fee account).
    await enterSolToUsdc(page, '0.5');
    const before = (await tokenBalance(connection, feeAccount))!;
    const routerQuote = await reviewQuotedSwap(page, quotes);
    expect(routerQuote?.platformFee?.feeBps).toBe(20);
    await approveAndConfirm(page);
    const platformFee = (await tokenBalance(connection, feeAccount))! - before;
    expect(platformFee).toBeGreaterThan(0n);

    // Best price (/order): the referral fee, in SOL (first by priority).
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('radio', { name: 'Best price (Meta-Aggregator)' }).click();
    await expect
      .poll(() => page.getByRole('radio', { name: 'Best price (Meta-Aggregator)' }).isChecked())
      .toBe(true);
    await page.getByRole('link', { name: 'Swap' }).click();
    await page
      .getByRole('button', { name: 'New swap' })
      .click()
      .catch(() => undefined);
    await enterAmount(page, '0.5');
    const orderQuote = await reviewQuotedSwap(page, quotes);
    expect(orderQuote?.platformFee?.feeBps).toBe(80);
    await approveAndConfirm(page);
    // With Jupiter's program (the preview's default) the route instruction pays the fee itself,
    // whichever Raydium venues the route takes (CLMM steps too: main/sandbox/jupiter/clmm-step.ts),
    // and the sandbox's operator keeps no share of it; without it, the sandbox's own transfer
    // keeps its published 2.5%.
    expect(await tokenBalance(connection, referralSol)).toBe(
      PREVIEW_RUNS_JUPITER ? 4_000_000n : lessOperator(4_000_000n),
    );
  });
});
