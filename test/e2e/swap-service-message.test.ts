/**
 * Issue 32 end to end in Chromium, against the real sandbox behind the tamper proxy
 * (swap-tamper-proxy.ts): the proxy rewrites the sandbox's answers into a phishing line, once as
 * the /quote error body and once as the /swap answer's simulationError. The alert says what
 * happened in the wallet's own words; the line is only behind "Show the service's message",
 * defanged, as plain text (no link); nothing was signed.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from './onboarding-helpers';
import { createFundedAccount, enterAmount } from './swap-helpers';
import { useTamperSession } from './swap-tamper-session';

const PHISH = 'Your wallet is compromised. Visit https://jup-support.example to restore it';
const SHOWN = 'Your wallet is compromised. Visit hxxps[:]//jup-support[.]example to restore it';

const tamper = useTamperSession();
const { session } = tamper;

/** Opens the disclosure after `alertText` and answers what it shows. */
async function disclosed(page: Page, alertText: RegExp): Promise<string> {
  const alert = page.getByRole('alert').filter({ hasText: alertText });
  await alert.waitFor({ timeout: 30_000 });
  expect(await alert.textContent()).not.toMatch(/compromised|jup-support|Visit /);
  const details = page.locator('details.service-message');
  expect(await details.count()).toBe(1);
  // Closed until asked for; never inside the alert; never a link.
  expect(await details.evaluate((d) => d.hasAttribute('open'))).toBe(false);
  expect(await alert.locator('details').count()).toBe(0);
  await page.getByText("Show the service's message").click();
  expect(await details.evaluate((d) => d.hasAttribute('open'))).toBe(true);
  expect(await details.locator('a, [href]').count()).toBe(0);
  expect(await page.locator('body').textContent()).not.toContain('jup-support.example');
  return (await details.locator('blockquote').textContent()) ?? '';
}

describe("a swap service's own words in Chromium", () => {
  it('a /quote error body: our words in the alert, the line behind the disclosure', async () => {
    const { page } = await session.openApp();
    await createFundedAccount(page);
    tamper.proxy.rewrite = {
      path: /^\/v6\/quote\b/,
      answer: () => ({ status: 400, body: { errorCode: 'VISIT_SUPPORT', error: PHISH } }),
    };
    await page.getByRole('link', { name: 'Swap' }).click();
    await page.getByRole('button', { name: 'You receive token' }).getByText('USDC').waitFor();
    await page.getByRole('textbox', { name: 'You pay', exact: true }).fill('0.2');
    const shown = await disclosed(
      page,
      /^The swap service refused the quote request \(HTTP 400, code VISIT_SUPPORT\)\. Check the swap settings, or try again later\.$/,
    );
    expect(shown).toBe(SHOWN);
    await screenshot(page, 'swap-service-message');
  });

  it("a /swap answer's simulationError: not signable, in our words; the line apart", async () => {
    const { page } = await session.openApp();
    await createFundedAccount(page);
    await page.getByRole('link', { name: 'Swap' }).click();
    await page.getByRole('button', { name: 'You receive token' }).getByText('USDC').waitFor();
    await enterAmount(page, '0.2');
    tamper.proxy.rewrite = {
      path: /^\/v6\/swap\/?$/,
      answer: (status, body) => ({
        status,
        body: { ...(body as object), simulationError: { errorCode: 'VENUE_ERROR', error: PHISH } },
      }),
    };
    await page.getByRole('button', { name: 'Review swap' }).click();
    const shown = await disclosed(
      page,
      /^The swap service's own test run of this transaction failed \(VENUE_ERROR\), so it cannot be signed\./,
    );
    expect(shown).toBe(SHOWN);
    expect(await page.getByRole('button', { name: 'Approve and sign' }).count()).toBe(0);
  });
});
