/**
 * A price the swap service cannot fake (issue 25), end to end in Chromium on the web preview and
 * its sandbox, whose Pyth-like feeds sit at mainnet's sponsored addresses:
 *
 * - Balances marks the values at Pyth's prices and Total value says how many are;
 * - a stale feed (POST /sandbox/oracle) is named in the review, whose "What it is worth" says
 *   that side is at Pyth's last price (issue 32); the honest swap still needs no acknowledgement;
 * - a pool pushed by a whale before the quote: the review calls the loss at Pyth's prices
 *   dangerous, and **Approve and sign** waits for **I understand this risk**.
 */
import { Connection, Keypair, VersionedTransaction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { usePreviewSession } from '../harness/e2e-session';
import { waitForStatus } from '../fixtures/sandbox-faucet';
import { fundFromFaucet } from './pay-helpers';
import {
  approveAndConfirm,
  BONK_MINT,
  createFundedAccount,
  enterAmount,
  pickToken,
  reviewSwap,
  SOL_MINT,
  USDC_MINT,
} from './swap-helpers';

const session = usePreviewSession();

async function setFeed(mint: string, condition: 'live' | 'stale' | 'wide') {
  const answer = await fetch(new URL('/sandbox/oracle', session.preview.rpcUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mint, condition }),
  });
  expect(answer.status).toBe(200);
}

/** A whale's big swap straight through the sandbox's swap API, signed and sent. */
async function whaleSwap(whale: Keypair, inputMint: string, outputMint: string, amount: bigint) {
  const api = session.preview.swapApiUrl;
  const quote = (await (
    await fetch(
      `${api}/quote?inputMint=${inputMint}&outputMint=${outputMint}&amount=${amount}&slippageBps=5000`,
    )
  ).json()) as Record<string, unknown>;
  const built = (await (
    await fetch(`${api}/swap`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quoteResponse: quote, userPublicKey: whale.publicKey.toBase58() }),
    })
  ).json()) as { swapTransaction: string };
  const tx = VersionedTransaction.deserialize(Buffer.from(built.swapTransaction, 'base64'));
  tx.sign([whale]);
  const connection = new Connection(session.preview.rpcUrl, 'confirmed');
  await waitForStatus(connection, await connection.sendRawTransaction(tx.serialize()), 200, 25);
}

describe("Pyth's prices in Chromium", () => {
  it('Balances marks oracle prices; a stale feed is named in the review; the honest swap goes through', async () => {
    const { page } = await session.openApp();
    await createFundedAccount(page);
    await page.getByLabel('Pyth oracle price (SOL/USD)').first().waitFor();
    const sources = await page.getByLabel('Price sources').textContent();
    // SOL, USDC, USDT, JUP, BONK, mSOL, WIF have feeds; JitoSOL, RAY, PYUSD and the test tokens not.
    expect(sources).toMatch(
      /^\d+ of \d+ values at Pyth's oracle prices \(marked Pyth\), read from the network; the others at the swap service's prices\.$/,
    );

    await setFeed(SOL_MINT, 'stale');
    try {
      await page.getByRole('link', { name: 'Swap' }).click();
      await page.getByRole('button', { name: 'You receive token' }).getByText('USDC').waitFor();
      await enterAmount(page, '0.2');
      const ticket = await reviewSwap(page);
      // Valued at the feed's last price within a band for its age (issue 32), not the service's.
      expect(ticket.report.valuation?.input.source).toBe('stale-oracle');
      const worth = page.getByRole('region', { name: 'What it is worth' });
      expect(await worth.getByLabel('You give: whose price').textContent()).toBe(
        "Pyth's last price (SOL/USD)",
      );
      expect(await worth.getByLabel('You get at least: whose price').textContent()).toBe(
        'Pyth oracle price (USDC/USD)',
      );
      await page.getByText(/^Pyth's SOL\/USD feed is stale: last published \d+ s ago/).waitFor();
      // A caution, not a danger: nothing to tick, and the swap goes through.
      expect(await page.getByLabel('I understand this risk').count()).toBe(0);
      await approveAndConfirm(page);
    } finally {
      await setFeed(SOL_MINT, 'live');
    }
  });

  it('a pool pushed before the quote: dangerous at Pyth prices, approve waits for the acknowledgement', async () => {
    const whale = Keypair.generate();
    const connection = new Connection(session.preview.rpcUrl, 'confirmed');
    await waitForStatus(
      connection,
      await connection.requestAirdrop(whale.publicKey, 5_000_000_000_000),
      200,
      25,
    );
    await fundFromFaucet(
      session.preview.rpcUrl,
      whale.publicKey.toBase58(),
      USDC_MINT,
      500_000_000_000n,
    );
    // Every BONK pool pushed: bought with SOL and with USDC.
    await whaleSwap(whale, SOL_MINT, BONK_MINT, 4_000_000_000_000n);
    await whaleSwap(whale, USDC_MINT, BONK_MINT, 400_000_000_000n);

    const { page } = await session.openApp();
    await createFundedAccount(page);
    await page.getByRole('link', { name: 'Swap' }).click();
    await pickToken(page, 'You pay token', 'USDC');
    await pickToken(page, 'You receive token', 'BONK');
    await enterAmount(page, '10').catch(async (error: unknown) => {
      // What the screen said instead of a quote, so a failure explains itself.
      const shown = await page.locator('main').textContent();
      throw new Error(`No quote shown: ${shown ?? ''}`, { cause: error });
    });
    const ticket = await reviewSwap(page);
    expect(ticket.report.valuation?.output).toMatchObject({ source: 'oracle', feed: 'BONK/USD' });
    expect(ticket.report.tokenWarnings[0]).toMatchObject({
      kind: 'value-loss',
      mustAcknowledge: true,
    });
    const danger = page.getByRole('list', { name: 'Dangerous token warnings' });
    await danger
      .getByText(
        /^You give about \$10\.00 and may get as little as \$\d+\.\d\d \(prices from Pyth's oracle feeds USDC\/USD and BONK\/USD/,
      )
      .waitFor();
    const approve = page.getByRole('button', { name: 'Approve and sign' });
    expect(await approve.isDisabled()).toBe(true);
    await page.getByLabel('I understand this risk').check();
    expect(await approve.isDisabled()).toBe(false);
  });
});
