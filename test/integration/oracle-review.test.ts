/**
 * A price the swap service cannot fake (issue 25), end to end through the real composition root
 * and bridge registry on a real sandbox process, whose Pyth-like feeds sit at mainnet's
 * sponsored addresses and follow its market, not its pools:
 *
 * - an honest swap: both sides valued at Pyth's prices, nothing to acknowledge, sent;
 * - the service's price API lying (a stand-in in front of the sandbox rewrites /price/v3): the
 *   review names the gap and trusts Pyth, and the service's prices raise nothing;
 * - a stale feed (POST /sandbox/oracle) named in the review, that side valued at its last price
 *   within a band for its age (issue 32);
 * - a pool pushed before the quote by a whale: every figure the service sends is true (its quote,
 *   its price API, read from the same pools), the oracle is not moved, and the swap must be
 *   acknowledged before main signs;
 * - prices.get marks Pyth's prices.
 */
import { rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Connection, Keypair, PublicKey, VersionedTransaction } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedOfMint } from '../../main/prices/oracle/feed-table';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { tempDir } from '../fixtures/temp-dirs';
import { waitForStatus } from '../fixtures/sandbox-faucet';
import { openFeesWallet, type FeesWallet } from './fees-wallet';
import { airdrop, faucet } from './pay-helpers';
import { SOL, USDC } from './swap-flow-wallet';
import { firstAccount } from './wallet-setup';

const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const RAY = '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R';

let sandbox: RunningSandbox;
let connection: Connection;
let wallet: FeesWallet;
let dataDir: string;
let address: string;
/** A stand-in for the swap service's host: forwards everything, rewrites /price/v3 when asked. */
let host: Server;
let priceLie: ((prices: Record<string, { usdPrice: number }>) => void) | null = null;

async function startHost(): Promise<string> {
  host = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const upstream = await fetch(new URL(`${url.pathname}${url.search}`, sandbox.rpcUrl), {
        method: req.method ?? 'GET',
        headers: { 'content-type': 'application/json' },
        ...(req.method === 'POST' ? { body: Buffer.concat(chunks) } : {}),
      });
      let text = await upstream.text();
      if (url.pathname === '/price/v3' && priceLie && upstream.ok) {
        const prices = JSON.parse(text) as Record<string, { usdPrice: number }>;
        priceLie(prices);
        text = JSON.stringify(prices);
      }
      res.writeHead(upstream.status, { 'content-type': 'application/json' });
      res.end(text);
    })();
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  sandbox = await startSandbox();
  connection = new Connection(sandbox.rpcUrl, 'confirmed');
  const hostUrl = await startHost();
  dataDir = tempDir('swapdesk-oracle-');
  wallet = openFeesWallet({ ...sandbox, swapApiUrl: `${hostUrl}/v6` }, dataDir);
  address = (await firstAccount(wallet.call, 'Oracle')).address;
  await wallet.call('sandbox.fund', { address });
}, 120_000);

afterAll(async () => {
  wallet?.app.close();
  await new Promise((resolve) => host?.close(resolve));
  await sandbox?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** The warnings that come from prices (the mints' own cautions, e.g. the faucet's mint authority, aside). */
const PRICE_KINDS = ['value-loss', 'price-divergence', 'oracle-unavailable'];
const priceWarnings = <T extends { kind: string }>(warnings: T[]) =>
  warnings.filter((w) => PRICE_KINDS.includes(w.kind));

async function review(inputMint: string, outputMint: string, amount: string) {
  const quote = await wallet.call('swap.quote', {
    inputMint,
    outputMint,
    amount,
    slippage: { bps: 100 },
  });
  const ticket = await wallet.call('swap.review', { quoteId: quote.quoteId });
  return { quote, ticket };
}

async function setFeed(mint: string, condition: 'live' | 'stale' | 'wide') {
  const answer = await fetch(new URL('/sandbox/oracle', sandbox.rpcUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mint, condition }),
  });
  expect(answer.status).toBe(200);
}

/** A whale's big swap straight through the sandbox's swap API, signed and sent. */
async function whaleSwap(whale: Keypair, inputMint: string, outputMint: string, amount: bigint) {
  const quote = (await (
    await fetch(
      `${sandbox.swapApiUrl}/quote?inputMint=${inputMint}&outputMint=${outputMint}&amount=${amount}&slippageBps=5000`,
    )
  ).json()) as Record<string, unknown>;
  const built = (await (
    await fetch(`${sandbox.swapApiUrl}/swap`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ quoteResponse: quote, userPublicKey: whale.publicKey.toBase58() }),
    })
  ).json()) as { swapTransaction: string };
  const tx = VersionedTransaction.deserialize(Buffer.from(built.swapTransaction, 'base64'));
  tx.sign([whale]);
  await waitForStatus(connection, await connection.sendRawTransaction(tx.serialize()), 200, 25);
}

describe("the review at Pyth's prices", () => {
  it('an honest swap: both sides at the oracle, nothing to acknowledge, sent', async () => {
    const { ticket } = await review(SOL, USDC, '500000000');
    const { valuation, tokenWarnings } = ticket.report;
    expect(valuation?.input).toMatchObject({ source: 'oracle', feed: 'SOL/USD' });
    expect(valuation?.output).toMatchObject({ source: 'oracle', feed: 'USDC/USD' });
    expect(valuation?.sentences).toEqual([
      "Both sides are valued at Pyth's oracle prices (SOL/USD, USDC/USD), read from the network, not from the swap service.",
    ]);
    // Pyth's sandbox price follows the market the pools were seeded at: within 1% of 150.
    expect(Math.abs(Number(valuation?.input.oraclePrice) - 150)).toBeLessThan(1.5);
    expect(priceWarnings(tokenWarnings)).toEqual([]);
    expect(tokenWarnings.some((w) => w.mustAcknowledge)).toBe(false);
    const sent = await wallet.call('swap.approve', {
      ticketId: ticket.ticketId,
      transactionBase64: ticket.transactionBase64,
    });
    expect(sent.signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{80,90}$/);
  });

  it("a token without a feed is valued from the chain's deepest pool, and prices.get says whose each price is", async () => {
    const { ticket } = await review(USDC, RAY, '10000000');
    // No feed, but the chain's own pools (issue 32): RAY/USDC ($2.5 M of USDC) is the deepest.
    expect(ticket.report.valuation?.output).toMatchObject({ source: 'pool', feed: null });
    expect(ticket.report.valuation?.sentences[1]).toMatch(
      /^RAY is valued from the deepest Raydium CP-Swap pool the wallet found, RAY\/USDC \S+ \(\$2,\d{3},\d{3}\.\d\d of USDC\), USDC priced by Pyth's USDC\/USD feed, within ±1%, not at the swap service's price\.$/,
    );
    const prices = await wallet.call('prices.get', { mints: [SOL, RAY] });
    expect(prices[SOL]).toMatchObject({ source: 'oracle', feed: 'SOL/USD', status: 'fresh' });
    expect(prices[RAY]).toMatchObject({ source: 'service', usdPrice: '2.5' });
    expect(prices[RAY]?.feed).toBeUndefined();
  });

  it("the service's price API lies: the review names the gap and trusts Pyth; the lie raises nothing", async () => {
    const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
    priceLie = (prices) => {
      // USDT "worth" $0.50: by the service's prices, SOL for USDT loses half its value.
      if (prices[USDT]) prices[USDT].usdPrice = 0.5;
    };
    try {
      const { ticket } = await review(SOL, USDT, '200000000');
      const warnings = priceWarnings(ticket.report.tokenWarnings);
      expect(warnings.map((w) => w.kind)).toEqual(['price-divergence']);
      expect(warnings[0]?.sentence).toMatch(
        /^The swap service prices USDT at \$0\.5, Pyth's USDT\/USD feed at \$1: 50% apart\. Swapdesk trusts Pyth's price/,
      );
      expect(ticket.report.valuation?.output).toMatchObject({
        source: 'oracle',
        servicePrice: '0.5',
        oraclePrice: '1',
      });
    } finally {
      priceLie = null;
    }
  });

  it('a stale feed is named in the review, and that side is valued at its last price within a band for its age (issue 32)', async () => {
    await setFeed(SOL, 'stale');
    try {
      const { ticket } = await review(SOL, USDC, '200000000');
      const { valuation, tokenWarnings } = ticket.report;
      expect(valuation?.input).toMatchObject({ source: 'stale-oracle', feed: 'SOL/USD' });
      expect(valuation?.input.oracleRefusal).toMatch(
        /^Pyth's SOL\/USD feed is stale: last published 6\d\d s ago \(more than 60 s\)\.$/,
      );
      // Ten minutes: 0.05% confidence + 0.2% × √600 ≈ ±4.95%.
      expect(valuation?.sentences[0]).toMatch(
        /^SOL is valued from Pyth's SOL\/USD feed, last published 10 min ago, within ±(4\.9\d|5\.\d\d)%, not at the swap service's price\.$/,
      );
      expect(priceWarnings(tokenWarnings)).toMatchObject([
        { kind: 'oracle-unavailable', mint: SOL, mustAcknowledge: false },
      ]);
      const prices = await wallet.call('prices.get', { mints: [SOL] });
      expect(prices[SOL]).toMatchObject({ source: 'service' });
      expect(prices[SOL]?.oracleRefusal).toMatch(/stale/);
    } finally {
      await setFeed(SOL, 'live');
    }
  });

  it('a pool pushed before the quote: every figure of the service true, the oracle unmoved, and it must be acknowledged', async () => {
    const bonkFeed = feedOfMint(BONK)!;
    expect(await connection.getAccountInfo(new PublicKey(bonkFeed.address))).not.toBeNull();
    // The whale buys BONK with SOL and with USDC until every BONK pool is pushed.
    const whale = Keypair.generate();
    await airdrop(connection, whale.publicKey.toBase58(), 10_000_000_000_000);
    await faucet(sandbox, whale.publicKey.toBase58(), USDC, 500_000_000_000n);
    const servicePrice = async () =>
      Number(
        (
          (await (await fetch(new URL(`/price/v3?ids=${BONK}`, sandbox.rpcUrl))).json()) as Record<
            string,
            { usdPrice: number }
          >
        )[BONK]!.usdPrice,
      );
    const before = await servicePrice();
    await whaleSwap(whale, SOL, BONK, 4_000_000_000_000n);
    await whaleSwap(whale, USDC, BONK, 400_000_000_000n);
    expect(await servicePrice()).toBeGreaterThan(before * 1.5);

    const { quote, ticket } = await review(USDC, BONK, '20000000');
    // The quote is small against the pushed pools: little price impact claimed.
    expect(Number(quote.priceImpactPct)).toBeLessThan(0.01);
    const [first] = ticket.report.tokenWarnings;
    expect(first).toMatchObject({ kind: 'value-loss', mustAcknowledge: true, mint: BONK });
    expect(first?.sentence).toMatch(
      /^You give about \$20\.00 and may get as little as \$\d+\.\d\d \(prices from Pyth's oracle feeds USDC\/USD and BONK\/USD, read from the network, not from the swap service\): \d+% less\./,
    );
    expect(ticket.report.valuation?.output).toMatchObject({ source: 'oracle', feed: 'BONK/USD' });
    const approve = { ticketId: ticket.ticketId, transactionBase64: ticket.transactionBase64 };
    expect(await wallet.refusal('swap.approve', approve)).toMatchObject({
      code: 'RISK_NOT_ACKNOWLEDGED',
    });
    const sent = await wallet.call('swap.approve', { ...approve, risksAcknowledged: true });
    expect(sent.signature).toBeTruthy();
  });
});
