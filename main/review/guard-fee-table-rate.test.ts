/**
 * Jupiter's fee held to its published rate for the pair at the tokens' ages (issue 32 point 3):
 * "New tokens (within 24 hours of token age)" 50 bps, by the first-pool date the token
 * directory read (Tokens API v2 `firstPool.createdAt`), judged on the review's own clock. The
 * whole path (directory → market facts → review, on the real sandbox) is
 * test/integration/order-jupiter-fee.test.ts's "a token under a day old".
 */
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import { swapIntent } from '../../test/fixtures/swap-intent';
import { SOL_MINT } from '../fees/jupiter-fee-table';
import { pairFeeOf, pairFeeRefusal } from './guard-fee-table-rate';
import type { ReviewedInstruction } from './types';

const WIF = 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm' as Address;
const reviewedAt = Date.parse('2026-11-28T12:00:00Z');
const hoursBefore = (hours: number) => reviewedAt - hours * 3_600_000;

/** A SOL → WIF order whose route and answer take `bps`, WIF's first pool at `firstPoolAt`. */
function facts(bps: number, firstPoolAt: number | null | undefined) {
  const route = { decoded: { kind: 'jupiterRoute', platformFeeBps: bps } };
  return {
    intent: swapIntent({ inputMint: SOL_MINT as Address, outputMint: WIF }),
    firstPools: new Map(firstPoolAt === undefined ? [] : [[WIF, firstPoolAt]]),
    reviewedAt,
    tokens: new Map([[WIF, { decimals: 6, symbol: 'WIF' }]]),
    instructions: [route] as unknown as ReviewedInstruction[],
  };
}

const jupiter = (feeBps: number) => ({ by: 'Jupiter', feeBps });

describe("Jupiter's fee at the table's rate for a token's age", () => {
  it('accepts 50 bps for a token whose first pool is 3 hours old at review time', () => {
    const young = facts(50, hoursBefore(3));
    expect(pairFeeRefusal(young, jupiter(50))).toBeNull();
    expect(pairFeeOf(young)).toEqual({ bps: 50, row: 'tokens under a day old' });
  });

  it('refuses 50 bps for a token whose first pool is 3 days old, naming the row that applied', () => {
    expect(pairFeeRefusal(facts(50, hoursBefore(72)), jupiter(50))).toBe(
      "Jupiter's platform fee would be 50 bps, above the 10 bps Jupiter publishes for every other pair (its docs' fee table: WIF's first pool is 3 days old; only a token under 24 hours old is charged 50 bps). Don't approve it: get a fresh quote, or choose Router as the swap path in Settings.",
    );
    // Its 10 bps is the table's.
    expect(pairFeeRefusal(facts(10, hoursBefore(72)), jupiter(10))).toBeNull();
  });

  it('judges the age on the review’s clock: 25 hours is no longer new', () => {
    expect(pairFeeRefusal(facts(50, hoursBefore(23)), jupiter(50))).toBeNull();
    expect(pairFeeRefusal(facts(50, hoursBefore(25)), jupiter(50))).toMatch(
      /above the 10 bps Jupiter publishes for every other pair .*WIF's first pool is 25 hours old/,
    );
  });

  it('reads an age the directory did not give as older, and says so', () => {
    for (const unknown of [null, undefined]) {
      expect(pairFeeRefusal(facts(50, unknown), jupiter(50))).toBe(
        "Jupiter's platform fee would be 50 bps, above the 10 bps Jupiter publishes for every other pair (its docs' fee table: a token whose age the token list does not give counts as older; only a token under 24 hours old is charged 50 bps). Don't approve it: get a fresh quote, or choose Router as the swap path in Settings.",
      );
    }
  });

  it('holds a route taking more than the answer states to the table too', () => {
    expect(pairFeeRefusal(facts(60, hoursBefore(3)), jupiter(50))).toMatch(
      /^Jupiter's platform fee would be 60 bps, above the 50 bps Jupiter publishes for tokens under a day old \(its docs' fee table\)\. Don't approve it/,
    );
  });
});
