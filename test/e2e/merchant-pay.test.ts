/**
 * Paying a Solana Pay transaction request in Chromium on the web preview (issue 34): a person
 * holding USDC opens the sandbox's merchant from the Pay screen, sees its domain, label and
 * checked icon, reviews what the merchant's transaction does, approves it, and the merchant
 * then checks the payment as a real shop does, with @solana/pay's findReference and
 * validateTransfer (SPEC.md "Reference"). The merchant's redirect (SPEC1.1.md) is offered
 * only once the payment is confirmed. Short of USDC, the person swaps into it first from SOL
 * or from a Token-2022 token (PYUSD), the most the swap spends shown before its review. A
 * merchant that pays the network fee (`fee=merchant`) is paid with its signature kept.
 */
import { findReference, validateTransfer } from '@solana/pay';
import { Connection, PublicKey } from '@solana/web3.js';
import BigNumber from 'bignumber.js';
import type { Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MerchantReviewView, MerchantSwapFirstView } from '../../preload/api-types';
import type { Result } from '../../main/shared/result';
import {
  orderMemo,
  orderReference,
  SANDBOX_MERCHANT,
} from '../../main/sandbox/merchant/merchant-shop';
import { usePreviewSession } from '../harness/e2e-session';
import { startPreview } from '../harness/preview';
import { screenshot } from './onboarding-helpers';
import {
  approveAndWait,
  ataOf,
  createSolOnlyAccount,
  pickTokenNamed,
  tokenBalance,
} from './pay-helpers';
import { USDC_MINT } from './swap-helpers';

/** The sandbox's PYUSD, a Token-2022 token (main/shared/sandbox-tokens.ts). */
const PYUSD_MINT = '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo';

let connection: Connection;

describe('a transaction request in Chromium', () => {
  const session = usePreviewSession({ start: () => startPreview({ args: [] }) });
  beforeAll(() => {
    connection = new Connection(session.preview.rpcUrl, 'confirmed');
  });

  it('pays the sandbox merchant 2.5 USDC, and the merchant finds and validates the payment', async () => {
    const app = await session.openApp();
    const { page } = app;
    const payer = await createSolOnlyAccount(page, connection);
    const funded = await fetch(new URL('/sandbox/faucet', session.preview.rpcUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ owner: payer, mint: USDC_MINT, amount: '10000000' }),
    });
    expect(funded.ok).toBe(true);

    await page.getByRole('link', { name: 'Pay' }).click();
    await page.getByRole('heading', { name: 'Pay', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Sandbox Coffee in USDC' }).click();
    await page.getByRole('heading', { name: 'Payment to Sandbox Coffee' }).waitFor();
    const domain = new URL(session.preview.rpcUrl).host;
    const facts = page.getByRole('definition').filter({ hasText: domain });
    expect(await facts.count()).toBeGreaterThan(0);
    expect(await page.locator('img.merchant-icon').getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    const text = await page.getByRole('textbox', { name: 'Payment request' }).inputValue();
    const order = new URL(decodeURIComponent(text.slice('solana:'.length))).searchParams.get(
      'order',
    )!;

    const answered = page.waitForResponse(
      (response: Response) => response.url().includes('/bridge/merchant.review'),
      { timeout: 60_000 },
    );
    await page.getByRole('button', { name: 'Review payment', exact: true }).click();
    const review = (await (await answered).json()) as Result<MerchantReviewView>;
    if (!review.ok) throw new Error(review.error.message);
    expect(review.value.ticket.report.refusals).toEqual([]);
    const merchant = SANDBOX_MERCHANT.toBase58();
    const summary = `Pays 2.5 USDC to ${domain}'s account ${merchant.slice(0, 4)}…${merchant.slice(-4)}; creates nothing; asks nothing else of you.`;
    await page.getByText(summary).waitFor();
    await page.getByText(`Thank you! One coffee, 2.5 USDC, order ${order}.`).waitFor();
    await page.getByRole('heading', { name: 'Your balance changes' }).waitFor();
    await screenshot(page, 'merchant-review');

    const before = await tokenBalance(connection, ataOf(merchant, USDC_MINT));
    await approveAndWait(page, 'Payment status');
    expect((await tokenBalance(connection, ataOf(merchant, USDC_MINT)))! - before!).toBe(
      2_500_000n,
    );

    // The merchant's own check, as a real shop makes it.
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

    // Confirmed: the merchant's page may be opened (the preview has no browser to hand it to).
    await page.getByRole('button', { name: 'Open the merchant’s page' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `/sandbox/merchant/thanks?order=${order}` })
      .waitFor();
    await screenshot(page, 'merchant-paid');
  });

  it('pays it holding only SOL: Swap into USDC first, reviewed on its own, then the merchant again', async () => {
    const app = await session.openApp();
    const { page } = app;
    await createSolOnlyAccount(page, connection);
    await page.getByRole('link', { name: 'Pay' }).click();
    await page.getByRole('button', { name: 'Sandbox Coffee in USDC' }).click();
    await page.getByRole('heading', { name: 'Payment to Sandbox Coffee' }).waitFor();
    const text = await page.getByRole('textbox', { name: 'Payment request' }).inputValue();
    const order = new URL(decodeURIComponent(text.slice('solana:'.length))).searchParams.get(
      'order',
    )!;
    await page.getByRole('button', { name: 'Review payment', exact: true }).click();
    await page.getByText(/You hold too little USDC for this payment: you lack 2\.5 USDC/).waitFor({
      timeout: 60_000,
    });
    await page.getByRole('button', { name: 'Swap into USDC first' }).click();
    await page.getByRole('heading', { name: 'Your balance changes' }).waitFor({ timeout: 60_000 });
    await page.getByText(/^The swap first spends at most [\d.]+ SOL\.$/).waitFor();
    // Once the swap is confirmed the screen asks the merchant again at once (its own status
    // gives way to the fresh review), so the fresh review is what to wait for.
    await page.getByRole('button', { name: 'Approve and sign' }).click();
    // The merchant is asked again: its transaction is reviewed afresh and now passes.
    await page
      .getByText(
        'The merchant’s transaction pays exactly what it says above and asks nothing else of you.',
        { exact: false },
      )
      .waitFor({ timeout: 60_000 });
    await approveAndWait(page, 'Payment status');
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
    await screenshot(page, 'merchant-paid-from-sol');
  });

  it('pays it holding PYUSD (a Token-2022 token): Swap from PYUSD into USDC first, the most it spends shown, then the merchant again', async () => {
    const app = await session.openApp();
    const { page } = app;
    const payer = await createSolOnlyAccount(page, connection);
    const funded = await fetch(new URL('/sandbox/faucet', session.preview.rpcUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ owner: payer, mint: PYUSD_MINT, amount: '10000000' }),
    });
    expect(funded.ok).toBe(true);
    await page.getByRole('link', { name: 'Pay' }).click();
    await page.getByRole('button', { name: 'Sandbox Coffee in USDC' }).click();
    await page.getByRole('heading', { name: 'Payment to Sandbox Coffee' }).waitFor();
    const text = await page.getByRole('textbox', { name: 'Payment request' }).inputValue();
    const order = new URL(decodeURIComponent(text.slice('solana:'.length))).searchParams.get(
      'order',
    )!;
    await page.getByRole('button', { name: 'Review payment', exact: true }).click();
    await page.getByText(/You hold too little USDC for this payment: you lack 2\.5 USDC/).waitFor({
      timeout: 60_000,
    });
    await pickTokenNamed(page, 'Swap from token', 'PYUSD');
    const sized = page.waitForResponse(
      (response: Response) => response.url().includes('/bridge/merchant.swapFirst'),
      { timeout: 60_000 },
    );
    await page.getByRole('button', { name: 'Swap into USDC first' }).click();
    const swapFirst = (await (await sized).json()) as Result<MerchantSwapFirstView>;
    if (!swapFirst.ok) throw new Error(swapFirst.error.message);
    expect(swapFirst.value.quote).toMatchObject({ inputMint: PYUSD_MINT, outputMint: USDC_MINT });
    await page.getByRole('heading', { name: 'Your balance changes' }).waitFor({ timeout: 60_000 });
    const most = new BigNumber(swapFirst.value.maxSpend).div(1e6).toFixed();
    await page.getByText(`The swap first spends at most ${most} PYUSD.`).waitFor();
    await page.getByRole('button', { name: 'Approve and sign' }).click();
    await page
      .getByText(
        'The merchant’s transaction pays exactly what it says above and asks nothing else of you.',
        { exact: false },
      )
      .waitFor({ timeout: 60_000 });
    await approveAndWait(page, 'Payment status');
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
    await screenshot(page, 'merchant-paid-from-pyusd');
  });

  it('pays a merchant that pays the network fee: its signature kept, the fee not from your SOL', async () => {
    const app = await session.openApp();
    const { page } = app;
    const payer = await createSolOnlyAccount(page, connection);
    const funded = await fetch(new URL('/sandbox/faucet', session.preview.rpcUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ owner: payer, mint: USDC_MINT, amount: '10000000' }),
    });
    expect(funded.ok).toBe(true);
    await page.getByRole('link', { name: 'Pay' }).click();
    await page.getByRole('button', { name: 'with the merchant paying the fee' }).click();
    await page.getByRole('heading', { name: 'Payment to Sandbox Coffee' }).waitFor();
    const text = await page.getByRole('textbox', { name: 'Payment request' }).inputValue();
    const order = new URL(decodeURIComponent(text.slice('solana:'.length))).searchParams.get(
      'order',
    )!;
    await page.getByRole('button', { name: 'Review payment', exact: true }).click();
    const domain = new URL(session.preview.rpcUrl).host;
    await page.getByText(`${domain} pays the network fee.`, { exact: false }).waitFor({
      timeout: 60_000,
    });
    await page
      .getByText(/\(who signed before you: a merchant paying the fee\), not from your SOL/)
      .waitFor();
    const lamports = await connection.getBalance(new PublicKey(payer), 'confirmed');
    await approveAndWait(page, 'Payment status');
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
    expect(await connection.getBalance(new PublicKey(payer), 'confirmed')).toBe(lamports);
    await screenshot(page, 'merchant-paid-fee-by-merchant');
  });
});
