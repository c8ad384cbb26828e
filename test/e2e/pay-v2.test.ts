/**
 * Exact payments end to end in Chromium on the web preview with the sandbox's Swap API v2
 * (`--api-shape v2`, exact input only; issue 22 point 3): an invoice with a reference and a
 * memo paid from SOL by an exact-input swap into the payer's own account, then the transfer of
 * exactly the amount, found and validated as a merchant does (as in pay.test.ts); and an
 * invoice in TFEE (Token-2022, 0.1% transfer fee) paid from USDC, the payee's account gaining
 * exactly the amount. The plan reads "You pay at most X; the payee gets exactly N; what is left
 * (at least L) stays in your account". A person with no SOL (issue 32) pays an invoice from
 * USDC: the plan says to swap a little USDC into SOL first (gasless), that swap is reviewed and
 * approved on its own, then the payment is planned again, reviewed and confirmed.
 */
import { Connection, Keypair, PublicKey, type TokenBalance } from '@solana/web3.js';
import type { Page } from 'playwright-core';
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PaymentPlanView } from '../../preload/api-types';
import { formatUnits } from '../../main/shared/amount';
import { usePreviewSession } from '../harness/e2e-session';
import { startPreview } from '../harness/preview';
import { screenshot } from './onboarding-helpers';
import { USDC_MINT } from './swap-helpers';
import {
  approveAndWait,
  ataOf,
  clickForTicket,
  createSolOnlyAccount,
  fundFromFaucet,
  latestAnswer,
  newAccountAddress,
  payeeWithAccount,
  pickTokenNamed,
  shownPlan,
  tokenBalance,
} from './pay-helpers';

const TFEE = '4AVWP3Tbjcrgr7mLp7RVqUTiZAE5y8YNDamyBP1HUXFk';
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

let connection: Connection;

describe('exact payments in Chromium, Swap API v2 (exact input only)', () => {
  const session = usePreviewSession({
    start: () => startPreview({ args: ['--api-shape', 'v2'] }),
  });
  beforeAll(() => {
    connection = new Connection(session.preview.rpcUrl, 'confirmed');
  });

  /**
   * Reviews the payment (accepted), approves it until confirmed, then makes the merchant's check
   * of the signature shown: found by its reference, validated from the confirmed transaction.
   */
  async function payAndCheck(
    page: Page,
    invoice: {
      reference: string;
      memo: string;
      mint: string;
      payeeAccount: string;
      amount: bigint;
    },
  ): Promise<Buffer> {
    const ticket = await clickForTicket(page, 'Review payment', 'pay.review');
    expect(ticket.report.accepted).toBe(true);
    await approveAndWait(page, 'Payment status');
    const signature =
      (await page.getByLabel('Signature', { exact: true }).textContent({ timeout: 30_000 })) ?? '';
    const found = await connection.getSignaturesForAddress(new PublicKey(invoice.reference));
    expect(found.map((s) => s.signature)).toEqual([signature]);
    const tx = await connection.getTransaction(signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(tx?.meta?.err).toBeNull();
    const message = tx!.transaction.message;
    const keys = message.getAccountKeys({ accountKeysFromLookups: tx!.meta!.loadedAddresses });
    const instructions = message.compiledInstructions;
    const last = instructions[instructions.length - 1]!;
    const data = Buffer.from(last.data);
    expect(data[0]).toBe(12); // TransferChecked
    const accounts = last.accountKeyIndexes.map((i) => keys.get(i)?.toBase58());
    expect(accounts[1]).toBe(invoice.mint);
    expect(accounts[2]).toBe(invoice.payeeAccount);
    expect(accounts.slice(4)).toEqual([invoice.reference]);
    const memoIx = instructions[instructions.length - 2]!;
    expect(keys.get(memoIx.programIdIndex)?.toBase58()).toBe(MEMO_PROGRAM);
    expect(Buffer.from(memoIx.data).toString('utf8')).toBe(invoice.memo);
    const balanceOf = (list: TokenBalance[] | null | undefined) =>
      BigInt(
        list?.find((b) => keys.get(b.accountIndex)?.toBase58() === invoice.payeeAccount)
          ?.uiTokenAmount.amount ?? '0',
      );
    expect(balanceOf(tx!.meta!.postTokenBalances) - balanceOf(tx!.meta!.preTokenBalances)).toBe(
      invoice.amount,
    );
    return data;
  }

  it('runs against the v2 shape', () => {
    expect(session.preview.swapApiUrl.endsWith('/swap/v2')).toBe(true);
  });

  it('pays a USDC invoice exactly from SOL: exact-input swap, memo, transfer; the merchant validates it', async () => {
    const { page } = await session.openApp();
    const plans = latestAnswer<PaymentPlanView>(page, 'pay.quote');
    const payer = await createSolOnlyAccount(page, connection);
    const merchant = await payeeWithAccount(session.preview.rpcUrl, USDC_MINT);
    const reference = Keypair.generate().publicKey.toBase58();
    const memo = 'Invoice V2-1';

    await page.getByRole('link', { name: 'Pay' }).click();
    await page
      .getByRole('textbox', { name: 'Payment request' })
      .fill(
        `solana:${merchant}?amount=3.75&spl-token=${USDC_MINT}&reference=${reference}` +
          `&memo=${encodeURIComponent(memo)}`,
      );
    await page.getByRole('list', { name: 'References' }).getByText(reference).waitFor();
    const plan = await shownPlan(page, plans);
    expect(plan.route).toBe('swap-exact-in');
    expect(plan.maxSpend).toBe(plan.quote?.inAmount);
    expect(await page.getByRole('status', { name: 'You pay at most' }).textContent()).toBe(
      `${formatUnits(BigInt(plan.maxSpend), 9)} SOL`,
    );
    expect(await page.getByRole('status', { name: 'Payee receives exactly' }).textContent()).toBe(
      '3.75 USDC',
    );
    const leftover = BigInt(plan.exactIn!.leftoverAtLeast);
    expect(await page.getByRole('status', { name: 'What is left' }).textContent()).toBe(
      `at least ${formatUnits(leftover, 6)} USDC`,
    );
    await page.getByText(/stays in your account as USDC/).waitFor();
    await screenshot(page, 'pay-v2-plan');

    const data = await payAndCheck(page, {
      reference,
      memo,
      mint: USDC_MINT,
      payeeAccount: ataOf(merchant, USDC_MINT),
      amount: 3_750_000n,
    });
    expect(data.readBigUInt64LE(1)).toBe(3_750_000n);
    expect(await tokenBalance(connection, ataOf(merchant, USDC_MINT))).toBe(3_750_001n);
    // What is left stays with the payer.
    expect(await tokenBalance(connection, ataOf(payer, USDC_MINT))).toBeGreaterThanOrEqual(
      leftover,
    );
  });

  it('pays a TFEE invoice from USDC: grossed up, the payee gains exactly the amount', async () => {
    const { page } = await session.openApp();
    const plans = latestAnswer<PaymentPlanView>(page, 'pay.quote');
    const payer = await createSolOnlyAccount(page, connection);
    await fundFromFaucet(session.preview.rpcUrl, payer, USDC_MINT, 20_000_000n);
    const merchant = await payeeWithAccount(session.preview.rpcUrl, TFEE);
    const merchantTfee = getAssociatedTokenAddressSync(
      new PublicKey(TFEE),
      new PublicKey(merchant),
      true,
      TOKEN_2022_PROGRAM_ID,
    ).toBase58();
    const reference = Keypair.generate().publicKey.toBase58();
    const memo = 'TFEE-7';

    await page.getByRole('link', { name: 'Pay' }).click();
    await page
      .getByRole('textbox', { name: 'Payment request' })
      .fill(`solana:${merchant}?amount=0.5&spl-token=${TFEE}&reference=${reference}&memo=${memo}`);
    await page.getByRole('list', { name: 'References' }).getByText(reference).waitFor();
    await pickTokenNamed(page, 'Pay with token', 'USDC');
    let plan = await shownPlan(page, plans);
    for (let i = 0; i < 50 && plan.payWithMint !== USDC_MINT; i += 1) {
      await page.waitForTimeout(100);
      plan = await shownPlan(page, plans);
    }
    expect(plan).toMatchObject({ route: 'swap-exact-in', payWithMint: USDC_MINT });
    expect(plan.exactIn).toMatchObject({ transferAmount: '500501', transferFee: '501' });
    await page.getByText(/TFEE transfer fee \(kept by the token.*\): 0\.000501 TFEE/).waitFor();
    await screenshot(page, 'pay-v2-tfee-plan');

    const data = await payAndCheck(page, {
      reference,
      memo,
      mint: TFEE,
      payeeAccount: merchantTfee,
      amount: 500_000n,
    });
    expect(data.readBigUInt64LE(1)).toBe(500_501n);
    expect(await tokenBalance(connection, merchantTfee)).toBe(500_001n);
  });

  it('a person with no SOL pays from USDC: a gasless swap into SOL first, reviewed on its own', async () => {
    const { page } = await session.openApp();
    const plans = latestAnswer<PaymentPlanView>(page, 'pay.quote');
    const payer = await newAccountAddress(page);
    await fundFromFaucet(session.preview.rpcUrl, payer, USDC_MINT, 50_000_000n);
    expect(await connection.getBalance(new PublicKey(payer), 'confirmed')).toBe(0);
    const merchant = await payeeWithAccount(session.preview.rpcUrl, USDC_MINT);
    const reference = Keypair.generate().publicKey.toBase58();

    await page.getByRole('link', { name: 'Pay' }).click();
    await page
      .getByRole('textbox', { name: 'Payment request' })
      .fill(`solana:${merchant}?amount=2&spl-token=${USDC_MINT}&reference=${reference}&memo=NOSOL`);
    await page.getByRole('list', { name: 'References' }).getByText(reference).waitFor();
    await pickTokenNamed(page, 'Pay with token', 'USDC');
    const step = page.getByRole('note').filter({ hasText: /first swap/ });
    await step.waitFor({ timeout: 30_000 });
    expect(await step.textContent()).toMatch(
      /^You have no SOL for the network fee: first swap \d+(\.\d+)? USDC into SOL \(gasless\), then pay\.$/,
    );
    expect(await page.getByRole('button', { name: 'Review payment' }).isDisabled()).toBe(true);
    await screenshot(page, 'pay-v2-sol-first');

    const swap = await clickForTicket(page, 'Swap into SOL first', 'pay.solFirst');
    expect(swap.report.accepted).toBe(true);
    await approveAndWait(page, 'Swap status');
    expect(await connection.getBalance(new PublicKey(payer), 'confirmed')).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Continue to the payment' }).click();
    // Planned again: now with SOL for the fee, no step before the payment.
    for (let i = 0; i < 100 && (plans()?.solFirst ?? null) !== null; i += 1) {
      await page.waitForTimeout(100);
    }
    expect(plans()?.solFirst ?? null).toBeNull();
    await page
      .getByRole('button', { name: 'Review payment' })
      .and(page.locator(':enabled'))
      .waitFor();

    const ticket = await clickForTicket(page, 'Review payment', 'pay.review');
    expect(ticket.report.accepted).toBe(true);
    await approveAndWait(page, 'Payment status');
    expect(await tokenBalance(connection, ataOf(merchant, USDC_MINT))).toBe(2_000_001n);
  });
});
