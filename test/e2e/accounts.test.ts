/**
 * The main view end to end in Chromium on the web preview: sandbox test funds arrive and show
 * as a SOL balance, accounts are renamed and removed through the UI, the network indicator and
 * Settings name the sandbox, and the app is usable from the keyboard alone.
 */
import { describe, expect, it } from 'vitest';
import { usePreviewSession } from '../harness/e2e-session';
import {
  focused,
  listAccounts,
  screenshot,
  type AppPage,
  createWallet,
} from './onboarding-helpers';

const session = usePreviewSession();

/** Opens the app and creates a first account through the onboarding screen. */
async function startWithAccount(): Promise<AppPage> {
  const app = await session.openApp();
  await createWallet(app.page);
  await app.page.getByRole('status', { name: 'Account address' }).waitFor();
  return app;
}

/** "1,234.5 SOL" -> 1234500000000n, parsed exactly (no float). */
function lamportsOf(text: string): bigint {
  const match = /^([\d,]+)(?:\.(\d{1,9}))? SOL$/.exec(text.trim());
  if (!match) throw new Error(`not a SOL amount: "${text}"`);
  const whole = BigInt(match[1]!.replace(/,/g, ''));
  return whole * 1_000_000_000n + BigInt((match[2] ?? '').padEnd(9, '0'));
}

describe('main view in Chromium', () => {
  it('labels the sandbox network and shows a zero balance for a new account', async () => {
    const { page } = await startWithAccount();
    expect(await page.getByRole('banner').textContent()).toContain(
      'Sandbox network — test funds only',
    );
    const sol = page.getByLabel('SOL balance');
    await sol.waitFor();
    expect(lamportsOf((await sol.textContent()) ?? '')).toBe(0n);
  });

  it('copies the account address to the clipboard', async () => {
    const { page } = await startWithAccount();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: session.preview.origin,
    });
    const shown = await page.getByRole('status', { name: 'Account address' }).textContent();
    await page.getByRole('button', { name: 'Copy address' }).click();
    await page.getByText('Copied').waitFor();
    const copied = await page.evaluate(() =>
      (
        globalThis as unknown as { navigator: { clipboard: { readText(): Promise<string> } } }
      ).navigator.clipboard.readText(),
    );
    expect(copied).toBe(shown);
  });

  it('gets test funds on the sandbox and shows a SOL balance above zero', async () => {
    const { page } = await startWithAccount();
    await page.getByLabel('SOL balance').waitFor();
    await page.getByRole('button', { name: 'Get test funds' }).click();
    await page.getByText('Test funds received.').waitFor({ timeout: 60_000 });
    await expect
      .poll(async () => lamportsOf((await page.getByLabel('SOL balance').textContent()) ?? ''), {
        timeout: 30_000,
      })
      .toBeGreaterThan(0n);
    // The tokens of the sandbox faucet are listed too.
    expect(
      await page.getByRole('table', { name: 'Token balances' }).locator('tbody tr').count(),
    ).toBeGreaterThan(0);
    await screenshot(page, 'main-funded');
  });

  it('renames and removes accounts through the Accounts screen', async () => {
    const { page } = await startWithAccount();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Accounts' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Accounts' }).waitFor();
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect.poll(async () => (await listAccounts(page)).accounts.length).toBe(2);
    await screenshot(page, 'accounts');

    const rows = page.getByRole('list', { name: 'Accounts' }).getByRole('listitem');
    await rows.first().getByRole('button', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: 'New label' }).fill('Trading');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await listAccounts(page)).accounts[0]?.label).toBe('Trading');
    expect(await rows.first().textContent()).toContain('Trading');

    const second = (await listAccounts(page)).accounts[1]!.address;
    await rows.nth(1).getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Remove account' }).click();
    await expect
      .poll(async () => (await listAccounts(page)).accounts.map((a) => a.address))
      .not.toContain(second);
    await expect.poll(() => rows.count()).toBe(1);
  });

  it('works from the keyboard: skip link, navigation, focus on the new heading', async () => {
    const { page } = await startWithAccount();
    // After onboarding, focus sits on the new screen's heading; a fresh load starts at the top.
    expect((await focused(page)).text).toBe('Wallet');
    await page.reload();
    await page.getByRole('status', { name: 'Account address' }).waitFor();
    await page.keyboard.press('Tab');
    expect((await focused(page)).text).toBe('Skip to content');
    await page.keyboard.press('Enter');
    expect((await focused(page)).id).toBe('main-content');

    await page.getByRole('link', { name: 'Settings' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    await expect.poll(async () => (await focused(page)).text).toBe('Settings');
    expect(page.url()).toMatch(/#\/settings$/);
    expect(await page.getByRole('main').textContent()).toContain(session.preview.rpcUrl);
  });
});
