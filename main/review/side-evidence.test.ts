/**
 * A side without Pyth's live price, judged by evidence the swap service does not control
 * (issue 32), through the review's market step (withMarketReview): a stale feed's last price
 * within its band, the deepest CP-Swap pool's price, and words where there is none. In each, the
 * service's price API lies along with a route 40% below the market; the honest twin passes.
 */
import { describe, expect, it } from 'vitest';
import type { PriceView } from '../../preload/api-types';
import { swapIntent } from '../../test/fixtures/swap-intent';
import type { PoolPrice } from '../prices/chain-pools/pool-price-reader';
import { feedOfMint } from '../prices/oracle/feed-table';
import type { OracleReading } from '../prices/oracle/oracle-checks';
import type { Address } from '../shared/address';
import { withMarketReview } from './market-review';
import type { MarketFacts } from './market-warnings';
import { bestEvidence, referencePrices } from './side-evidence';
import type { ReviewReport } from './types';

const SOL = 'So11111111111111111111111111111111111111112' as Address;
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
const FRZ = 'JEFmZw5rBzWj2Uobg8RYzKdjSpTMQCxkvgbxifxkRveC' as Address;
const POOL = '8sLbNZoA1cfnvMJLPfp98ZLAnFSYCFApfJKMbiXNLwxj';

const service = (usdPrice: string): PriceView => ({ usdPrice, asOf: 1, status: 'fresh' });
const live = (mint: string, usdPrice: string): OracleReading => {
  const feed = feedOfMint(mint)!;
  const price = { mint, alias: feed.alias, account: feed.address, usdPrice, confidence: '0.01' };
  return { ok: true, price: { ...price, publishTime: 1 } };
};
const stale = (mint: string, usdPrice: string, ageSeconds: number): OracleReading => {
  const feed = feedOfMint(mint)!;
  return {
    ok: false,
    mint,
    alias: feed.alias,
    account: feed.address,
    check: 'age',
    reason: `Pyth's ${feed.alias} feed is stale: last published ${ageSeconds} s ago (more than 60 s).`,
    last: {
      mint,
      alias: feed.alias,
      account: feed.address,
      usdPrice,
      confidence: '0.075', // 0.05% of 150
      publishTime: 1,
      ageSeconds,
    },
  };
};

function facts(
  prices: Record<string, string>,
  oracle: OracleReading[],
  pools: PoolPrice[] = [],
): MarketFacts {
  return {
    tokens: new Map([
      [SOL, { symbol: 'SOL', verified: true, decimals: 9 }],
      [USDC, { symbol: 'USDC', verified: true, decimals: 6 }],
      [FRZ, { symbol: 'FRZ', verified: true, decimals: 6 }],
    ]),
    prices: Object.fromEntries(Object.entries(prices).map(([m, p]) => [m, service(p)])),
    oracle: new Map(oracle.map((r) => [r.ok ? r.price.mint : r.mint, r])),
    pools: new Map(pools.map((p) => [p.mint, p])),
  };
}

const reviewed = () =>
  ({
    tokenWarnings: [],
    balanceChanges: [
      { mint: USDC, decimals: 6 },
      { mint: FRZ, decimals: 6 },
    ],
  }) as unknown as ReviewReport;

/** `sol` lamports for at least `minOut` base units of `outputMint`. */
const sell = (outputMint: Address, sol: bigint, minOut: bigint) =>
  swapIntent({
    inputMint: SOL,
    outputMint,
    inAmount: sol,
    amount: sol,
    outAmount: (minOut * 1005n) / 1000n,
    otherAmountThreshold: minOut,
    priceImpactPct: '0.001',
  });

const frzPool = (usdPrice: string, toleranceBps = 100n): PoolPrice => ({
  mint: FRZ,
  pool: POOL,
  venue: 'Raydium CP-Swap',
  referenceMint: USDC,
  usdPrice,
  depthUsd: '1000000',
  toleranceBps,
  referenceSource: "Pyth's USDC/USD feed",
});

describe('a stale Pyth price is evidence within a band that grows with its age', () => {
  // The attacker's pool pays 90 USDC a SOL, and its price API says SOL is worth $90.
  const lie = () => facts({ [SOL]: '90', [USDC]: '1' }, [stale(SOL, '150', 300), live(USDC, '1')]);

  it('a five-minute-old SOL price still shows a 40% lie, which must be acknowledged', () => {
    const report = withMarketReview(reviewed(), sell(USDC, 1_000_000_000n, 89_550_000n), lie());
    expect(report.valuation?.input).toMatchObject({
      source: 'stale-oracle',
      evidencePrice: '150',
      toleranceBps: 351,
      evidence: "Pyth's SOL/USD feed, last published 5 min ago",
    });
    const [loss] = report.tokenWarnings;
    expect(loss).toMatchObject({ kind: 'value-loss', mustAcknowledge: true });
    expect(loss?.sentence).toMatch(
      /^You give about \$150\.00 and may get as little as \$89\.55 \(prices from Pyth's SOL\/USD feed, last published 5 min ago for SOL \(±3\.51%\) and Pyth's USDC\/USD feed for USDC\): 40% less\. That is more than 5% even allowing 3\.51% for the prices' age and source\./,
    );
    expect(report.valuation?.sentences[0]).toBe(
      "SOL is valued from Pyth's SOL/USD feed, last published 5 min ago, within ±3.51%, not at the swap service's price.",
    );
    const kinds = report.tokenWarnings.map((w) => w.kind);
    expect(kinds).toEqual(['value-loss', 'price-divergence', 'oracle-unavailable']);
    expect(report.tokenWarnings[2]?.sentence).toMatch(
      /SOL is valued from Pyth's SOL\/USD feed, last published 5 min ago instead, within ±3\.51%\.$/,
    );
  });

  it('an honest trade after SOL moved 3% in those five minutes passes unacknowledged', () => {
    // SOL is now $145.5; the market pays that, less 0.5% slippage.
    const honest = facts({ [SOL]: '145.5', [USDC]: '1' }, [
      stale(SOL, '150', 300),
      live(USDC, '1'),
    ]);
    const report = withMarketReview(reviewed(), sell(USDC, 1_000_000_000n, 144_770_000n), honest);
    expect(report.tokenWarnings.filter((w) => w.mustAcknowledge)).toEqual([]);
    expect(report.tokenWarnings.map((w) => w.kind)).toEqual(['oracle-unavailable']);
  });

  it('a price past six hours is no evidence: the side is the service’s word, said so', () => {
    const old = facts({ [SOL]: '90', [USDC]: '1' }, [
      stale(SOL, '150', 6 * 3600 + 1),
      live(USDC, '1'),
    ]);
    const report = withMarketReview(reviewed(), sell(USDC, 1_000_000_000n, 89_550_000n), old);
    expect(report.valuation?.input.source).toBe('service');
    expect(report.valuation?.sentences[0]).toMatch(
      /^Swapdesk found no price for SOL that the swap service does not control \(Pyth's SOL\/USD price could not be used/,
    );
  });

  it('is preferred to a pool while its band is at most 5%; past that the narrower wins', () => {
    const solPool: PoolPrice = { ...frzPool('150.4'), mint: SOL };
    const symbolOf = (mint: string) => (mint === SOL ? 'SOL' : 'USDC');
    expect(bestEvidence(stale(SOL, '150', 300), solPool, symbolOf)?.source).toBe('stale-oracle');
    expect(bestEvidence(stale(SOL, '150', 3_600), solPool, symbolOf)).toMatchObject({
      source: 'pool',
      usdPrice: '150.4',
      toleranceBps: 100n,
    });
    expect(bestEvidence(stale(SOL, '150', 3_600), undefined, symbolOf)?.toleranceBps).toBe(1_205n);
    expect(bestEvidence(live(SOL, '151'), solPool, symbolOf)?.source).toBe('oracle');
  });

  it('references for pools carry a stale feed with its band', () => {
    const references = referencePrices(
      new Map([
        [SOL, stale(SOL, '150', 300)],
        [USDC, live(USDC, '1')],
      ]),
    );
    expect(references.get(SOL)).toMatchObject({ usdPrice: '150', toleranceBps: 351n });
    expect(references.get(USDC)).toMatchObject({ usdPrice: '1', toleranceBps: 0n });
  });
});

describe('a token without a feed is valued from the deepest pool the wallet found', () => {
  it('a route 40% below that pool, the price API lying along, must be acknowledged', () => {
    // 1 SOL should buy 150 FRZ; the route pays 90, and the service says FRZ is worth $1.6667.
    const report = withMarketReview(
      reviewed(),
      sell(FRZ, 1_000_000_000n, 89_550_000n),
      facts({ [SOL]: '150', [FRZ]: '1.6667' }, [live(SOL, '150')], [frzPool('1')]),
    );
    expect(report.valuation?.output).toMatchObject({
      source: 'pool',
      evidencePrice: '1',
      toleranceBps: 100,
    });
    const [loss] = report.tokenWarnings;
    expect(loss).toMatchObject({ kind: 'value-loss', mustAcknowledge: true, mint: FRZ });
    expect(loss?.sentence).toContain(
      "(prices from Pyth's SOL/USD feed for SOL and the deepest Raydium CP-Swap pool the wallet found, FRZ/USDC 8sLb…Lwxj ($1,000,000.00 of USDC), USDC priced by Pyth's USDC/USD feed for FRZ (±1%)): 40% less.",
    );
    expect(report.tokenWarnings.find((w) => w.kind === 'price-divergence')?.sentence).toMatch(
      /^The swap service prices FRZ at \$1\.6667, the deepest Raydium CP-Swap pool .* at \$1 \(±1%\): 66\.67% apart\./,
    );
  });

  it('the honest trade at the pool’s price passes unacknowledged', () => {
    const report = withMarketReview(
      reviewed(),
      sell(FRZ, 1_000_000_000n, 148_500_000n),
      facts({ [SOL]: '150', [FRZ]: '1' }, [live(SOL, '150')], [frzPool('1.004')]),
    );
    expect(report.tokenWarnings).toEqual([]);
    expect(report.valuation?.sentences[1]).toMatch(
      /^FRZ is valued from the deepest Raydium CP-Swap pool/,
    );
  });

  it('without any evidence the review says so, and the service’s prices judge alone', () => {
    const report = withMarketReview(
      reviewed(),
      sell(FRZ, 1_000_000_000n, 89_550_000n),
      facts({ [SOL]: '150', [FRZ]: '1' }, [live(SOL, '150')]),
    );
    expect(report.valuation?.sentences[1]).toBe(
      "Swapdesk found no price for FRZ that the swap service does not control (no Pyth feed, and no Raydium CP-Swap pool against SOL, USDC or USDT it could read): its value is the swap service's word.",
    );
    expect(report.tokenWarnings[0]).toMatchObject({ kind: 'value-loss', mustAcknowledge: true });
  });
});
