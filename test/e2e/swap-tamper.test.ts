/**
 * A swap server that tampers with /swap answers, end to end in Chromium: the preview's swap
 * API is a loopback proxy in front of the sandbox's /v6 (swap-tamper-proxy.ts, via the
 * test-only `--swap-api-url` flag). When the proxy adds a SOL transfer to a stranger, or pays
 * the person less than the quote's minimum, the review shows the guard's reason in words and
 * there is no **Approve and sign**; nothing is sent and the balances stay as they were. With
 * the proxy honest again, the same screen swaps normally (the refusals come from the tamper).
 */
import { describe, expect, it } from 'vitest';
import type { Result } from '../../main/shared/result';
import type { ReviewTicketView } from '../../preload/api-types';
import { screenshot, type AppPage } from './onboarding-helpers';
import {
  approveAndConfirm,
  createFundedAccount,
  enterAmount,
  holdings,
  readBalances,
  reviewSwap,
} from './swap-helpers';
import { STRANGER } from './swap-tamper-proxy';
import { useTamperSession } from './swap-tamper-session';

const tamper = useTamperSession();
const { session } = tamper;

/** Reviews a 0.2 SOL → USDC swap through the UI; answers the refused ticket. */
async function refusedReview(page: AppPage['page']): Promise<ReviewTicketView> {
  await page.getByRole('link', { name: 'Swap' }).click();
  await page.getByRole('button', { name: 'You receive token' }).getByText('USDC').waitFor();
  await enterAmount(page, '0.2');
  const answered = page.waitForResponse((r) => r.url().includes('/bridge/swap.review'));
  await page.getByRole('button', { name: 'Review swap' }).click();
  const result = (await (await answered).json()) as Result<ReviewTicketView>;
  if (!result.ok) throw new Error(`swap.review failed: ${result.error.message}`);
  await page.getByText('Swapdesk will not sign this transaction').waitFor();
  return result.value;
}

describe('a tampering swap server in Chromium', () => {
  it('a SOL transfer to a stranger: the reason in words, no approve, nothing sent', async () => {
    const app = await session.openApp();
    const { page } = app;
    const address = await createFundedAccount(page);
    const before = holdings(await readBalances(page, address));
    tamper.proxy.mode = 'send-sol-to-stranger';
    // The ready line names the swap API the wallet uses: the test server, not the sandbox.
    expect(session.preview.swapApiUrl).toBe(tamper.proxy.url);
    const ticket = await refusedReview(page);
    expect(tamper.proxy.tampered()).toBe(1);
    expect(ticket.report.accepted).toBe(false);

    const reasons = await page
      .getByRole('list', { name: 'Reasons for the refusal' })
      .getByRole('listitem')
      .allTextContents();
    expect(reasons).toEqual(ticket.report.refusals);
    expect(reasons.join('\n')).toMatch(
      /send 0\.05 SOL from your account to .+, which is not part of the swap/,
    );
    expect(reasons.join('\n')).toContain(STRANGER.toBase58().slice(0, 4));
    expect(await page.getByRole('button', { name: 'Approve and sign' }).count()).toBe(0);
    await screenshot(page, 'swap-refused');

    // Main refuses too, even when asked directly with the ticket's own bytes.
    const approved: Result<unknown> = await page.evaluate(
      (t) =>
        (
          globalThis as unknown as {
            wallet: { swap: { approve(r: unknown): Promise<Result<unknown>> } };
          }
        ).wallet.swap.approve({ ticketId: t.ticketId, transactionBase64: t.transactionBase64 }),
      { ticketId: ticket.ticketId, transactionBase64: ticket.transactionBase64 },
    );
    expect(approved.ok).toBe(false);
    expect(holdings(await readBalances(page, address))).toEqual(before);
  });

  it('less output than the quote minimum: refused with the amounts, then an honest swap works', async () => {
    const app = await session.openApp();
    const { page } = app;
    await createFundedAccount(page);
    tamper.proxy.mode = 'cut-output';
    const ticket = await refusedReview(page);
    const text =
      (await page.getByRole('list', { name: 'Reasons for the refusal' }).textContent()) ?? '';
    expect(text).toMatch(/USDC/);
    expect(text).toMatch(/minimum/);
    expect(ticket.report.refusals.length).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Approve and sign' }).count()).toBe(0);

    // Honest again: a fresh quote reviews clean and confirms.
    tamper.proxy.mode = 'honest';
    await page.getByRole('button', { name: 'Get a fresh quote' }).click();
    await page.getByRole('status', { name: 'You receive' }).waitFor({ timeout: 30_000 });
    const clean = await reviewSwap(page);
    expect(clean.report.accepted).toBe(true);
    await approveAndConfirm(page);
  });
});
