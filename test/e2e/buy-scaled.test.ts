/**
 * Buying the scaled token (issue 35), end to end in Chromium on the web preview against a real
 * sandbox, while XSTK is at 1.5× (the sandbox's first ten minutes): USDC bought into XSTK on the Swap screen reads scaled, lands at least the shown minimum, and
 * the review's scaled amount is the raw amount × 1.5 as @solana/spl-token computes it.
 */
import { amountToUiAmountForScaledUiAmountMintWithoutSimulation } from '@solana/spl-token';
import { describe, expect, it } from 'vitest';
import { usePreviewSession } from '../harness/e2e-session';
import { screenshot } from './onboarding-helpers';
import {
  approveAndConfirm,
  createFundedAccount,
  enterSwap,
  holdings,
  readBalances,
  reviewedChanges,
  reviewSwap,
} from './swap-helpers';

const XSTK = 'CGQW5zJTsxJzyUbfGWFFwVTDFTGBvifnJpoE3y2HtfuW';

/** "1,234.5 XSTK" → "1234.5": a shown amount as a plain decimal. */
const plain = (shown: string) => shown.replace(/[−+,]/g, '').replace(/\s*XSTK.*$/, '');

describe('buying the scaled token XSTK in Chromium', () => {
  const session = usePreviewSession();

  it('buys XSTK with USDC on the Swap screen: scaled out, at least the minimum lands', async () => {
    const { page } = await session.openApp();
    const address = await createFundedAccount(page);
    const before = holdings(await readBalances(page, address));

    await page.getByRole('link', { name: 'Swap' }).click();
    await enterSwap(page, 'USDC', 'XSTK', '30');
    const quoted = (await page.getByRole('status', { name: 'You receive' }).textContent()) ?? '';
    const minimum =
      (await page
        .getByText('Minimum received')
        .locator('xpath=following-sibling::dd[1]')
        .textContent()) ?? '';
    const ticket = await reviewSwap(page);
    const raw = reviewedChanges(ticket).get(XSTK) ?? 0n;
    expect(raw).toBeGreaterThan(0n);
    // $30 of a ~$200 (per UI unit) token is about 0.15 XSTK as read, about 0.1 raw XSTK.
    expect(raw).toBeGreaterThan(8_000_000n);
    expect(raw).toBeLessThan(12_000_000n);
    const scaled = amountToUiAmountForScaledUiAmountMintWithoutSimulation(raw, 8, 1.5);
    // The quote and the minimum read scaled too (the raw amount would read a third less).
    expect(Number(plain(quoted))).toBeGreaterThan(0.13);
    expect(Number(plain(minimum))).toBeGreaterThan(0.13);
    const row = page.getByRole('row', { name: /XSTK/ }).filter({ hasText: `+${scaled} XSTK` });
    await row.first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'swap-buy-scaled-review');
    await approveAndConfirm(page);

    const after = holdings(await readBalances(page, address));
    const bought = (after.get(XSTK) ?? 0n) - (before.get(XSTK) ?? 0n);
    expect(bought).toBe(raw);
    const minimumRaw = uiToRaw(plain(minimum));
    expect(bought).toBeGreaterThanOrEqual(minimumRaw);
  });
});

/** A scaled XSTK amount as read ("0.14925") back to raw base units at 1.5×, rounded up. */
function uiToRaw(ui: string): bigint {
  const [whole = '0', fraction = ''] = ui.split('.');
  const units = BigInt(whole + fraction.padEnd(8, '0').slice(0, 8));
  return (units * 2n + 2n) / 3n;
}
