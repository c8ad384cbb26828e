/**
 * What a trade is worth at Pyth's prices (issue 25), joined to the review: the loss rule at the
 * oracle's prices whatever the service's prices say (a lying price API, a pool pushed before
 * the quote), the divergence note, a feed refused by name, a token without a feed valued at the
 * service's price and said so, and decimals taken from the chain, not the directory.
 */
import { describe, expect, it } from 'vitest';
import type { PriceView } from '../../preload/api-types';
import { swapIntent } from '../../test/fixtures/swap-intent';
import { feedOfMint } from '../prices/oracle/feed-table';
import type { OracleReading } from '../prices/oracle/oracle-checks';
import type { Address } from '../shared/address';
import { withMarketReview } from './market-review';
import type { MarketFacts } from './market-warnings';
import type { ReviewReport } from './types';

const SOL = 'So11111111111111111111111111111111111111112' as Address;
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
const RAY = '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R' as Address;

const service = (usdPrice: string): PriceView => ({ usdPrice, asOf: 1, status: 'fresh' });
const pyth = (mint: string, usdPrice: string): OracleReading => {
  const feed = feedOfMint(mint)!;
  return {
    ok: true,
    price: {
      mint,
      alias: feed.alias,
      account: feed.address,
      usdPrice,
      confidence: '0.01',
      publishTime: 1,
    },
  };
};

function facts(prices: Record<string, string>, oracle: OracleReading[]): MarketFacts {
  return {
    tokens: new Map([
      [SOL, { symbol: 'SOL', verified: true, decimals: 9 }],
      [USDC, { symbol: 'USDC', verified: true, decimals: 6 }],
      [RAY, { symbol: 'RAY', verified: true, decimals: 6 }],
    ]),
    prices: Object.fromEntries(Object.entries(prices).map(([m, p]) => [m, service(p)])),
    oracle: new Map(oracle.map((r) => [r.ok ? r.price.mint : r.mint, r])),
  };
}

/** The chain's part of a report: only what the market review reads. */
const reviewed = (decimals: Record<string, number> = { [USDC]: 6, [RAY]: 6 }) =>
  ({
    tokenWarnings: [],
    balanceChanges: Object.entries(decimals).map(([mint, d]) => ({ mint, decimals: d })),
  }) as unknown as ReviewReport;

/** 1 SOL for USDC, at least `minOut` USDC (6 decimals). */
const solForUsdc = (minOut: bigint, impact = '0.001') =>
  swapIntent({
    inputMint: SOL,
    outputMint: USDC,
    inAmount: 1_000_000_000n,
    amount: 1_000_000_000n,
    outAmount: (minOut * 1005n) / 1000n,
    otherAmountThreshold: minOut,
    priceImpactPct: impact,
  });

describe('the review at Pyth prices', () => {
  it('an honest swap: both sides at the oracle, no warning', () => {
    const report = withMarketReview(
      reviewed(),
      solForUsdc(148_250_000n),
      facts({ [SOL]: '150.1', [USDC]: '1' }, [pyth(SOL, '150.02'), pyth(USDC, '0.9999')]),
    );
    expect(report.tokenWarnings).toEqual([]);
    expect(report.valuation).toMatchObject({
      input: { source: 'oracle', usd: '150.02', feed: 'SOL/USD', servicePrice: '150.1' },
      output: { source: 'oracle', usd: '148.2314683707', oraclePrice: '0.9999' },
      sentences: [
        "Both sides are valued at Pyth's oracle prices (SOL/USD, USDC/USD), read from the network, not from the swap service.",
      ],
    });
  });

  it("a lying price API: the service's prices hide a 40% loss, the oracle's show it, and it must be acknowledged", () => {
    // The service quotes 90 USDC for a SOL and its price API agrees that SOL is worth $90.
    const report = withMarketReview(
      reviewed(),
      solForUsdc(89_550_000n),
      facts({ [SOL]: '90', [USDC]: '1' }, [pyth(SOL, '150'), pyth(USDC, '1')]),
    );
    const [loss, divergence] = report.tokenWarnings;
    expect(loss).toMatchObject({ kind: 'value-loss', mustAcknowledge: true, mint: USDC });
    // The value rule of issue 21 (value-loss.ts), judged at Pyth's prices and saying so.
    expect(loss?.sentence).toBe(
      "You give about $150.00 and may get as little as $89.55 (prices from Pyth's oracle feeds SOL/USD and USDC/USD, read from the network, not from the swap service): 40% less. The quote puts the price impact at 0.1%, but the loss is yours whatever causes it. The route may go through a pool priced far from the market; compare before you sign.",
    );
    expect(divergence).toMatchObject({
      kind: 'price-divergence',
      mustAcknowledge: false,
      mint: SOL,
    });
    expect(divergence?.sentence).toBe(
      "The swap service prices SOL at $90, Pyth's SOL/USD feed at $150: 40% apart. Swapdesk trusts Pyth's price, read from the network, not from the swap service.",
    );
    expect(report.tokenWarnings).toHaveLength(2);
  });

  it('a pool pushed before the quote: every figure of the service true, a huge price impact claimed, the oracle still says no', () => {
    // The pushed pool's price is the service's price and its quote; the impact "explains" it.
    const report = withMarketReview(
      reviewed(),
      solForUsdc(89_550_000n, '0.45'),
      facts({ [SOL]: '90.2', [USDC]: '1' }, [pyth(SOL, '150'), pyth(USDC, '1')]),
    );
    expect(report.tokenWarnings[0]).toMatchObject({ kind: 'value-loss', mustAcknowledge: true });
  });

  it("the service's prices cannot raise a loss the oracle does not see", () => {
    // The service says SOL is worth $300: its own rule would call 148 USDC a loss; Pyth does not.
    const report = withMarketReview(
      reviewed(),
      solForUsdc(148_250_000n),
      facts({ [SOL]: '300', [USDC]: '1' }, [pyth(SOL, '150'), pyth(USDC, '1')]),
    );
    expect(report.tokenWarnings.map((w) => w.kind)).toEqual(['price-divergence']);
  });

  it("a token without a feed is valued at the service's price, and the review says so", () => {
    const intent = swapIntent({
      inputMint: USDC,
      outputMint: RAY,
      inAmount: 100_000_000n,
      amount: 100_000_000n,
      outAmount: 40_000_000n,
      otherAmountThreshold: 39_800_000n,
    });
    const report = withMarketReview(
      reviewed(),
      intent,
      facts({ [USDC]: '1', [RAY]: '2.5' }, [pyth(USDC, '1')]),
    );
    expect(report.valuation?.output).toMatchObject({ source: 'service', feed: null, usd: '99.5' });
    expect(report.valuation?.sentences).toEqual([
      "USDC is valued at Pyth's USDC/USD price.",
      "Swapdesk found no price for RAY that the swap service does not control (no Pyth feed, and no Raydium CP-Swap pool against SOL, USDC or USDT it could read): its value is the swap service's word.",
    ]);
    expect(report.tokenWarnings).toEqual([]);
    // The service's own rule still speaks where the oracle cannot (here: RAY priced at $1).
    const low = withMarketReview(
      reviewed(),
      intent,
      facts({ [USDC]: '1', [RAY]: '1' }, [pyth(USDC, '1')]),
    );
    expect(low.tokenWarnings.map((w) => w.kind)).toEqual(['value-loss']);
    expect(low.tokenWarnings[0]?.sentence).toContain(
      "(prices from Pyth's USDC/USD feed for USDC and the swap service's Price API for RAY)",
    );
  });

  it("names a feed that failed a check, and values that side at the service's price", () => {
    const stale: OracleReading = {
      ok: false,
      mint: SOL,
      alias: 'SOL/USD',
      account: feedOfMint(SOL)!.address,
      check: 'age',
      reason: "Pyth's SOL/USD feed is stale: last published 605 s ago (more than 60 s).",
    };
    const report = withMarketReview(
      reviewed(),
      solForUsdc(148_250_000n),
      facts({ [SOL]: '150', [USDC]: '1' }, [stale, pyth(USDC, '1')]),
    );
    expect(report.valuation?.input).toMatchObject({
      source: 'service',
      feed: 'SOL/USD',
      oracleRefusal: stale.reason,
    });
    // Without the last price (here: none kept) and without pools, nothing else vouches for SOL.
    expect(report.valuation?.sentences[0]).toBe(
      "Swapdesk found no price for SOL that the swap service does not control (Pyth's SOL/USD price could not be used, and no Raydium CP-Swap pool against SOL, USDC or USDT it could read): its value is the swap service's word.",
    );
    expect(report.tokenWarnings).toMatchObject([{ kind: 'oracle-unavailable', mint: SOL }]);
    expect(report.tokenWarnings[0]?.sentence).toBe(
      "Pyth's SOL/USD feed is stale: last published 605 s ago (more than 60 s). SOL is valued at the swap service's price, which Swapdesk cannot check.",
    );
  });

  it("takes decimals from the chain: a directory lying about the output's decimals hides nothing", () => {
    const lying = facts({ [SOL]: '90', [USDC]: '1' }, [pyth(SOL, '150'), pyth(USDC, '1')]);
    // The directory says USDC has 3 decimals: 89.55 USDC would look like 89,550 dollars.
    (lying.tokens as Map<string, { symbol: string; verified: boolean; decimals: number }>).set(
      USDC,
      {
        symbol: 'USDC',
        verified: true,
        decimals: 3,
      },
    );
    const report = withMarketReview(reviewed(), solForUsdc(89_550_000n), lying);
    // At the wallet's bound (0.5% below the quote's 89.99775 USDC): 89.547761, not 89,547.761.
    expect(report.valuation?.output.usd).toBe('89.547761');
    expect(report.tokenWarnings[0]).toMatchObject({ kind: 'value-loss', mustAcknowledge: true });
  });
});
