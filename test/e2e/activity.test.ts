/**
 * Activity end to end in Chromium on the web preview: a swap sent through the Swap screen is
 * listed as confirmed with its amounts, and it is still there after the preview restarts on the
 * same data folder (the activity file is main's, not the page's).
 */
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityEntryView } from '../../preload/api-types';
import type { Result } from '../../main/shared/result';
import { launchBrowser, type PageGlobals } from '../harness/browser';
import { startPreview, type RunningPreview } from '../harness/preview';
import { openApp, removeAllAccounts, screenshot, E2E_PASSWORD } from './onboarding-helpers';
import {
  approveAndConfirm,
  createFundedAccount,
  enterAmount,
  reviewSwap,
  SOL_MINT,
  USDC_MINT,
} from './swap-helpers';
import { tempDir } from '../fixtures/temp-dirs';

let browser: Browser;
let preview: RunningPreview | null = null;
const dataDir = tempDir('swapdesk-activity-');

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('activity in Chromium', () => {
  it('lists a confirmed swap with its amounts, also after the preview restarts', async () => {
    preview = await startPreview({ dataDir });
    let app = await openApp(browser, preview);
    const address = await createFundedAccount(app.page);
    await app.page.getByRole('link', { name: 'Swap' }).click();
    await app.page.getByRole('button', { name: 'You receive token' }).getByText('USDC').waitFor();
    await enterAmount(app.page, '0.25');
    const ticket = await reviewSwap(app.page);
    await approveAndConfirm(app.page);
    expect(app.problems).toEqual([]);
    await app.page.context().close();
    await preview.stop();

    preview = await startPreview({ dataDir });
    app = await openApp(browser, preview);
    const { page } = app;
    // Restarted, the wallet starts locked (issue 24): unlock with the password first.
    await page.getByRole('heading', { name: 'Swapdesk is locked' }).waitFor();
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('link', { name: 'Activity' }).click();
    const item = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first();
    await item.getByText('Confirmed').waitFor({ timeout: 30_000 });
    const listed: Result<ActivityEntryView[]> = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).wallet!.activity.list({}),
    );
    if (!listed.ok) throw new Error(listed.error.message);
    expect(listed.value).toHaveLength(1);
    const entry = listed.value[0]!;
    expect(entry).toMatchObject({
      kind: 'swap',
      status: 'confirmed',
      account: address,
      inputMint: SOL_MINT,
      outputMint: USDC_MINT,
      inAmount: '250000000',
      networkId: 'sandbox',
      explorerUrl: null,
    });
    // What the screen shows is that entry, in user units.
    const usdc = BigInt(entry.outAmount!);
    const shown = `${usdc / 1_000_000n}.${(usdc % 1_000_000n).toString().padStart(6, '0')}`.replace(
      /\.?0+$/,
      '',
    );
    expect(await item.textContent()).toContain(`Swap 0.25 SOL → ${shown} USDC`);
    expect(ticket.report.accepted).toBe(true);
    expect(await page.getByRole('link', { name: 'View in the explorer' }).count()).toBe(0);
    await screenshot(page, 'activity-after-restart');
    await removeAllAccounts(page);
    expect(app.problems).toEqual([]);
    await page.context().close();
  });
});
