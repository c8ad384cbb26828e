/**
 * Issue 18, end to end in Chromium: a transfer into the person's account made by another
 * wallet on the sandbox shows in the Activity screen, with its amount and its sender, beside
 * the wallet's own swap, which is listed once.
 */
import { describe, expect, it } from 'vitest';
import { Connection, PublicKey, Transaction } from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import type { ActivityEntryView } from '../../preload/api-types';
import type { Result } from '../../main/shared/result';
import type { PageGlobals } from '../harness/browser';
import { usePreviewSession } from '../harness/e2e-session';
import { faucet, waitForStatus } from '../fixtures/sandbox-faucet';
import { fundedPayer } from '../fixtures/chain-named-token';
import { screenshot } from './onboarding-helpers';
import {
  approveAndConfirm,
  createFundedAccount,
  enterAmount,
  reviewSwap,
  USDC_MINT,
} from './swap-helpers';

const session = usePreviewSession();

describe('activity from the chain in Chromium', () => {
  it('shows a transfer another wallet sent, with its amount and sender, and the own swap once', async () => {
    const { page } = await session.openApp();
    const address = await createFundedAccount(page);

    // The person's own swap.
    await page.getByRole('link', { name: 'Swap' }).click();
    await page.getByRole('button', { name: 'You receive token' }).getByText('USDC').waitFor();
    await enterAmount(page, '0.1');
    await reviewSwap(page);
    await approveAndConfirm(page);

    // Another wallet sends the person 2.5 USDC.
    const connection = new Connection(session.preview.rpcUrl, 'confirmed');
    const other = await fundedPayer(connection);
    await faucet(session.preview.rpcUrl, other.publicKey, USDC_MINT, 10_000_000n);
    const mint = new PublicKey(USDC_MINT);
    const person = new PublicKey(address);
    const to = getAssociatedTokenAddressSync(mint, person);
    const signature = await connection.sendTransaction(
      new Transaction().add(
        createAssociatedTokenAccountIdempotentInstruction(other.publicKey, to, person, mint),
        createTransferCheckedInstruction(
          getAssociatedTokenAddressSync(mint, other.publicKey),
          mint,
          to,
          other.publicKey,
          2_500_000n,
          6,
        ),
      ),
      [other],
    );
    await waitForStatus(connection, signature, 200, 50);

    await page.getByRole('link', { name: 'Activity', exact: true }).click();
    const list = page.getByRole('list', { name: 'Transactions' });
    const received = list.getByRole('listitem').filter({ hasText: 'Received' }).filter({
      hasText: '2.5 USDC',
    });
    await received.waitFor({ timeout: 30_000 });
    const sender = other.publicKey.toBase58();
    expect(await received.textContent()).toContain(
      `Received +2.5 USDC from ${sender.slice(0, 4)}…${sender.slice(-4)}`,
    );
    expect(await received.getByLabel(sender).count()).toBe(1);
    // Newest first: the transfer came after the swap.
    expect(await list.getByRole('listitem').first().textContent()).toContain('Received +2.5 USDC');
    // The own swap: once, as the wallet's entry.
    const swaps = list.getByRole('listitem').filter({ hasText: /^Swap / });
    expect(await swaps.count()).toBe(1);
    const own: Result<ActivityEntryView[]> = await page.evaluate(() =>
      (globalThis as unknown as PageGlobals).wallet!.activity.list({}),
    );
    if (!own.ok) throw new Error(own.error.message);
    const swapSignature = own.value[0]!.signature;
    const titles = await list
      .locator('span[title]')
      .evaluateAll((spans) => spans.map((span) => span.getAttribute('title')));
    expect(titles.filter((title) => title === swapSignature)).toHaveLength(1);
    await screenshot(page, 'activity-received-transfer');
  });
});
