/**
 * A side nothing but the swap service prices (issue 32, point 4's last case), through the
 * review's market step: the service's earlier prices this run are the one reference left. The
 * hostile service routes SOL → FRZ through its own pool 40% under the market and its price API
 * lies along (FRZ "worth" 1/0.6 of what it was); the honest twin moved 5%.
 */
import { describe, expect, it } from 'vitest';
import type { PriceView } from '../../preload/api-types';
import { swapIntent } from '../../test/fixtures/swap-intent';
import { feedOfMint } from '../prices/oracle/feed-table';
import type { OracleReading } from '../prices/oracle/oracle-checks';
import type { RememberedPrice } from '../prices/price-memory';
import type { Address } from '../shared/address';
import { withMarketReview } from './market-review';
import type { MarketFacts } from './market-warnings';
import type { ReviewReport } from './types';

const SOL = 'So11111111111111111111111111111111111111112' as Address;
const FRZ = 'JEFmZw5rBzWj2Uobg8RYzKdjSpTMQCxkvgbxifxkRveC' as Address;
const NOW = 10_000_000;
const MIN = 60_000;

const service = (usdPrice: string): PriceView => ({ usdPrice, asOf: NOW, status: 'fresh' });
const liveSol = (): OracleReading => {
  const feed = feedOfMint(SOL)!;
  const price = { mint: SOL, alias: feed.alias, account: feed.address, usdPrice: '150' };
  return { ok: true, price: { ...price, confidence: '0.01', publishTime: 1 } };
};

function facts(frzNow: string, earlier: RememberedPrice[] | null): MarketFacts {
  return {
    tokens: new Map([
      [SOL, { symbol: 'SOL', verified: true, decimals: 9 }],
      [FRZ, { symbol: 'FRZ', verified: true, decimals: 6 }],
    ]),
    prices: { [SOL]: service('150'), [FRZ]: service(frzNow) },
    oracle: new Map([[SOL, liveSol()]]),
    ...(earlier ? { remembered: { at: NOW, prices: new Map([[FRZ as string, earlier]]) } } : {}),
  };
}

const reviewed = () =>
  ({ tokenWarnings: [], balanceChanges: [{ mint: FRZ, decimals: 6 }] }) as unknown as ReviewReport;

/** 1 SOL ($150) for at least `frz` FRZ base units. */
const sell = (frz: bigint) =>
  swapIntent({
    inputMint: SOL,
    outputMint: FRZ,
    inAmount: 1_000_000_000n,
    amount: 1_000_000_000n,
    outAmount: (frz * 1005n) / 1000n,
    otherAmountThreshold: frz,
    priceImpactPct: '0.001',
  });

/** The market step's review of selling 1 SOL for `frz` at FRZ's price `frzNow` (facts). */
const reviewSelling = (frz: bigint, frzNow: string, earlier: RememberedPrice[] | null) =>
  withMarketReview(reviewed(), sell(frz), facts(frzNow, earlier));

const earlierAt = (usdPrice: string, minutesAgo: number, now = '1.00') => [
  { usdPrice, at: NOW - minutesAgo * MIN },
  { usdPrice: now, at: NOW },
];

describe("a side valued at the service's word, weighed against its earlier prices", () => {
  it('a service that turned hostile (FRZ 40% under the market, its price lying along) must be acknowledged', () => {
    // Honest: 150 FRZ for a SOL at $1.00. Hostile: 90 FRZ, and FRZ "worth" $1.6667.
    const report = reviewSelling(90_000_000n, '1.6667', earlierAt('1.00', 42, '1.6667'));
    const moved = report.tokenWarnings.find((w) => w.kind === 'service-price-moved');
    expect(moved).toEqual({
      mint: FRZ,
      kind: 'service-price-moved',
      mustAcknowledge: true,
      sentence:
        'The swap service prices FRZ at $1.6667 now and priced it at $1.00 42 min ago: 66.67% apart. Nothing else Swapdesk can read prices FRZ (no Pyth feed, no pool it found), so it cannot tell which is right, and the route may go through a pool priced far from the market. Continue only if you know why the price moved.',
    });
    // The value rule alone saw nothing: the lie is consistent with the route.
    expect(report.tokenWarnings.some((w) => w.kind === 'value-loss')).toBe(false);
    expect(report.valuation?.sentences).toContain(
      'The swap service priced FRZ at $1.00 42 min ago.',
    );
  });

  it('its honest twin, a 5% move, is accepted and the review names the only check it has', () => {
    const report = reviewSelling(142_000_000n, '1.05', earlierAt('1.00', 42, '1.05'));
    expect(report.tokenWarnings.filter((w) => w.mustAcknowledge)).toEqual([]);
    expect(report.valuation?.sentences).toContain(
      'The swap service has priced FRZ within 20% of this since 42 min ago, the only check Swapdesk has.',
    );
  });

  it('says so when there is no earlier price (the price fetched for the review itself does not count)', () => {
    const report = reviewSelling(142_000_000n, '1.05', [{ usdPrice: '1.05', at: NOW - 10_000 }]);
    expect(report.tokenWarnings.filter((w) => w.mustAcknowledge)).toEqual([]);
    expect(report.valuation?.sentences).toContain(
      'Swapdesk has no earlier price of FRZ to compare it with.',
    );
  });

  it('a side Pyth prices is not weighed against the service at all', () => {
    const report = reviewSelling(142_000_000n, '1.05', earlierAt('1.00', 42, '1.05'));
    expect(report.valuation?.sentences.some((s) => s.includes('SOL within'))).toBe(false);
    expect(report.valuation?.sentences.some((s) => s.includes('earlier price of SOL'))).toBe(false);
  });
});
