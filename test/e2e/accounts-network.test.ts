/**
 * The main view when the network goes away: with the preview's sandbox stopped, the wallet
 * says "Network unavailable" and what to do, instead of balances, and keeps the account usable.
 * A preview of its own, since the sandbox does not come back.
 */
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../harness/browser';
import { startPreview, type RunningPreview } from '../harness/preview';
import {
  openApp,
  removeAllAccounts,
  screenshot,
  stopPreviewSandbox,
  createWallet,
} from './onboarding-helpers';

let preview: RunningPreview;
let browser: Browser;

beforeAll(async () => {
  preview = await startPreview();
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await preview?.stop();
});

describe('network unavailable in Chromium', () => {
  it('replaces balances with a clear network-unavailable state when the sandbox stops', async () => {
    const { page } = await openApp(browser, preview);
    await createWallet(page);
    await page.getByLabel('SOL balance').waitFor();
    const address = await page.getByRole('status', { name: 'Account address' }).textContent();

    await stopPreviewSandbox(preview);
    await page.getByRole('button', { name: 'Refresh balances' }).click();
    const state = page.getByRole('region', { name: 'Network unavailable' });
    await state.waitFor({ timeout: 30_000 });
    expect(await state.textContent()).toMatch(/restart Swapdesk/i);
    expect(await page.getByLabel('SOL balance').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Get test funds' }).count()).toBe(0);
    expect(await page.getByRole('status', { name: 'Account address' }).textContent()).toBe(address);
    await screenshot(page, 'network-unavailable');

    // Reloaded, the app still opens (accounts need no network) and says the same.
    await page.reload();
    await state.waitFor({ timeout: 30_000 });
    expect(await page.getByRole('status', { name: 'Account address' }).textContent()).toBe(address);
    await removeAllAccounts(page);
    await page.context().close();
  });
});
