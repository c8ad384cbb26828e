/**
 * A Scaled UI Amount token end to end in Chromium on the web preview (issue 35): the sandbox's
 * XSTK (1.5×) given by Get test funds reads scaled on the Wallet screen; selling the amount the
 * person types takes exactly that many XSTK as they read them; and a review left open while the
 * issuer changes the multiplier (POST /sandbox/multiplier) is refused in words when approved.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../harness/browser';
import { startPreview, type RunningPreview } from '../harness/preview';
import { openApp, removeAllAccounts, screenshot } from './onboarding-helpers';
import {
  approveAndConfirm,
  createFundedAccount,
  enterSwap,
  readBalances,
  reviewedChanges,
  reviewSwap,
} from './swap-helpers';

const XSTK = 'CGQW5zJTsxJzyUbfGWFFwVTDFTGBvifnJpoE3y2HtfuW';

let browser: Browser;
let preview: RunningPreview | null = null;

beforeAll(async () => {
  browser = await launchBrowser();
  preview = await startPreview({});
});

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
});

describe('a scaled token in Chromium', () => {
  it('reads, sells and refuses a stale review of XSTK in scaled units', async () => {
    const app = await openApp(browser, preview!);
    const { page } = app;
    const address = await createFundedAccount(page);
    // 1,000 raw XSTK at 1.5×.
    await page.getByText('1,500', { exact: true }).first().waitFor({ timeout: 30_000 });

    await page.getByRole('link', { name: 'Swap' }).click();
    await enterSwap(page, 'XSTK', 'USDC', '1.5');
    // A price is per UI unit: 1.5 XSTK at about $200 each.
    expect(await page.getByLabel('USD value you pay').textContent()).toMatch(/\$(29\d|300)\.\d\d/);
    const ticket = await reviewSwap(page);
    // 1.5 XSTK typed is 1 raw token (10^8 base units), and the review says it scaled.
    expect(reviewedChanges(ticket).get(XSTK)).toBe(-100_000_000n);
    await page.getByText('−1.5 XSTK').first().waitFor();
    await page
      .getByText(/XSTK uses Token-2022's Scaled UI Amount/)
      .first()
      .waitFor();
    await screenshot(page, 'swap-scaled-review');
    await approveAndConfirm(page);
    const after = await readBalances(page, address);
    expect(after.tokens.find((t) => t.mint === XSTK)?.amount).toBe((999n * 10n ** 8n).toString());

    // A second review, then the issuer's split before Approve.
    await page.getByRole('button', { name: 'New swap' }).click();
    await enterSwap(page, 'XSTK', 'USDC', '3');
    await reviewSwap(page);
    const split = await fetch(`${preview!.rpcUrl}/sandbox/multiplier`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mint: XSTK, multiplier: 3 }),
    });
    expect(split.status).toBe(200);
    await page.getByRole('button', { name: 'Approve and sign' }).click();
    await page
      .getByText(/XSTK's multiplier changed from 1\.5× to 3× since this review/)
      .first()
      .waitFor({ timeout: 30_000 });
    await screenshot(page, 'swap-scaled-stale');
    await removeAllAccounts(page);
    expect(app.problems).toEqual([]);
    await page.context().close();
  });
});
