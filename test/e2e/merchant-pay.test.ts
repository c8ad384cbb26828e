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
import { Connection, PublicKey } from '@solana/web3.js';
import BigNumber from 'bignumber.js';
import type { Page, Response } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MerchantSwapFirstView } from '../../preload/api-types';
import type { Result } from '../../main/shared/result';
import { usePreviewSession } from '../harness/e2e-session';
import { startPreview } from '../harness/preview';
import {
  approveAndExpectMerchantPaid,
  approveSwapThenPayment,
  expectCheckedIcon,
  merchantValidates,
  openSandboxRequest,
  reviewNoRefusals,
} from './merchant-steps';
import { screenshot } from './onboarding-helpers';
import {
  approveAndWait,
  createSolOnlyAccount,
  fundFromFaucet,
  pickTokenNamed,
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

  /** Opens the USDC request and asks for its review while the wallet holds too little USDC. */
  async function reviewShortOfUsdc(page: Page): Promise<string> {
    const order = await openSandboxRequest(page, 'Sandbox Coffee in USDC');
    await page.getByRole('button', { name: 'Review payment', exact: true }).click();
    await page.getByText(/You hold too little USDC for this payment: you lack 2\.5 USDC/).waitFor({
      timeout: 60_000,
    });
    return order;
  }

  /**
   * On the swap's own review: waits for it and for `spends` (the most it spends), approves the
   * swap and then the merchant's fresh review, and has the merchant check order `order`.
   */
  async function payAfterSwap(page: Page, order: string, spends: string | RegExp, shot: string) {
    await page.getByRole('heading', { name: 'Your balance changes' }).waitFor({ timeout: 60_000 });
    await page.getByText(spends).waitFor();
    await approveSwapThenPayment(page);
    await merchantValidates(connection, order);
    await screenshot(page, shot);
  }

  it('pays the sandbox merchant 2.5 USDC, and the merchant finds and validates the payment', async () => {
    const { page } = await session.openApp();
    const payer = await createSolOnlyAccount(page, connection);
    await fundFromFaucet(session.preview.rpcUrl, payer, USDC_MINT, 10_000_000n);

    const order = await openSandboxRequest(page, 'Sandbox Coffee in USDC');
    const domain = new URL(session.preview.rpcUrl).host;
    const facts = page.getByRole('definition').filter({ hasText: domain });
    expect(await facts.count()).toBeGreaterThan(0);
    await expectCheckedIcon(page);

    await reviewNoRefusals(page, 'merchant.review', 'Review payment', domain);
    await page.getByText(`Thank you! One coffee, 2.5 USDC, order ${order}.`).waitFor();
    await page.getByRole('heading', { name: 'Your balance changes' }).waitFor();
    await screenshot(page, 'merchant-review');

    await approveAndExpectMerchantPaid(page, connection);
    // The merchant's own check, as a real shop makes it.
    await merchantValidates(connection, order);

    // Confirmed: the merchant's page may be opened (the preview has no browser to hand it to).
    await page.getByRole('button', { name: 'Open the merchant’s page' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: `/sandbox/merchant/thanks?order=${order}` })
      .waitFor();
    await screenshot(page, 'merchant-paid');
  });

  it('pays it holding only SOL: Swap into USDC first, reviewed on its own, then the merchant again', async () => {
    const { page } = await session.openApp();
    await createSolOnlyAccount(page, connection);
    const order = await reviewShortOfUsdc(page);
    await page.getByRole('button', { name: 'Swap into USDC first' }).click();
    await payAfterSwap(
      page,
      order,
      /^The swap first spends at most [\d.]+ SOL\.$/,
      'merchant-paid-from-sol',
    );
  });

  it('pays it holding PYUSD (a Token-2022 token): Swap from PYUSD into USDC first, the most it spends shown, then the merchant again', async () => {
    const { page } = await session.openApp();
    const payer = await createSolOnlyAccount(page, connection);
    await fundFromFaucet(session.preview.rpcUrl, payer, PYUSD_MINT, 10_000_000n);
    const order = await reviewShortOfUsdc(page);
    await pickTokenNamed(page, 'Swap from token', 'PYUSD');
    const sized = page.waitForResponse(
      (response: Response) => response.url().includes('/bridge/merchant.swapFirst'),
      { timeout: 60_000 },
    );
    await page.getByRole('button', { name: 'Swap into USDC first' }).click();
    const swapFirst = (await (await sized).json()) as Result<MerchantSwapFirstView>;
    if (!swapFirst.ok) throw new Error(swapFirst.error.message);
    expect(swapFirst.value.quote).toMatchObject({ inputMint: PYUSD_MINT, outputMint: USDC_MINT });
    const most = new BigNumber(swapFirst.value.maxSpend).div(1e6).toFixed();
    await payAfterSwap(
      page,
      order,
      `The swap first spends at most ${most} PYUSD.`,
      'merchant-paid-from-pyusd',
    );
  });

  it('pays a merchant that pays the network fee: its signature kept, the fee not from your SOL', async () => {
    const { page } = await session.openApp();
    const payer = await createSolOnlyAccount(page, connection);
    await fundFromFaucet(session.preview.rpcUrl, payer, USDC_MINT, 10_000_000n);
    const order = await openSandboxRequest(page, 'with the merchant paying the fee');
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
    await merchantValidates(connection, order);
    expect(await connection.getBalance(new PublicKey(payer), 'confirmed')).toBe(lamports);
    await screenshot(page, 'merchant-paid-fee-by-merchant');
  });
});
