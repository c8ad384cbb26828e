/**
 * Steps the sandbox merchant's end-to-end suites share (a Solana Pay transaction request and a
 * Solana Action, issue 34): opening the shop from the Pay screen, reviewing its transaction with no refusal, the merchant's USDC gained,
 * and the merchant's own check of a payment with @solana/pay (SPEC.md "Reference").
 */
import { findReference, validateTransfer } from '@solana/pay';
import { Connection, PublicKey } from '@solana/web3.js';
import BigNumber from 'bignumber.js';
import type { Page, Response } from 'playwright-core';
import { expect } from 'vitest';
import type { MerchantReviewView } from '../../preload/api-types';
import type { Result } from '../../main/shared/result';
import {
  orderMemo,
  orderReference,
  SANDBOX_MERCHANT,
} from '../../main/sandbox/merchant/merchant-shop';
import { approveAndWait, ataOf, tokenBalance } from './pay-helpers';
import { USDC_MINT } from './swap-helpers';

/** Goes to the Pay screen and waits for its heading. */
export async function openPayScreen(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Pay' }).click();
  await page.getByRole('heading', { name: 'Pay', level: 1 }).waitFor();
}

/**
 * Opens the sandbox shop's transaction request through the Pay screen's button `button` and
 * answers the order it names (the `order` of the request's link).
 */
export async function openSandboxRequest(page: Page, button: string): Promise<string> {
  await openPayScreen(page);
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('heading', { name: 'Payment to Sandbox Coffee' }).waitFor();
  const text = await page.getByRole('textbox', { name: 'Payment request' }).inputValue();
  return new URL(decodeURIComponent(text.slice('solana:'.length))).searchParams.get('order')!;
}

/** The shop's icon, as main checked and handed it over: an inline PNG. */
export async function expectCheckedIcon(page: Page): Promise<void> {
  expect(await page.locator('img.merchant-icon').getAttribute('src')).toMatch(
    /^data:image\/png;base64,/,
  );
}

/**
 * Clicks `button`, expects the review answered by bridge `method` to carry no refusal, and
 * waits for the review's summary of a 2.5 USDC payment to the sandbox merchant at `domain`.
 */
export async function reviewNoRefusals(
  page: Page,
  method: string,
  button: string,
  domain: string,
): Promise<void> {
  const answered = page.waitForResponse(
    (response: Response) => response.url().includes(`/bridge/${method}`),
    { timeout: 60_000 },
  );
  await page.getByRole('button', { name: button, exact: true }).click();
  const review = (await (await answered).json()) as Result<MerchantReviewView>;
  if (!review.ok) throw new Error(review.error.message);
  expect(review.value.ticket.report.refusals).toEqual([]);
  const merchant = SANDBOX_MERCHANT.toBase58();
  await page
    .getByText(
      `Pays 2.5 USDC to ${domain}'s account ${merchant.slice(0, 4)}…${merchant.slice(-4)}; creates nothing; asks nothing else of you.`,
    )
    .waitFor();
}

/** Approves the open review and expects the sandbox merchant's USDC account to gain 2.5 USDC. */
export async function approveAndExpectMerchantPaid(
  page: Page,
  connection: Connection,
): Promise<void> {
  const merchantUsdc = ataOf(SANDBOX_MERCHANT.toBase58(), USDC_MINT);
  const before = await tokenBalance(connection, merchantUsdc);
  await approveAndWait(page, 'Payment status');
  expect((await tokenBalance(connection, merchantUsdc))! - before!).toBe(2_500_000n);
}

/**
 * Approves the swap reviewed first and then the merchant's transaction: once the swap is
 * confirmed the screen asks the merchant again at once (its own status gives way to the fresh
 * review), so the fresh review, which now passes, is what to wait for.
 */
export async function approveSwapThenPayment(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Approve and sign' }).click();
  await page
    .getByText(
      'The merchant’s transaction pays exactly what it says above and asks nothing else of you.',
      { exact: false },
    )
    .waitFor({ timeout: 60_000 });
  await approveAndWait(page, 'Payment status');
}

/**
 * The merchant's own check of order `order`, as a real shop makes it: the transaction found by
 * the order's reference, and validated as exactly 2.5 USDC to the merchant with the order's memo.
 */
export async function merchantValidates(connection: Connection, order: string): Promise<void> {
  const found = await findReference(connection, orderReference(order), {
    finality: 'confirmed',
  });
  await validateTransfer(
    connection,
    found.signature,
    {
      recipient: SANDBOX_MERCHANT,
      amount: new BigNumber('2.5'),
      splToken: new PublicKey(USDC_MINT),
      reference: orderReference(order),
      memo: orderMemo(order),
    },
    { commitment: 'confirmed' },
  );
}
