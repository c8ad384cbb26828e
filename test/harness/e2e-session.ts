/**
 * The set-up most end-to-end suites share: one web preview (real sandbox, real keychain) for
 * the whole file, the worker's one Chromium (sharedBrowser), and per test a fresh browser
 * context that is cleaned up after it: every account removed through the bridge (their keys
 * recorded for the leak check first), the context closed, and no console or page error allowed
 * to pass unnoticed.
 */
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { openApp, removeAllAccounts, type AppPage } from '../e2e/onboarding-helpers';
import { sharedBrowser } from './browser';
import { startPreview, type RunningPreview } from './preview';

export interface PreviewSession {
  /** The running preview (read it inside a test or hook: it is started in beforeAll). */
  readonly preview: RunningPreview;
  readonly browser: Browser;
  /**
   * Opens the app in a fresh browser context; after the test its accounts are removed, the
   * context is closed and its console and page errors must be none.
   */
  openApp(): Promise<AppPage>;
}

export interface PreviewSessionOptions {
  /** Starts the suite's preview (default: `startPreview()` with its defaults). */
  start?: () => Promise<RunningPreview>;
}

/**
 * Registers the suite's beforeAll/afterEach/afterAll hooks and answers the session they run.
 * Call it at the top level of a test file. Vitest runs after-hooks in reverse order of
 * registration: a suite's own afterEach registered after this call runs before the clean-up,
 * its own afterAll registered before this call runs after the preview stopped.
 *
 * @example
 * const session = usePreviewSession();
 * it('…', async () => { const { page } = await session.openApp(); });
 */
export function usePreviewSession(options: PreviewSessionOptions = {}): PreviewSession {
  const start = options.start ?? (() => startPreview());
  let preview: RunningPreview | undefined;
  let browser: Browser | undefined;
  let app: AppPage | null = null;

  beforeAll(async () => {
    preview = await start();
    browser = await sharedBrowser();
  });

  afterEach(async ({ task }) => {
    if (app && task.result?.state === 'fail') {
      // Say what the screen said and what the page was still waiting for: a test that times
      // out on a screen names only what it waited for. Headings, alerts and status lines only
      // (never the whole page, which may show a recovery phrase the leak check would flag).
      const shown = await app.page
        .locator('h1, h2, [role=alert], [role=status]')
        .allInnerTexts()
        .catch((error: unknown) => [`(unreadable: ${String(error)})`]);
      console.error(
        `${task.name}: the screen said\n  ${shown.join('\n  ')}\n${app.bridge.describe()}`,
      );
    }
    if (app) {
      // Leave no account behind for the next test, and no console error unnoticed.
      await removeAllAccounts(app.page);
      const problems = app.problems;
      await app.page.context().close();
      app = null;
      expect(problems).toEqual([]);
    }
  });

  afterAll(async () => {
    // The browser serves the next file (sharedBrowser); nothing of this one stays open in it.
    for (const context of browser?.contexts() ?? []) await context.close();
    await preview?.stop();
  });

  function started<T>(value: T | undefined, what: string): T {
    if (value === undefined) throw new Error(`${what} is not started: use it inside a test`);
    return value;
  }

  return {
    get preview() {
      return started(preview, 'the preview');
    },
    get browser() {
      return started(browser, 'the browser');
    },
    async openApp() {
      app = await openApp(started(browser, 'the browser'), started(preview, 'the preview'));
      return app;
    },
  };
}
