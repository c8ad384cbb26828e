/**
 * Knowing what you trade, end to end in Chromium on the web preview against a real sandbox
 * (issue 11): USD values on the wallet and swap screens match the prices the page was given
 * (recomputed here from base units with bigint math): the sandbox's /price/v3, or Pyth's feed
 * where the wallet has one (issue 25), within 1% of it; a swap into PDLG (permanent
 * delegate) cannot be approved until **I understand this risk** is ticked; and UNVR's hostile
 * logo (an SVG with a script) never reaches the page: the page never requests it, no element
 * refers to it, and a placeholder is drawn instead.
 */
import { describe, expect, it } from 'vitest';
import { addDecimal, formatUsd, parseDecimal, usdValue } from '../../main/shared/usd';
import type { Result } from '../../main/shared/result';
import { scaledAtomic } from '../../main/shared/scaled-amount';
import type { PriceView } from '../../preload/api-types';
import { usePreviewSession } from '../harness/e2e-session';
import { screenshot } from './onboarding-helpers';
import {
  createFundedAccount,
  enterAmount,
  enterSwap,
  readBalances,
  reviewSwap,
  SOL_MINT,
  USDC_MINT,
} from './swap-helpers';

const PDLG = 'E9REZTBcoGZaPbveoQCVAon6tpMAw7nHLDnPco6LRuFi';
const UNVR = '4V5ZVoUWuiCw7JRnD87JXhBXFVq6erXBXymz9z8y4Pki';
const XSTK = 'CGQW5zJTsxJzyUbfGWFFwVTDFTGBvifnJpoE3y2HtfuW';

/** The sandbox's published prices, as exact decimal text (the answer's number literals). */
async function sandboxPrices(rpcUrl: string, mints: string[]): Promise<Map<string, string>> {
  const response = await fetch(`${new URL(rpcUrl).origin}/price/v3?ids=${mints.join(',')}`);
  const text = await response.text();
  const prices = new Map<string, string>();
  for (const mint of mints) {
    const match = new RegExp(`"${mint}":\\{[^}]*"usdPrice":([0-9.eE+-]+)`).exec(text);
    if (match?.[1]) prices.set(mint, match[1]);
  }
  return prices;
}

describe('tokens, prices and warnings in Chromium', () => {
  const session = usePreviewSession();

  it('shows USD values that match the sandbox prices, and a Total value', async () => {
    const { page } = await session.openApp();
    // The prices the page was given (prices.get): Pyth's where a feed exists (issue 25), the
    // sandbox's Price API elsewhere. Pyth's move on their own clock, so the expectations are
    // computed from what the page received, and checked against the sandbox's own prices.
    const shown = new Map<string, PriceView>();
    page.on('response', (response) => {
      if (!response.url().includes('/bridge/prices.get')) return;
      void response
        .json()
        .then((result: Result<Record<string, PriceView>>) => {
          if (result.ok)
            for (const [mint, view] of Object.entries(result.value)) shown.set(mint, view);
        })
        .catch(() => undefined);
    });
    const address = await createFundedAccount(page);
    const balances = await readBalances(page, address);
    const published = await sandboxPrices(session.preview.rpcUrl, [
      SOL_MINT,
      ...balances.tokens.map((t) => t.mint),
    ]);
    // The page asks for prices in several batches: expect only once every holding's has come,
    // or the expected total would leave out a token the page counts.
    const held = [SOL_MINT, ...balances.tokens.map((t) => t.mint)];
    await expect.poll(() => held.filter((mint) => !shown.has(mint))).toEqual([]);
    const prices = new Map<string, string>();
    for (const [mint, view] of shown) {
      if (view.usdPrice === null) continue;
      prices.set(mint, view.usdPrice);
      const pools = Number(published.get(mint));
      if (view.source === 'oracle') {
        // Pyth's sandbox feed follows the market the pools were seeded at: within 1%.
        expect(Math.abs(Number(view.usdPrice) - pools) / pools).toBeLessThan(0.01);
      } else {
        expect(view.usdPrice).toBe(published.get(mint));
      }
    }
    expect(shown.get(SOL_MINT)?.source).toBe('oracle');
    const usdc = balances.tokens.find((t) => t.mint === USDC_MINT)!;
    const expectUsdc = formatUsd(
      usdValue(BigInt(usdc.amount), 6, parseDecimal(prices.get(USDC_MINT)!)!),
    );
    const expectSol = formatUsd(
      usdValue(BigInt(balances.lamports), 9, parseDecimal(prices.get(SOL_MINT)!)!),
    );
    await expect.poll(() => page.getByLabel('USD value of USDC').textContent()).toBe(expectUsdc);
    expect(await page.getByLabel('USD value of SOL').textContent()).toBe(`≈ ${expectSol}`);
    // A scaled token's price is per UI unit (issue 35): its value is the scaled amount the
    // person reads (raw × multiplier, as Token-2022 computes it) at that price. Test funds
    // include XSTK, so the total below counts one scaled holding.
    const xstk = balances.tokens.find((t) => t.mint === XSTK);
    expect(xstk?.multiplier).toBe(1.5);
    const valueOf = (token: (typeof balances.tokens)[number], price: string) =>
      usdValue(
        token.multiplier === undefined
          ? BigInt(token.amount)
          : scaledAtomic(BigInt(token.amount), token.multiplier),
        token.decimals,
        parseDecimal(price)!,
      );
    await expect
      .poll(() => page.getByLabel('USD value of XSTK').textContent())
      .toBe(formatUsd(valueOf(xstk!, prices.get(XSTK)!)));
    // Total value: every priced holding, summed exactly.
    let total = usdValue(BigInt(balances.lamports), 9, parseDecimal(prices.get(SOL_MINT)!)!);
    for (const token of balances.tokens) {
      const price = prices.get(token.mint);
      if (!price) continue;
      total = addDecimal(total, valueOf(token, price));
    }
    // Waited for like the rows above, up to a balance refresh (20 s): in one clean run (two e2e
    // files at a time) it read $310,298.92 against these $688,027.89, the rows above matching;
    // the cause is not known yet (docs/BENCHMARKS.md, sixth round). The exact sum is required.
    await expect
      .poll(() => page.getByLabel('Total value').textContent(), { timeout: 30_000 })
      .toBe(formatUsd(total));
    await screenshot(page, 'wallet-usd-values');

    // The swap screen: both sides of a SOL → USDC quote at the same prices.
    await page.getByRole('link', { name: 'Swap' }).click();
    await page.getByRole('button', { name: 'You receive token' }).getByText('USDC').waitFor();
    await enterAmount(page, '2');
    const solPrice = parseDecimal(prices.get(SOL_MINT)!)!;
    expect(await page.getByLabel('USD value you pay').textContent()).toBe(
      `≈ ${formatUsd(usdValue(2_000_000_000n, 9, solPrice))}`,
    );
    const received = (await page.getByRole('status', { name: 'You receive' }).textContent()) ?? '';
    const units = received.replace(/[^0-9.]/g, '');
    const [whole = '0', fraction = ''] = units.split('.');
    const outBase = BigInt(whole + fraction.padEnd(6, '0').slice(0, 6));
    expect(await page.getByLabel('USD value you receive').textContent()).toBe(
      `≈ ${formatUsd(usdValue(outBase, 6, parseDecimal(prices.get(USDC_MINT)!)!))}`,
    );
  });

  it('a swap into PDLG cannot be approved until its permanent delegate is acknowledged', async () => {
    const { page } = await session.openApp();
    await createFundedAccount(page);
    await page.getByRole('link', { name: 'Swap' }).click();
    await enterSwap(page, 'USDC', 'PDLG', '10');
    const ticket = await reviewSwap(page);
    const warning = ticket.report.tokenWarnings.find((w) => w.kind === 'permanent-delegate');
    expect(warning).toMatchObject({ mint: PDLG, mustAcknowledge: true });
    await page.getByText(warning!.sentence).waitFor();
    const approve = page.getByRole('button', { name: 'Approve and sign' });
    expect(await approve.isDisabled()).toBe(true);
    // The headline asks for attention, not approval, until the risk is acknowledged (issue 15).
    const attention = page.getByText(
      'This transaction needs your attention: read the warnings below and tick “I understand this risk” before you approve.',
    );
    await attention.waitFor();
    expect(await page.getByText(/does what the quote says/).count()).toBe(0);
    await screenshot(page, 'review-permanent-delegate');
    await page.getByRole('checkbox', { name: 'I understand this risk' }).check();
    await page.getByText(/^The transaction does what the quote says\./).waitFor();
    expect(await attention.count()).toBe(0);
    expect(await approve.isEnabled()).toBe(true);
    await approve.click();
    await page
      .getByRole('status', { name: 'Swap status' })
      .filter({ hasText: /^Confirmed$/ })
      .waitFor({ timeout: 90_000 });
  });

  it('a hostile logo never reaches the page; the unverified token is marked', async () => {
    const { page } = await session.openApp();
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    const logoAnswers: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/bridge/tokens.logo')) {
        void response
          .text()
          .then((body) => logoAnswers.push(`${response.request().postData()} ${body}`));
      }
    });
    await createFundedAccount(page);
    await page.getByRole('link', { name: 'Swap' }).click();
    await page.getByRole('button', { name: 'You receive token' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('combobox', { name: 'Search tokens' }).fill('UNVR');
    const option = dialog.getByRole('option', { name: /^UNVR \(unverified, 4V5Z…4Pki\)$/ });
    await option.waitFor();
    expect(await option.getByText('Unverified', { exact: true }).count()).toBe(1);
    // Main was asked for the logo and refused it: the placeholder stays.
    await expect
      .poll(() => logoAnswers.find((answer) => answer.includes(UNVR)))
      .toMatch(/"dataUrl":null/);
    expect(await option.getByTestId('logo-placeholder').count()).toBe(1);
    const html = await page.content();
    expect(html).not.toContain('UNVR.svg');
    expect(html).not.toContain('attacker.invalid');
    const sources = await page
      .locator('img')
      .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('src') ?? ''));
    expect(sources.every((src) => src.startsWith('data:image/'))).toBe(true);
    expect(requested.filter((url) => !url.startsWith(session.preview.origin))).toEqual([]);
    expect(requested.some((url) => url.includes('/sandbox/logos/'))).toBe(false);
    await screenshot(page, 'picker-unverified-placeholder');
  });
});
