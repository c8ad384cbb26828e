/**
 * Locked means locked, end to end in Chromium on the web preview (issue 24): a wallet made
 * through onboarding, a swap reviewed, then **Lock**: only the lock screen, **Approve and sign**
 * gone from the page and refused by main for the very ticket that was reviewed; a wrong
 * password said so, the right one unlocks, and the swap goes through. Then **Auto-lock after**
 * 1 minute with the page's clock run forward by the test.
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../main/shared/result';
import type { PageGlobals } from '../harness/browser';
import { usePreviewSession } from '../harness/e2e-session';
import { E2E_PASSWORD, createWallet, screenshot } from './onboarding-helpers';
import { approveAndConfirm, createFundedAccount, enterAmount, reviewSwap } from './swap-helpers';

const session = usePreviewSession();

describe('the lock in Chromium', () => {
  it('locks: Approve and sign unreachable, a wrong then the right password, then the swap', async () => {
    const { page } = await session.openApp();
    await createFundedAccount(page);
    await page.getByRole('link', { name: 'Swap' }).click();
    await page.getByRole('heading', { name: 'Swap', level: 1 }).waitFor();
    await enterAmount(page, '0.25');
    const ticket = await reviewSwap(page);
    expect(await page.getByRole('button', { name: 'Approve and sign' }).count()).toBe(1);

    await page.getByRole('button', { name: 'Lock', exact: true }).click();
    await page.getByRole('heading', { name: 'Swapdesk is locked' }).waitFor();
    await screenshot(page, 'lock-screen');
    expect(await page.getByRole('button', { name: 'Approve and sign' }).count()).toBe(0);
    expect(await page.getByRole('navigation').count()).toBe(0);
    // Main refuses the reviewed ticket itself, whatever a page would send.
    const approve: Result<unknown> = await page.evaluate(
      (t) =>
        (globalThis as unknown as PageGlobals).wallet!.swap.approve({
          ticketId: t.ticketId,
          transactionBase64: t.transactionBase64,
        } as never),
      { ticketId: ticket.ticketId, transactionBase64: ticket.transactionBase64 },
    );
    expect(approve).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    const list: Result<unknown> = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).wallet!.accounts.list({}),
    );
    expect(list).toMatchObject({ ok: false, error: { code: 'LOCKED' } });

    await page.getByLabel('Password').fill('not the password at all');
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /does not open this wallet/ })
      .waitFor();
    await page.getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('button', { name: 'Unlock' }).click();
    await page.getByRole('heading', { name: 'Swap', level: 1 }).waitFor({ timeout: 30_000 });

    // Unlocked, the swap goes through: reviewed again, approved, Confirmed.
    await page.getByRole('button', { name: 'Edit swap' }).click();
    await enterAmount(page, '0.25');
    await reviewSwap(page);
    await approveAndConfirm(page);
  });

  it('locks itself after the chosen idle time (the page clock run forward)', async () => {
    const { page } = await session.openApp();
    await page.clock.install();
    await page.reload();
    await page.getByRole('heading', { name: 'Welcome to Swapdesk' }).waitFor();
    await createWallet(page);
    await page.getByRole('link', { name: 'Settings', exact: true }).click();
    await page.getByLabel('Auto-lock after').selectOption('1');
    await page
      .getByLabel('Auto-lock after')
      .evaluate((el) => (el as unknown as { blur(): void }).blur());
    await page.clock.fastForward(30_000);
    expect(await page.getByRole('heading', { name: 'Swapdesk is locked' }).count()).toBe(0);
    await page.clock.fastForward(31_000);
    await page.getByRole('heading', { name: 'Swapdesk is locked' }).waitFor();
    const status: Result<{ state: string }> = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).wallet!.lock.status({}),
    );
    expect(status).toMatchObject({ ok: true, value: { state: 'locked' } });
  });
});
