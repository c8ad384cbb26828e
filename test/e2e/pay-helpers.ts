/**
 * Shared steps of the pay (and fees) end-to-end suites: a wallet holding only SOL (airdropped
 * straight through the sandbox's RPC, no test tokens), the bridge answers the Pay screen
 * received (plans, tickets), test tokens from the preview's sandbox faucet, and what the chain
 * says about token accounts.
 */
import { Connection, Keypair, LAMPORTS_PER_SOL, PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import type { PaymentPlanView, ReviewTicketView } from '../../preload/api-types';
import type { Result } from '../../main/shared/result';
import { createWallet } from './onboarding-helpers';

/** Creates a wallet through onboarding and airdrops `sol` SOL to it: it holds SOL only. */
export async function createSolOnlyAccount(
  page: Page,
  connection: Connection,
  sol = 2,
): Promise<string> {
  await createWallet(page);
  const address =
    (await page.getByRole('status', { name: 'Account address' }).textContent())?.trim() ?? '';
  const owner = new PublicKey(address);
  await connection.requestAirdrop(owner, sol * LAMPORTS_PER_SOL);
  // Wait for the lamports themselves: what the wallet will read next.
  for (let i = 0; i < 300; i += 1) {
    if ((await connection.getBalance(owner, 'confirmed')) >= sol * LAMPORTS_PER_SOL) break;
    await page.waitForTimeout(100);
  }
  return address;
}

/** Mints `amount` base units of `mint` to `owner` through the preview's sandbox faucet. */
export async function fundFromFaucet(
  rpcUrl: string,
  owner: string,
  mint: string,
  amount: bigint,
): Promise<void> {
  const funded = await fetch(new URL('/sandbox/faucet', rpcUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ owner, mint, amount: amount.toString() }),
  });
  expect(funded.status).toBe(200);
}

/** A new payee whose token account of `mint` exists (the faucet opens it with 1 base unit). */
export async function payeeWithAccount(rpcUrl: string, mint: string): Promise<string> {
  const payee = Keypair.generate().publicKey.toBase58();
  await fundFromFaucet(rpcUrl, payee, mint, 1n);
  return payee;
}

/** Creates a wallet through onboarding and answers its address: it holds nothing yet. */
export async function newAccountAddress(page: Page): Promise<string> {
  await createWallet(page);
  return (await page.getByRole('status', { name: 'Account address' }).textContent())?.trim() ?? '';
}

/** Keeps the newest answer of a bridge method the page received (e.g. the last pay.quote). */
export function latestAnswer<T>(page: Page, method: string): () => T | null {
  let latest: T | null = null;
  page.on('response', (response: Response) => {
    if (!response.url().includes(`/bridge/${method}`)) return;
    void response
      .json()
      .then((body: Result<T>) => {
        if (body.ok) latest = body.value;
      })
      .catch(() => undefined);
  });
  return () => latest;
}

/** Every successful answer of a bridge method the page received, in arrival order. */
export function allAnswers<T>(page: Page, method: string): () => T[] {
  const answers: T[] = [];
  page.on('response', (response: Response) => {
    if (!response.url().includes(`/bridge/${method}`)) return;
    void response
      .json()
      .then((body: Result<T>) => {
        if (body.ok) answers.push(body.value);
      })
      .catch(() => undefined);
  });
  return () => answers;
}

/** Clicks `button` and answers the review ticket the screen received from `method`. */
export async function clickForTicket(
  page: Page,
  button: string,
  method: string,
): Promise<ReviewTicketView> {
  const answered = page.waitForResponse(
    (response: Response) =>
      response.url().includes(`/bridge/${method}`) && response.request().method() === 'POST',
    { timeout: 60_000 },
  );
  await page.getByRole('button', { name: button, exact: true }).click();
  const result = (await (await answered).json()) as Result<ReviewTicketView>;
  if (!result.ok) throw new Error(`${method} failed: ${result.error.message}`);
  await page.getByRole('heading', { name: 'Your balance changes' }).waitFor();
  return result.value;
}

/** Approves the open review and waits for **Confirmed** under `statusName`. */
export async function approveAndWait(page: Page, statusName: string): Promise<void> {
  await page.getByRole('button', { name: 'Approve and sign' }).click();
  await page
    .getByRole('status', { name: statusName })
    .filter({ hasText: /^Confirmed$/ })
    .waitFor({ timeout: 90_000 });
}

/** Base units in a token account, or null when it does not exist. */
export async function tokenBalance(
  connection: Connection,
  account: string,
): Promise<bigint | null> {
  const info = await connection.getAccountInfo(new PublicKey(account));
  if (!info) return null;
  const balance = await connection.getTokenAccountBalance(new PublicKey(account));
  return BigInt(balance.value.amount);
}

/** The associated token account of `owner` for a classic SPL Token `mint`. */
export function ataOf(owner: string, mint: string): string {
  return getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(owner)).toBase58();
}

/** Waits for the plan shown as "You pay at most" and answers the plan it came from. */
export async function shownPlan(
  page: Page,
  latestPlan: () => PaymentPlanView | null,
): Promise<PaymentPlanView> {
  await page.getByRole('status', { name: 'You pay at most' }).waitFor({ timeout: 60_000 });
  await page
    .getByRole('button', { name: 'Review payment' })
    .and(page.locator(':enabled'))
    .waitFor();
  for (let i = 0; i < 50 && latestPlan() === null; i += 1) await page.waitForTimeout(100);
  const plan = latestPlan();
  if (!plan) throw new Error('no pay.quote answer was seen');
  return plan;
}

/** Opens the picker named `picker` and chooses a token by typing its symbol. */
export async function pickTokenNamed(page: Page, picker: string, symbol: string): Promise<void> {
  await page.getByRole('button', { name: picker, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('combobox', { name: 'Search tokens' }).fill(symbol);
  await dialog.getByRole('option', { name: symbol, exact: true }).click();
  await dialog.waitFor({ state: 'detached' });
}
