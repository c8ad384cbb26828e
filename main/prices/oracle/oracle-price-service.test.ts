/**
 * prices.get's prices (issue 25): Pyth's where the wallet's feed passed its checks, marked
 * `oracle` with its publish time; the service's elsewhere, marked `service`, with the reason a
 * feed was refused; the two read side by side.
 */
import { describe, expect, it } from 'vitest';
import type { PriceService } from '../price-service';
import { feedOfMint } from './feed-table';
import type { OracleReading } from './oracle-checks';
import { withOraclePrices } from './oracle-price-service';
import type { OracleReader } from './oracle-reader';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const RAY = '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R';
const NOW = 1_764_230_460_000;

const service: PriceService = {
  prices: async (mints) =>
    Object.fromEntries(
      mints.map((mint) => [
        mint,
        { usdPrice: mint === RAY ? '2.5' : '140', asOf: NOW - 1_000, status: 'fresh' as const },
      ]),
    ),
};

function reader(readings: OracleReading[], started: string[]): OracleReader {
  return {
    read: async (mints) => {
      started.push('oracle');
      return new Map(
        readings
          .filter((r) => mints.includes(r.ok ? r.price.mint : r.mint))
          .map((r) => [r.ok ? r.price.mint : r.mint, r]),
      );
    },
  };
}

describe("prices at Pyth's where it has a feed", () => {
  it('answers the oracle price, marked, else the service price, marked, with a refusal named', async () => {
    const sol = feedOfMint(SOL)!;
    const usdc = feedOfMint(USDC)!;
    const started: string[] = [];
    const prices = withOraclePrices(
      service,
      reader(
        [
          {
            ok: true,
            price: {
              mint: SOL,
              alias: sol.alias,
              account: sol.address,
              usdPrice: '150.02',
              confidence: '0.05',
              publishTime: NOW / 1000 - 3,
            },
          },
          {
            ok: false,
            mint: USDC,
            alias: usdc.alias,
            account: usdc.address,
            check: 'confidence',
            reason: "Pyth's USDC/USD feed is too uncertain.",
          },
        ],
        started,
      ),
      () => NOW,
    );
    const answer = await prices.prices([SOL, USDC, RAY]);
    expect(answer[SOL]).toEqual({
      usdPrice: '150.02',
      asOf: NOW - 3_000,
      status: 'fresh',
      source: 'oracle',
      feed: 'SOL/USD',
    });
    expect(answer[USDC]).toEqual({
      usdPrice: '140',
      asOf: NOW - 1_000,
      status: 'fresh',
      source: 'service',
      feed: 'USDC/USD',
      oracleRefusal: "Pyth's USDC/USD feed is too uncertain.",
    });
    expect(answer[RAY]).toEqual({
      usdPrice: '2.5',
      asOf: NOW - 1_000,
      status: 'fresh',
      source: 'service',
    });
    expect(started).toEqual(['oracle']);
  });
});
