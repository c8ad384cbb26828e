/**
 * Every refusal of a Pyth price account (owner, layout, verification level, feed id, price, age,
 * confidence, missing) and the price it gives when all pass, on accounts built by Pyth's receiver
 * SDK (test/fixtures/pyth-sdk.ts); and the reader's one getMultipleAccountsInfo per read.
 */
import { describe, expect, it } from 'vitest';
import { PublicKey } from '@solana/web3.js';
import { sdkPriceUpdate, type SdkPriceFields } from '../../../test/fixtures/pyth-sdk';
import { feedOfMint, ORACLE_FEEDS } from './feed-table';
import { judgeFeedAccount, scaledPrice } from './oracle-checks';
import { createOracleReader } from './oracle-reader';
import { PYTH_RECEIVER_PROGRAM_ID } from './price-update-v2';
import { decimalText } from '../../shared/usd';

const SOL = 'So11111111111111111111111111111111111111112';
const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
const RAY = '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R';
const solFeed = feedOfMint(SOL)!;
const usdcFeed = ORACLE_FEEDS.find((feed) => feed.alias === 'USDC/USD')!;
const NOW = 1_764_230_460;

async function account(overrides: Partial<SdkPriceFields> = {}, owner = PYTH_RECEIVER_PROGRAM_ID) {
  const data = await sdkPriceUpdate({
    level: 'full',
    feedId: solFeed.feedId,
    price: 14_748_312_345n, // $147.48312345
    conf: 7_412_000n, // ±$0.07412
    exponent: -8,
    publishTime: BigInt(NOW - 5),
    ...overrides,
  });
  return { owner: new PublicKey(owner), data };
}

describe('judging a Pyth price account', () => {
  it('gives the exact price, its confidence and publish time when every check passes', async () => {
    const reading = judgeFeedAccount(solFeed, await account(), NOW);
    expect(reading).toEqual({
      ok: true,
      price: {
        mint: SOL,
        alias: 'SOL/USD',
        account: solFeed.address,
        usdPrice: '147.48312345',
        confidence: '0.07412',
        publishTime: NOW - 5,
      },
    });
  });

  it('keeps every digit of a tiny price (BONK at exponent -10) and of a positive exponent', () => {
    expect(decimalText(scaledPrice(1_999_995n, -10))).toBe('0.0001999995');
    expect(decimalText(scaledPrice(15n, 2))).toBe('1500');
    expect(feedOfMint(BONK)?.alias).toBe('BONK/USD');
  });

  it('refuses an account another program owns, whatever it holds', async () => {
    const forged = await account({}, '11111111111111111111111111111111');
    const reading = judgeFeedAccount(solFeed, forged, NOW);
    expect(reading).toMatchObject({ ok: false, check: 'owner' });
    expect(!reading.ok && reading.reason).toMatch(
      /owned by 11111111111111111111111111111111, not Pyth's receiver program/,
    );
  });

  it('refuses a partially verified price', async () => {
    const reading = judgeFeedAccount(solFeed, await account({ level: 5 }), NOW);
    expect(reading).toMatchObject({ ok: false, check: 'level' });
    expect(!reading.ok && reading.reason).toMatch(/only partially verified \(5 guardian/);
  });

  it('refuses a real account of another feed at the expected address', async () => {
    const reading = judgeFeedAccount(solFeed, await account({ feedId: usdcFeed.feedId }), NOW);
    expect(reading).toMatchObject({ ok: false, check: 'feed-id' });
    expect(!reading.ok && reading.reason).toMatch(/another feed \(eaa020c6…\), not SOL\/USD/);
  });

  it('refuses a price published more than 60 s ago, and accepts one exactly 60 s old', async () => {
    const stale = judgeFeedAccount(solFeed, await account({ publishTime: BigInt(NOW - 61) }), NOW);
    expect(stale).toMatchObject({ ok: false, check: 'age' });
    expect(!stale.ok && stale.reason).toBe(
      "Pyth's SOL/USD feed is stale: last published 61 s ago (more than 60 s).",
    );
    expect(
      judgeFeedAccount(solFeed, await account({ publishTime: BigInt(NOW - 60) }), NOW).ok,
    ).toBe(true);
    const ahead = judgeFeedAccount(solFeed, await account({ publishTime: BigInt(NOW + 600) }), NOW);
    expect(!ahead.ok && ahead.reason).toMatch(/600 s ahead of this computer's clock/);
    // A stricter limit is the caller's to choose.
    const strict = judgeFeedAccount(solFeed, await account(), NOW, {
      maxAgeSeconds: 3,
      maxConfidenceBps: 200,
    });
    expect(strict).toMatchObject({ ok: false, check: 'age' });
  });

  it('keeps a stale price as evidence, with its age, when age was the only failed check (issue 32)', async () => {
    const stale = judgeFeedAccount(solFeed, await account({ publishTime: BigInt(NOW - 300) }), NOW);
    expect(stale).toMatchObject({
      ok: false,
      check: 'age',
      last: { usdPrice: '147.48312345', confidence: '0.07412', ageSeconds: 300, alias: 'SOL/USD' },
    });
    // Stale and too wide: no evidence at all.
    const wide = judgeFeedAccount(
      solFeed,
      await account({ publishTime: BigInt(NOW - 300), conf: 500_000_000n }),
      NOW,
    );
    expect(wide).toMatchObject({ ok: false, check: 'confidence' });
    expect(!wide.ok && wide.last).toBeUndefined();
  });

  it("judges a stablecoin's feed by its rhythm: a heartbeat late is not stale, two are", async () => {
    const usdc = (age: number) =>
      account({
        feedId: usdcFeed.feedId,
        price: 99_990_000n,
        conf: 20_000n,
        publishTime: BigInt(NOW - age),
      });
    // Pyth pushes USDC on a 0.5% move or its 60 s heartbeat: 75 s old is its ordinary rhythm.
    expect(judgeFeedAccount(usdcFeed, await usdc(75), NOW)).toMatchObject({ ok: true });
    expect(judgeFeedAccount(usdcFeed, await usdc(120), NOW).ok).toBe(true);
    const late = judgeFeedAccount(usdcFeed, await usdc(121), NOW);
    expect(!late.ok && late.reason).toBe(
      "Pyth's USDC/USD feed is stale: last published 121 s ago (more than 120 s).",
    );
    expect(!late.ok && late.last?.usdPrice).toBe('0.9999');
    // SOL's feed, which moves, keeps the 60 s rule.
    expect(
      judgeFeedAccount(solFeed, await account({ publishTime: BigInt(NOW - 75) }), NOW).ok,
    ).toBe(false);
  });

  it('refuses a confidence interval wider than 2% of the price, and accepts exactly 2%', async () => {
    const wide = judgeFeedAccount(solFeed, await account({ price: 10_000n, conf: 201n }), NOW);
    expect(wide).toMatchObject({ ok: false, check: 'confidence' });
    expect(!wide.ok && wide.reason).toMatch(/±2\.01% of the price \(more than 2%\)/);
    expect(judgeFeedAccount(solFeed, await account({ price: 10_000n, conf: 200n }), NOW).ok).toBe(
      true,
    );
  });

  it('refuses a missing account, bytes of another kind and a price that is not positive', async () => {
    expect(judgeFeedAccount(solFeed, null, NOW)).toMatchObject({ ok: false, check: 'missing' });
    const other = await account();
    other.data = new Uint8Array(134); // zeros: not a PriceUpdateV2
    expect(judgeFeedAccount(solFeed, other, NOW)).toMatchObject({ ok: false, check: 'layout' });
    expect(judgeFeedAccount(solFeed, await account({ price: -1n }), NOW)).toMatchObject({
      ok: false,
      check: 'price',
    });
  });
});

describe('the oracle reader', () => {
  it('reads every asked feed in one getMultipleAccountsInfo and leaves out mints without a feed', async () => {
    const calls: string[][] = [];
    const sol = await account();
    const reader = createOracleReader({
      connection: () => ({
        getMultipleAccountsInfo: async (keys: PublicKey[]) => {
          calls.push(keys.map((key) => key.toBase58()));
          return keys.map((key) => (key.toBase58() === solFeed.address ? sol : null)) as never;
        },
      }),
      now: () => NOW * 1000,
    });
    const readings = await reader.read([SOL, BONK, RAY, SOL]);
    expect(calls).toEqual([[solFeed.address, feedOfMint(BONK)!.address]]);
    expect([...readings.keys()]).toEqual([SOL, BONK]);
    expect(readings.get(SOL)).toMatchObject({ ok: true, price: { usdPrice: '147.48312345' } });
    expect(readings.get(BONK)).toMatchObject({ ok: false, check: 'missing' });
    expect(await reader.read([RAY])).toEqual(new Map());
    expect(calls).toHaveLength(1); // no feed, no read
  });

  it('names the RPC failure for every feed it could not read', async () => {
    const reader = createOracleReader({
      connection: () => ({
        getMultipleAccountsInfo: async () => {
          throw new Error('fetch failed');
        },
      }),
      now: () => NOW * 1000,
    });
    const reading = (await reader.read([SOL])).get(SOL);
    expect(reading).toMatchObject({ ok: false, check: 'rpc' });
    expect(reading && !reading.ok && reading.reason).toMatch(/could not be read .*fetch failed/);
  });
});
