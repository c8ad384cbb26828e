/**
 * Debian's Chromium through playwright-core, headless, with a fresh profile per launch and
 * no background traffic (the machine has no internet; nothing should try).
 *
 *   const browser = await launchBrowser();
 *   const page = await browser.newPage();
 *   ...
 *   await browser.close();
 */
import { chromium, type Browser } from 'playwright-core';
import type { WalletApi } from '../../preload/wallet-api';

export const CHROMIUM_PATH = process.env.SWAPDESK_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * Launches Chromium. `chromium.launch` already uses a fresh temporary profile that is removed
 * on close, so every launch starts with empty storage.
 */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

let shared: Promise<Browser> | null = null;

/**
 * One Chromium for every suite of the worker process (issue 36: e2e runs its files in one
 * worker, `isolate: false`, and a launch took 0.3 to 1 s of every file). Each test still opens
 * its own context, with empty storage. Not closed by the suites: playwright ends the browsers it
 * launched when the worker exits; a browser that went away is launched again.
 */
export function sharedBrowser(): Promise<Browser> {
  shared ??= launchBrowser().then((browser) => {
    browser.on('disconnected', () => (shared = null));
    return browser;
  });
  return shared;
}

/**
 * The page's global object as seen from a `page.evaluate` callback. The test suites compile
 * with Node's types (no DOM lib), so callbacks reach the wallet through this cast:
 * `page.evaluate(() => (globalThis as unknown as PageGlobals).wallet!.app.info({}))`.
 */
export interface PageGlobals {
  wallet?: WalletApi;
}
