/**
 * Shared steps of the onboarding and accounts end-to-end suites: open the preview page in
 * Chromium with a record of every console error and page error (a CSP violation or a bridge
 * call the renderer got wrong shows up there), compute the addresses a secret must give with
 * libraries independent of the vault, and take screenshots for a person to look at.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { mnemonicToSeedSync } from '@scure/bip39';
import { derivePath } from 'ed25519-hd-key';
import type { Browser, Page } from 'playwright-core';
import type { AccountsState } from '../../preload/api-types';
import type { Result } from '../../main/shared/result';
import type { PageGlobals } from '../harness/browser';
import { recordBridgeRequests, type BridgeRequests } from '../harness/bridge-requests';
import type { RunningPreview } from '../harness/preview';
import { copyKeychainItems, recordSecret } from '../harness/secrets-log';

/**
 * Where the suites leave their screenshots, to be looked at after a run: the build folder
 * (git-ignored), not the system temp folder, which a test run must leave as it found it.
 */
export const SCREENSHOT_DIR =
  process.env.SWAPDESK_SCREENSHOT_DIR ??
  join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'out', 'e2e-screenshots');

/** A base58 Solana address: 32 bytes give 32 to 44 characters. */
export const BASE58_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

export interface AppPage {
  page: Page;
  /** Console errors and uncaught page errors seen so far. */
  problems: string[];
  /** The page's bridge calls, for the message of a failed test. */
  bridge: BridgeRequests;
}

/** Opens the preview in a fresh browser context (fresh storage) and waits for the app. */
export async function openApp(browser: Browser, preview: RunningPreview): Promise<AppPage> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  const bridge = recordBridgeRequests(page);
  await page.goto(preview.url);
  await page.waitForFunction(() => (globalThis as unknown as PageGlobals).wallet !== undefined);
  return { page, problems, bridge };
}

/** The accounts main holds, straight from the bridge (what the screens should agree with). */
export async function listAccounts(page: Page): Promise<AccountsState> {
  const result = await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).wallet!.accounts.list({}),
  );
  if (!result.ok) throw new Error(`accounts.list failed: ${result.error.message}`);
  return result.value;
}

/** Keychain service of the web preview (the app's is 'swapdesk'). */
export const PREVIEW_KEYCHAIN_SERVICE = 'swapdesk-preview';

/** The wallet password every end-to-end suite sets (recorded for the leak check). */
export const E2E_PASSWORD = 'e2e only: quiet orchard 1984';
recordSecret('password', E2E_PASSWORD);

/**
 * **Create wallet** as a person does it (issue 24): reads the phrase shown under **Recovery
 * phrase**, **I saved my recovery phrase**, types the three words asked (**Word N**), sets the
 * password, and waits for the main view. Answers the phrase's words.
 */
export async function createWallet(page: Page, password = E2E_PASSWORD): Promise<string[]> {
  await page.getByRole('button', { name: 'Create wallet' }).click();
  const list = page.getByRole('list', { name: 'Recovery phrase' });
  await list.waitFor();
  const words = (await list.locator('code').allTextContents()).map((w) => w.trim());
  if (words.length !== 12) throw new Error(`expected 12 words, saw ${words.length}`);
  recordSecret('recovery-phrase', words.join(' '));
  await page.getByRole('button', { name: 'I saved my recovery phrase' }).click();
  const inputs = page.getByRole('textbox', { name: /^Word \d+$/ });
  await inputs.first().waitFor();
  for (const input of await inputs.all()) {
    const label = (await input.getAttribute('id')) ?? '';
    const position = Number(/(\d+)$/.exec(label)?.[1]);
    await input.fill(words[position - 1]!);
  }
  await page.getByRole('button', { name: 'Continue' }).click();
  // A wallet that has a password already (not a fresh one) opens without asking again.
  const setPassword = page.getByRole('button', { name: 'Set password and open wallet' });
  const address = page.getByRole('status', { name: 'Account address' });
  await setPassword.or(address).first().waitFor();
  if (await setPassword.isVisible()) {
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Confirm password').fill(password);
    await setPassword.click();
  }
  await address.waitFor({ timeout: 30_000 });
  return words;
}

/** Unlocks through the bridge when locked (clean-up between tests). */
export async function unlockIfLocked(page: Page, password = E2E_PASSWORD): Promise<void> {
  const status = await page.evaluate(() =>
    (globalThis as unknown as PageGlobals).wallet!.lock.status({}),
  );
  if (status.ok && status.value.state === 'locked') {
    const result = await page.evaluate(
      (p) => (globalThis as unknown as PageGlobals).wallet!.lock.unlock({ password: p }),
      password,
    );
    if (!result.ok) throw new Error(`lock.unlock failed: ${result.error.message}`);
  }
}

/**
 * Removes every account through the bridge, so the next test starts at onboarding (removing
 * the last one takes the wallet back to no password). First the keychain items are copied
 * into the test run's folder, where the leak check looks for every recorded secret in them.
 */
export async function removeAllAccounts(page: Page): Promise<void> {
  await unlockIfLocked(page);
  await copyKeychainItems(PREVIEW_KEYCHAIN_SERVICE);
  const { accounts } = await listAccounts(page);
  for (const { address } of accounts) {
    const result: Result<unknown> = await page.evaluate(
      (a) => (globalThis as unknown as PageGlobals).wallet!.accounts.remove({ address: a }),
      address,
    );
    if (!result.ok) throw new Error(`accounts.remove failed: ${result.error.message}`);
  }
}

/** A fresh keypair as the three things a person may paste, plus its address. */
export function newKeypair(): { base58Secret: string; jsonArray: string; address: string } {
  const pair = nacl.sign.keyPair();
  return {
    base58Secret: bs58.encode(pair.secretKey),
    jsonArray: JSON.stringify(Array.from(pair.secretKey)),
    address: bs58.encode(pair.publicKey),
  };
}

/**
 * The address of account `index` of a recovery phrase, on Solana's path m/44'/501'/index'/0'
 * (SLIP-0010 ed25519, as Phantom and Solflare derive it), computed with ed25519-hd-key.
 */
export function phraseAddress(phrase: string, index: number): string {
  const seed = Buffer.from(mnemonicToSeedSync(phrase)).toString('hex');
  const { key } = derivePath(`m/44'/501'/${index}'/0'`, seed);
  return bs58.encode(nacl.sign.keyPair.fromSeed(new Uint8Array(key)).publicKey);
}

/** Saves a full-page screenshot and answers its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** The element that has keyboard focus in the page: its id and text. */
export async function focused(page: Page): Promise<{ id: string; text: string }> {
  return page.evaluate(() => {
    // The suites compile without the DOM library: describe the little that is read here.
    const doc = (
      globalThis as unknown as {
        document: { activeElement: { id: string; textContent: string | null } | null };
      }
    ).document;
    return { id: doc.activeElement?.id ?? '', text: doc.activeElement?.textContent ?? '' };
  });
}

/**
 * Stops the sandbox network a preview started (found by its state folder, inside the
 * preview's data folder), to see the app without a network. Linux only: reads /proc.
 */
export async function stopPreviewSandbox(preview: RunningPreview): Promise<number> {
  const stateDir = join(preview.dataDir, 'sandbox');
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let args: string[];
    try {
      args = readFileSync(`/proc/${entry}/cmdline`, 'utf8').split('\0');
    } catch {
      continue; // gone meanwhile, or not ours to read
    }
    const at = args.indexOf('--state');
    if (at >= 0 && args[at + 1] === stateDir) {
      const pid = Number(entry);
      process.kill(pid, 'SIGTERM');
      // Wait until it is gone, so the next request meets a closed port.
      for (let i = 0; i < 100 && existsSync(`/proc/${pid}`); i += 1) {
        await new Promise((r) => setTimeout(r, 100));
      }
      return pid;
    }
  }
  throw new Error(`no sandbox process with --state ${stateDir}`);
}
