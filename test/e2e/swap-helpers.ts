/**
 * Shared steps of the swap end-to-end suites: a funded account made through the UI, balances
 * read straight from the bridge (what main sees), a swap driven through the Swap screen with
 * the review report captured from the bridge response the screen received, and the
 * arithmetic that compares balance changes with what the review said.
 */
import type { Page, Response } from 'playwright-core';
import type { Balances, ReviewTicketView } from '../../preload/api-types';
import type { Result } from '../../main/shared/result';
import type { PageGlobals } from '../harness/browser';
import { createWallet } from './onboarding-helpers';

export const SOL_MINT = 'So11111111111111111111111111111111111111112';
export const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const BONK_MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
export const JUP_MINT = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';

/** Creates a wallet through onboarding and fills it with **Get test funds**. */
export async function createFundedAccount(page: Page): Promise<string> {
  await createWallet(page);
  const address = (await page.getByRole('status', { name: 'Account address' }).textContent()) ?? '';
  await page.getByRole('button', { name: 'Get test funds' }).click();
  await page.getByText('Test funds received.').waitFor({ timeout: 60_000 });
  return address.trim();
}

/** balances.get through the page's bridge. */
export async function readBalances(page: Page, address: string): Promise<Balances> {
  const result: Result<Balances> = await page.evaluate(
    (a) => (globalThis as unknown as PageGlobals).wallet!.balances.get({ address: a }),
    address,
  );
  if (!result.ok) throw new Error(`balances.get failed: ${result.error.message}`);
  return result.value;
}

/** Base units held per mint (all token accounts of a mint summed), SOL lamports under null. */
export function holdings(balances: Balances): Map<string | null, bigint> {
  const map = new Map<string | null, bigint>([[null, BigInt(balances.lamports)]]);
  for (const token of balances.tokens) {
    map.set(token.mint, (map.get(token.mint) ?? 0n) + BigInt(token.amount));
  }
  return map;
}

/** after − before per mint, zero entries left out. */
export function difference(
  before: Map<string | null, bigint>,
  after: Map<string | null, bigint>,
): Map<string | null, bigint> {
  const keys = new Set([...before.keys(), ...after.keys()]);
  const diff = new Map<string | null, bigint>();
  for (const key of keys) {
    const delta = (after.get(key) ?? 0n) - (before.get(key) ?? 0n);
    if (delta !== 0n) diff.set(key, delta);
  }
  return diff;
}

/**
 * What the review says the person's holdings change by: the changes of accounts the person
 * owns (their SOL account, their token accounts, the swap's output account when it is theirs;
 * the person is the fee payer) summed per mint, SOL under null, zero entries left out.
 */
export function reviewedChanges(ticket: ReviewTicketView): Map<string | null, bigint> {
  const changes = new Map<string | null, bigint>();
  const user = ticket.report.feePayer;
  for (const change of ticket.report.balanceChanges) {
    if (change.role !== 'user' && change.owner !== user) continue;
    changes.set(change.mint, (changes.get(change.mint) ?? 0n) + BigInt(change.change));
  }
  for (const [key, value] of changes) if (value === 0n) changes.delete(key);
  return changes;
}

/** Opens a picker and chooses a token by typing its symbol into **Search tokens**. */
export async function pickToken(
  page: Page,
  side: 'You pay token' | 'You receive token',
  symbol: string,
): Promise<void> {
  await page.getByRole('button', { name: side, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Search tokens' }).fill(symbol);
  await dialog.getByRole('option', { name: symbol, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Types the amount and waits for the quote of exactly that amount to be shown. */
export async function enterAmount(page: Page, amount: string): Promise<void> {
  await page.getByRole('textbox', { name: 'You pay', exact: true }).fill(amount);
  await page.getByRole('status', { name: 'You receive' }).waitFor({ timeout: 30_000 });
}

/** Picks the token paid and the one received, then types the amount paid (see enterAmount). */
export async function enterSwap(
  page: Page,
  pay: string,
  receive: string,
  amount: string,
): Promise<void> {
  await pickToken(page, 'You pay token', pay);
  await pickToken(page, 'You receive token', receive);
  await enterAmount(page, amount);
}

/** Clicks **Review swap** and answers the ticket the screen received from the bridge. */
export async function reviewSwap(page: Page): Promise<ReviewTicketView> {
  const answered = page.waitForResponse(
    (response: Response) =>
      response.url().includes('/bridge/swap.review') && response.request().method() === 'POST',
    { timeout: 60_000 },
  );
  await page.getByRole('button', { name: 'Review swap' }).click();
  const result = (await (await answered).json()) as Result<ReviewTicketView>;
  if (!result.ok) throw new Error(`swap.review failed: ${result.error.message}`);
  await page.getByRole('heading', { name: 'Your balance changes' }).waitFor();
  return result.value;
}

/** Approves and waits for the status to read Confirmed. */
export async function approveAndConfirm(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Approve and sign' }).click();
  await page
    .getByRole('status', { name: 'Swap status' })
    .filter({ hasText: /^Confirmed$/ })
    .waitFor({ timeout: 90_000 });
}
