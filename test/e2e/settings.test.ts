/**
 * Network settings end to end in Chromium on the web preview: the sandbox is the current
 * network and says so on every screen; the preview cannot use mainnet or a custom network and
 * the Settings screen says why, with those choices disabled; choosing the sandbox again works.
 */
import { describe, expect, it } from 'vitest';
import type { SettingsView } from '../../preload/api-types';
import type { Result } from '../../main/shared/result';
import type { PageGlobals } from '../harness/browser';
import { usePreviewSession } from '../harness/e2e-session';
import { screenshot, createWallet } from './onboarding-helpers';

const session = usePreviewSession();

describe('network settings in Chromium', () => {
  it('names the sandbox on every screen and offers only what the preview can run', async () => {
    const app = await session.openApp();
    const { page } = app;
    await createWallet(page);
    await page.getByRole('status', { name: 'Account address' }).waitFor();
    for (const screenName of ['Swap', 'Activity', 'Accounts', 'Settings', 'Wallet']) {
      await page.getByRole('link', { name: screenName, exact: true }).click();
      await page.getByRole('heading', { name: screenName, level: 1 }).waitFor();
      expect(await page.getByRole('banner').textContent()).toContain(
        'Sandbox network — test funds only',
      );
    }

    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    const sandbox = page.getByRole('radio', { name: /Sandbox — the default/ });
    await sandbox.waitFor();
    expect(await sandbox.isChecked()).toBe(true);
    const settings: Result<SettingsView> = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).wallet!.settings.get({}),
    );
    if (!settings.ok) throw new Error(settings.error.message);
    for (const name of [/Mainnet — real funds/, /Custom — your own RPC/]) {
      const radio = page.getByRole('radio', { name });
      expect(await radio.isDisabled()).toBe(true);
    }
    const reason = settings.value.networks.find((n) => n.id === 'mainnet')?.unavailableReason;
    expect(reason).toBeTruthy();
    expect(await page.getByText(reason!).count()).toBe(2); // under Mainnet and under Custom
    await screenshot(page, 'settings-network');

    await page.getByRole('button', { name: 'Use this network' }).click();
    await page.getByText(/^Now on Sandbox/).waitFor();
    expect(await page.getByRole('banner').textContent()).toContain(
      'Sandbox network — test funds only',
    );
  });
});
