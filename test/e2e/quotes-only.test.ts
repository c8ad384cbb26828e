/**
 * Issue 18, end to end in Chromium: the preview's swap service is a stand-in that answers
 * quotes and swaps (forwarded to the sandbox) but has no Tokens or Price API (404,
 * test/harness/quotes-only-swap-service.ts), as a self-hosted v6 service may. Both pickers still
 * offer SOL and every token the person holds first, with balances; a held Token-2022 token the
 * directory does not know is named from its on-chain metadata, a mint named nowhere by its
 * short mint, both marked unverified; the USD values say "No USD price"; and the swap works.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { Connection, PublicKey } from '@solana/web3.js';
import { usePreviewSession } from '../harness/e2e-session';
import { startPreview } from '../harness/preview';
import {
  startQuotesOnlyService,
  type QuotesOnlyService,
} from '../harness/quotes-only-swap-service';
import { makeUnknownHeldTokens } from '../fixtures/chain-named-token';
import { screenshot, type AppPage } from './onboarding-helpers';
import {
  approveAndConfirm,
  createFundedAccount,
  enterAmount,
  readBalances,
  reviewSwap,
  SOL_MINT,
} from './swap-helpers';

let service: QuotesOnlyService;

// Registered before the session's hooks, so it runs after them: the stand-in closes last.
afterAll(async () => {
  await service?.close();
});

const session = usePreviewSession({
  start: async () => {
    service = await startQuotesOnlyService();
    const preview = await startPreview({ args: ['--swap-api-url', service.url] });
    service.connect({ rpcUrl: preview.rpcUrl });
    return preview;
  },
});

const short = (mint: string) => `${mint.slice(0, 4)}…${mint.slice(-4)}`;

/** The options of an open picker, by accessible name, and the text of each. */
async function pickerOptions(page: AppPage['page'], side: string) {
  await page.getByRole('button', { name: side, exact: true }).click();
  const list = page.getByRole('dialog').getByRole('listbox', { name: 'Tokens' });
  await list.getByRole('option').first().waitFor();
  const options = list.getByRole('option');
  const names = await options.evaluateAll((all) => all.map((o) => o.getAttribute('aria-label')));
  const texts = await options.allTextContents();
  return { names, texts };
}

describe('a swap service without a token directory, in Chromium', () => {
  it('offers SOL and every held token in both pickers, names held tokens from the chain, and swaps', async () => {
    const app = await session.openApp();
    const { page } = app;
    const address = await createFundedAccount(page);
    const connection = new Connection(session.preview.rpcUrl, 'confirmed');
    const { named, nameless } = await makeUnknownHeldTokens(connection, new PublicKey(address));
    const held = await readBalances(page, address);
    const heldMints = new Set(held.tokens.filter((t) => BigInt(t.amount) > 0n).map((t) => t.mint));

    await page.getByRole('link', { name: 'Swap' }).click();
    await page.getByRole('button', { name: 'You pay token' }).getByText('SOL').waitFor();
    for (const side of ['You pay token', 'You receive token']) {
      const { names, texts } = await pickerOptions(page, side);
      expect(names[0]).toBe('SOL');
      expect(names).toContain('USDC');
      expect(names).toContain(`CNT (unverified, ${short(named.mint.toBase58())})`);
      expect(names).toContain(`${short(nameless.mint.toBase58())} (unverified)`);
      // SOL and every held token come first, each with its balance.
      const heldCount = 1 + [...heldMints].filter((mint) => mint !== SOL_MINT).length;
      expect(texts.slice(0, heldCount).every((text) => text.includes('Balance:'))).toBe(true);
      expect(texts[names.indexOf(`CNT (unverified, ${short(named.mint.toBase58())})`)]).toContain(
        'Chain Named Token',
      );
      expect(texts[names.indexOf(`CNT (unverified, ${short(named.mint.toBase58())})`)]).toContain(
        'Balance: 5',
      );
      await screenshot(page, `quotes-only-${side === 'You pay token' ? 'pay' : 'receive'}-picker`);
      await page.getByRole('button', { name: 'Cancel' }).click();
    }
    // The directory and prices were asked, and the stand-in refused them.
    expect(service.refused().some((path) => path.startsWith('/tokens/v2/'))).toBe(true);
    expect(service.forwarded().every((path) => path.startsWith('/v6/'))).toBe(true);

    // SOL -> USDC (the default pair, USDC named by the bundled list) quotes and swaps.
    await page.getByRole('button', { name: 'You receive token' }).getByText('USDC').waitFor();
    await enterAmount(page, '0.1');
    // The service answers no prices, but USDC's value still shows: at Pyth's price, read from
    // the feed account through the RPC (issue 25), which the swap service has no part in.
    expect(service.refused().some((path) => path.startsWith('/price/'))).toBe(true);
    expect(await page.getByLabel('USD value you receive').textContent()).toMatch(/^≈ \$\d/);
    const ticket = await reviewSwap(page);
    expect(ticket.report.accepted).toBe(true);
    await approveAndConfirm(page);
    expect(service.forwarded().some((path) => path.startsWith('/v6/swap'))).toBe(true);
  });
});
