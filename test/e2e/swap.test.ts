/**
 * Swaps end to end in Chromium on the web preview against a real sandbox: SOL to USDC (one
 * hop) and BONK to JUP (three hops through SOL and USDC), each quoted, reviewed, approved and confirmed
 * through the Swap screen, and the account's balances change exactly as the review said; the
 * first read back from the sandbox's RPC shows Raydium CP-Swap executing it, signed by the
 * person alone.
 */
import { PREVIEW_RUNS_JUPITER } from '../fixtures/jupiter-program';
import { Connection, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { usePreviewSession } from '../harness/e2e-session';
import { ALL_API_SHAPES } from '../harness/api-shapes';
import { startPreview } from '../harness/preview';
import { screenshot } from './onboarding-helpers';
import {
  approveAndConfirm,
  BONK_MINT,
  createFundedAccount,
  difference,
  enterAmount,
  holdings,
  JUP_MINT,
  pickToken,
  readBalances,
  reviewedChanges,
  reviewSwap,
  SOL_MINT,
  USDC_MINT,
} from './swap-helpers';

const CP_SWAP_PROGRAM = 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C';
const JUPITER_PROGRAM = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
/** CP-Swap's authority address (the PDA of "vault_and_lp_mint_auth_seed"): signs every payout. */
const CP_SWAP_AUTHORITY = 'GpMZbSM2GgvTKHJirzeGfMFoaZ8UR2X7F4v8vHTvxFbL';

describe.each(ALL_API_SHAPES)('swap in Chromium, swap API $name', ({ previewArgs, pathEnd }) => {
  const session = usePreviewSession({ start: () => startPreview({ args: previewArgs }) });

  it('runs against the swap API of that shape', () => {
    expect(session.preview.swapApiUrl.endsWith(pathEnd)).toBe(true);
  });

  it('swaps SOL to USDC: quote, review, approve, Confirmed, balances as reviewed', async () => {
    const app = await session.openApp();
    const { page } = app;
    const address = await createFundedAccount(page);
    await page.getByRole('link', { name: 'Swap' }).click();
    await page.getByRole('heading', { name: 'Swap', level: 1 }).waitFor();
    // The defaults of a first visit: pay SOL, receive USDC.
    await page.getByRole('button', { name: 'You receive token' }).getByText('USDC').waitFor();

    await enterAmount(page, '0.5');
    expect(await page.getByRole('list', { name: 'Route' }).textContent()).toMatch(
      /100% SOL → USDC/,
    );
    expect(await page.getByText(/^quoted (just now|\d+ s ago)$/).count()).toBe(1);
    await screenshot(page, 'swap-form');

    const before = holdings(await readBalances(page, address));
    const ticket = await reviewSwap(page);
    expect(ticket.report.accepted).toBe(true);
    expect(ticket.report.refusals).toEqual([]);
    const reviewed = reviewedChanges(ticket);
    // What the person reads before approving: SOL out, USDC in.
    expect(reviewed.get(USDC_MINT)).toBeGreaterThan(0n);
    // 0.5 SOL plus the network fee, which the SOL change includes.
    expect(reviewed.get(null)).toBe(-500_000_000n - BigInt(ticket.report.networkFee.totalLamports));
    const rows = await page.getByRole('table', { name: 'Your balance changes' }).textContent();
    expect(rows).toContain('USDC');
    expect(rows).toMatch(/\+[\d,.]+ USDC/);
    await screenshot(page, 'swap-review');

    await approveAndConfirm(page);
    await screenshot(page, 'swap-confirmed');
    const after = holdings(await readBalances(page, address));
    expect(difference(before, after)).toEqual(withoutWrappedSol(reviewed));

    // Read back from the sandbox's RPC as any explorer would: Raydium CP-Swap ran, the person
    // was the only signer, and the pool's payout is an inner transfer signed by the program's
    // authority address.
    const connection = new Connection(session.preview.rpcUrl, 'confirmed');
    const [latest] = await connection.getSignaturesForAddress(new PublicKey(address), {
      limit: 1,
    });
    const sent = await connection.getTransaction(latest!.signature, {
      commitment: 'confirmed',
      maxSupportedTransactionVersion: 0,
    });
    expect(sent?.meta?.err).toBeNull();
    expect(sent?.transaction.signatures).toHaveLength(1);
    // With Jupiter's program (the preview's default), its route at the top and CP-Swap inside
    // it; without it, CP-Swap at the top.
    expect(sent?.meta?.logMessages).toContain(
      PREVIEW_RUNS_JUPITER
        ? `Program ${CP_SWAP_PROGRAM} invoke [2]`
        : `Program ${CP_SWAP_PROGRAM} invoke [1]`,
    );
    if (PREVIEW_RUNS_JUPITER) {
      expect(sent?.meta?.logMessages).toContain(`Program ${JUPITER_PROGRAM} invoke [1]`);
    }
    const keys = sent!.transaction.message.getAccountKeys({
      accountKeysFromLookups: sent!.meta?.loadedAddresses,
    });
    const payouts = (sent?.meta?.innerInstructions ?? [])
      .flatMap((group) => group.instructions)
      .filter((inner) =>
        inner.accounts.some((index) => keys.get(index)?.toBase58() === CP_SWAP_AUTHORITY),
      );
    expect(payouts.length).toBeGreaterThan(0);

    // The swap is in Activity, confirmed, with no explorer link on the sandbox.
    await page.getByRole('link', { name: 'See it in Activity' }).click();
    const item = page.getByRole('list', { name: 'Transactions' }).getByRole('listitem').first();
    await item.getByText('Confirmed').waitFor();
    expect(await item.textContent()).toMatch(/^Swap 0\.5 SOL → [\d,.]+ USDC/);
    expect(await page.getByRole('link', { name: 'View in the explorer' }).count()).toBe(0);
    await screenshot(page, 'activity');
  });

  it('swaps BONK to JUP over three hops, and the balances change as the review said', async () => {
    const app = await session.openApp();
    const { page } = app;
    const address = await createFundedAccount(page);
    await page.getByRole('link', { name: 'Swap' }).click();
    await pickToken(page, 'You pay token', 'BONK');
    // The picker as a person sees it: the sandbox's tokens, narrowed by the search.
    await page.getByRole('button', { name: 'You receive token', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Choose the token you receive' });
    await dialog.getByRole('combobox', { name: 'Search tokens' }).fill('j');
    expect(await dialog.getByRole('option').evaluateAll((options) => options.length)).toBe(2);
    await screenshot(page, 'swap-token-picker');
    await page.keyboard.press('Escape');
    await pickToken(page, 'You receive token', 'JUP');
    await enterAmount(page, '500');
    const hops = await page
      .getByRole('list', { name: 'Route' })
      .getByRole('listitem')
      .allTextContents();
    // Three hops since issue 33: BONK > SOL > USDC > JUP (0.25% + 0.01% + 0.25%) pays more
    // than BONK > SOL > JUP through the 1% JUP-SOL pool.
    expect(hops).toHaveLength(3);
    expect(hops[0]).toMatch(/100% BONK → SOL venue fee .+$/);
    expect(hops[1]).toMatch(/100% SOL → USDC venue fee .+$/);
    expect(hops[2]).toMatch(/100% USDC → JUP venue fee .+$/);

    const before = holdings(await readBalances(page, address));
    const ticket = await reviewSwap(page);
    expect(ticket.report.accepted).toBe(true);
    const reviewed = reviewedChanges(ticket);
    expect(reviewed.get(BONK_MINT)).toBe(-50_000_000n); // 500 BONK, 5 decimals
    expect(reviewed.get(JUP_MINT)).toBeGreaterThan(0n);
    await approveAndConfirm(page);
    const after = holdings(await readBalances(page, address));
    expect(difference(before, after)).toEqual(withoutWrappedSol(reviewed));
  });

  it('Max with SOL leaves enough for the fees and rent of the swap it quotes', async () => {
    const app = await session.openApp();
    const { page } = app;
    const address = await createFundedAccount(page);
    await page.getByRole('link', { name: 'Swap' }).click();
    await page.getByRole('button', { name: 'You receive token' }).getByText('USDC').waitFor();
    await page.getByText(/^Balance: 2 SOL/).waitFor();
    await page.getByRole('button', { name: 'Max' }).click();
    // 2 SOL from the faucet less the 0.01 SOL reserve.
    expect(await page.getByRole('textbox', { name: 'You pay', exact: true }).inputValue()).toBe(
      '1.99',
    );
    await page.getByRole('status', { name: 'You receive' }).waitFor({ timeout: 30_000 });
    const ticket = await reviewSwap(page);
    expect(ticket.report.accepted).toBe(true);
    await approveAndConfirm(page);
    const left = BigInt((await readBalances(page, address)).lamports);
    expect(left).toBe(10_000_000n - BigInt(ticket.report.networkFee.totalLamports));
  });
});

/** Wrapped SOL opened and closed inside the swap nets to nothing in the holdings. */
function withoutWrappedSol(changes: Map<string | null, bigint>): Map<string | null, bigint> {
  const copy = new Map(changes);
  if (copy.get(SOL_MINT) === 0n) copy.delete(SOL_MINT);
  return copy;
}
