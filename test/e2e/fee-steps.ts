/**
 * Steps the integrator-fee end-to-end suites share (the Jupiter-shaped sandbox and the Swap API
 * v2 one): the Fees screen's 20 bps platform fee in USDC with the integrator's own token account,
 * a fee transaction approved to its confirmation, a swap of SOL into the fee mint, and the quote
 * a swap review was sent with.
 */
import type { Page, Request } from 'playwright-core';
import type { QuoteView } from '../../preload/api-types';
import { approveAndWait, clickForTicket, pickTokenNamed } from './pay-helpers';
import { enterAmount, reviewSwap } from './swap-helpers';

/**
 * On the Fees screen: saves a 20 bps platform fee, picks USDC as the fee mint, and creates (and
 * approves to its confirmation) the integrator's own USDC token account as the fee account.
 */
export async function saveUsdcPlatformFee(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Fees' }).click();
  await page.getByRole('heading', { name: 'Fees', level: 1 }).waitFor();
  await page.getByRole('spinbutton', { name: 'Platform fee (bps)' }).fill('20');
  await page.getByRole('checkbox', { name: /Charge a platform fee/ }).check();
  await page.getByRole('button', { name: 'Save fee' }).click();
  await page.getByText('Saved: a 20 bps platform fee on swaps and payments.').waitFor();
  await pickTokenNamed(page, 'Fee token mint', 'USDC');
  await approveFeeTransaction(
    page,
    'Create your own token account for the fee mint',
    'fees.createAccount',
  );
}

/** Clicks the Fees screen's `button`, reviews what bridge `method` answers, approves it. */
export async function approveFeeTransaction(
  page: Page,
  button: string,
  method: string,
): Promise<void> {
  await clickForTicket(page, button, method);
  await approveAndWait(page, 'Fee transaction status');
}

/** The quoteId the screen sent with the next swap.review. */
export function nextReviewedQuote(page: Page): Promise<string> {
  return page
    .waitForRequest((r: Request) => r.url().includes('/bridge/swap.review'), { timeout: 30_000 })
    .then((r) => (r.postDataJSON() as { quoteId: string }).quoteId);
}

/**
 * Opens Swap, waits until it offers USDC (the fee mint) to receive, and types `amount` SOL to
 * pay: the swap whose platform fee is taken in the output mint.
 */
export async function enterSolToUsdc(page: Page, amount: string): Promise<void> {
  await page.getByRole('link', { name: 'Swap' }).click();
  await page.getByRole('button', { name: 'You receive token' }).getByText('USDC').waitFor();
  await enterAmount(page, amount);
}

/**
 * Clicks **Review swap** and answers the quote the review was sent with, among `quotes` (the
 * swap.quote answers the page has seen); undefined when the screen sent one never answered.
 */
export async function reviewQuotedSwap(
  page: Page,
  quotes: () => QuoteView[],
): Promise<QuoteView | undefined> {
  const reviewed = nextReviewedQuote(page);
  await reviewSwap(page);
  const quoteId = await reviewed;
  return quotes().find((q) => q.quoteId === quoteId);
}
