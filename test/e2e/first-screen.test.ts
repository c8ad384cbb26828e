/**
 * The welcome drawn before React (issue 26, main/shared/first-screen.ts), in Chromium on the
 * built preview. The app's own script is held back at the network (a Playwright route), so
 * what the page shows is what the inline script drew from app.start's answer alone:
 *
 * - a first run gets the welcome, its click is not lost: Create wallet clicked while the app's
 *   script is still on its way opens the recovery phrase once it arrives;
 * - a wallet with accounts never shows Create wallet, not even for a moment;
 * - the strict CSP lets the inline script run (a violation is a console error, which the
 *   session's clean-up refuses).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { usePreviewSession } from '../harness/e2e-session';
import { createWallet } from './onboarding-helpers';

const session = usePreviewSession();

/** The app's first script (index-<hash>.js), not its chunks or its tiny runtime. */
const APP_SCRIPT = /\/assets\/index-[\w-]+\.js$/;

interface HeldPage {
  context: BrowserContext;
  page: Page;
  problems: string[];
  /** Lets the app's script through. */
  release: () => void;
  /** Resolves when app.start's answer has reached the page. */
  started: Promise<unknown>;
}

/** Opens the preview in a fresh context with the app's first script held back. */
async function openHeld(): Promise<HeldPage> {
  const context = await session.browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`console: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await context.route(APP_SCRIPT, async (route) => {
    await gate;
    await route.continue();
  });
  const started = page.waitForResponse((r) => r.url().endsWith('/bridge/app.start'));
  await page.goto(session.preview.url, { waitUntil: 'commit' });
  return { context, page, problems, release, started };
}

/** Whether the app's first script has reached the page (a held request has no entry yet). */
async function appScriptArrived(page: Page): Promise<boolean> {
  return page.evaluate(
    (source) =>
      performance
        .getEntriesByType('resource')
        .some((entry) => new RegExp(source).test(new URL(entry.name).pathname)),
    APP_SCRIPT.source,
  );
}

describe('the welcome drawn before React', () => {
  it('shows Create wallet on a first run before the app has arrived, and keeps its click', async () => {
    const held = await openHeld();
    try {
      const create = held.page.getByRole('button', { name: 'Create wallet' });
      await create.waitFor({ state: 'visible' });
      // Drawn by the page itself: the app's script is still held back.
      expect(await held.page.locator('#root > .onboarding').count()).toBe(1);
      expect(
        await held.page.getByRole('heading', { name: 'Welcome to Swapdesk' }).isVisible(),
      ).toBe(true);
      expect(await appScriptArrived(held.page)).toBe(false);
      await create.click();
      held.release();
      // The app takes the click over: the recovery phrase, not the welcome again.
      await held.page.getByRole('list', { name: 'Recovery phrase' }).waitFor();
      expect(
        await held.page.getByRole('heading', { name: 'Your recovery phrase' }).isVisible(),
      ).toBe(true);
      // The network badge, which only the app words, is there now.
      await held.page.getByText('Sandbox network — test funds only').waitFor();
      expect(held.problems).toEqual([]);
    } finally {
      held.release();
      await held.context.close();
    }
  });

  it('never shows Create wallet to a wallet that has accounts', async () => {
    // A wallet with one account, made as a person makes it.
    const { page } = await session.openApp();
    await createWallet(page);
    const held = await openHeld();
    try {
      await held.started;
      // Two frames after the answer reached the page: the inline script has had its turn.
      await held.page.evaluate(
        'new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))',
      );
      expect(await appScriptArrived(held.page)).toBe(false);
      expect(await held.page.locator('#root').innerHTML()).toBe('');
      expect(await held.page.locator('button').count()).toBe(0);
      held.release();
      await held.page.getByRole('navigation', { name: 'Main' }).waitFor();
      expect(await held.page.getByRole('button', { name: 'Create wallet' }).count()).toBe(0);
      expect(held.problems).toEqual([]);
    } finally {
      held.release();
      await held.context.close();
    }
  });
});
