/**
 * A Solana Action in Chromium on the web preview (issue 34 point 5): a person holding USDC
 * opens the sandbox merchant's "Tip the barista" from the Pay screen (its page, mapped by the
 * shop's actions.json), sees the action as main read it and that it is unverified, is stopped
 * by the form when the tip is outside the action's pattern, tips 2.5 USDC through a review of
 * the action's transaction, and follows the chain's next action once it is confirmed (the
 * shop's callback checks the tip with @solana/pay's validateTransfer; Solana Actions spec,
 * packages/actions-spec/README.md "Action Chaining").
 */
import { Connection } from '@solana/web3.js';
import type { Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ActionReviewView } from '../../preload/api-types';
import type { Result } from '../../main/shared/result';
import { SANDBOX_MERCHANT } from '../../main/sandbox/merchant/merchant-shop';
import { usePreviewSession } from '../harness/e2e-session';
import { startPreview } from '../harness/preview';
import { screenshot } from './onboarding-helpers';
import { approveAndWait, ataOf, createSolOnlyAccount, tokenBalance } from './pay-helpers';
import { USDC_MINT } from './swap-helpers';

let connection: Connection;

describe('a Solana Action in Chromium', () => {
  const session = usePreviewSession({ start: () => startPreview({ args: [] }) });
  beforeAll(() => {
    connection = new Connection(session.preview.rpcUrl, 'confirmed');
  });

  it('tips the sandbox barista 2.5 USDC and follows the action to its completed step', async () => {
    const app = await session.openApp();
    const { page } = app;
    const payer = await createSolOnlyAccount(page, connection);
    const funded = await fetch(new URL('/sandbox/faucet', session.preview.rpcUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ owner: payer, mint: USDC_MINT, amount: '10000000' }),
    });
    expect(funded.ok).toBe(true);

    await page.getByRole('link', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: 'Pay', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Tip the barista (a Solana Action)' }).click();
    await page.getByRole('heading', { name: 'Sandbox Coffee' }).waitFor({ timeout: 30_000 });
    await page.getByText(/^This action is unverified: Swapdesk cannot reach a registry/).waitFor();
    expect(await page.locator('img.merchant-icon').getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );

    // The form stops a tip outside the action's pattern before anything is sent.
    const amount = page.getByLabel('Tip in USDC (required)');
    await amount.fill('2.1234567');
    await page.getByRole('button', { name: 'Tip the barista', exact: true }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: '"Tip in USDC" is not in the form asked: An amount of USDC' })
      .waitFor();

    await amount.fill('2.5');
    const answered = page.waitForResponse(
      (response: Response) => response.url().includes('/bridge/action.review'),
      { timeout: 60_000 },
    );
    await page.getByRole('button', { name: 'Tip the barista', exact: true }).click();
    const review = (await (await answered).json()) as Result<ActionReviewView>;
    if (!review.ok) throw new Error(review.error.message);
    expect(review.value.ticket.report.refusals).toEqual([]);
    const domain = new URL(session.preview.rpcUrl).host;
    const merchant = SANDBOX_MERCHANT.toBase58();
    await page
      .getByText(
        `Pays 2.5 USDC to ${domain}'s account ${merchant.slice(0, 4)}…${merchant.slice(-4)}; creates nothing; asks nothing else of you.`,
      )
      .waitFor();
    await page.getByText('Thank you for tipping 2.5 USDC!').waitFor();
    await page.getByRole('heading', { name: 'Your balance changes' }).waitFor();
    await screenshot(page, 'action-review');

    const before = await tokenBalance(connection, ataOf(merchant, USDC_MINT));
    await approveAndWait(page, 'Payment status');
    expect((await tokenBalance(connection, ataOf(merchant, USDC_MINT)))! - before!).toBe(
      2_500_000n,
    );

    // The chain: the shop's callback validates the tip and answers the completed action.
    await page.getByRole('button', { name: 'Continue with the action' }).click();
    await page.getByText('Your tip of 2.5 USDC landed. The barista thanks you!').waitFor({
      timeout: 30_000,
    });
    await page.getByText('Tipped: this action is complete.').waitFor();
    await screenshot(page, 'action-completed');
  });
});
