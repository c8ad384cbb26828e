/**
 * Properties every venue must have, over random pools and amounts: no round trip returns more
 * than it took, output grows with input, and an ExactOut quote's input swapped ExactIn yields
 * at least the requested output.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concentratedPosition } from './concentrated';
import { applyLeg, swapExactIn, swapExactOut } from './venue-math';
import type { Pool, Reserves } from './types';

const Q64 = 1n << 64n;

interface Case {
  pool: Pool;
  reserves: Reserves;
}

const base = { ammKey: 'P', mintA: 'A', mintB: 'B', vaultA: 'VA', vaultB: 'VB' };
const reserve = fc.bigInt({ min: 1_000n, max: 10n ** 18n });
const fee = fc.integer({ min: 0, max: 100 });

const cpCase = fc.record({ a: reserve, b: reserve, fee }).map(({ a, b, fee: feeBps }): Case => ({
  pool: { ...base, label: 'Raydium CPMM', feeBps, curve: { kind: 'constant-product' } },
  reserves: { a, b },
}));

// A position around price p = num/den with a range of ±(1..60)%.
const clCase = fc
  .record({
    amountA: fc.bigInt({ min: 10_000n, max: 10n ** 15n }),
    num: fc.bigInt({ min: 1n, max: 10n ** 6n }),
    den: fc.bigInt({ min: 1n, max: 10n ** 6n }),
    width: fc.integer({ min: 1, max: 60 }),
    fee,
  })
  .map(({ amountA, num, den, width, fee: feeBps }): Case => {
    const sqrtP = (num * Q64) / den;
    const lower = (sqrtP * BigInt(100 - width)) / 100n;
    const upper = (sqrtP * BigInt(100 + width)) / 100n;
    const position = concentratedPosition(amountA, sqrtP, lower, upper);
    return {
      pool: { ...base, label: 'Whirlpool', feeBps, curve: position.curve },
      reserves: { a: amountA, b: position.amountB },
    };
  });

const stableCase = fc
  .record({
    a: reserve,
    skew: fc.integer({ min: 50, max: 200 }),
    amp: fc.integer({ min: 1, max: 5000 }),
    fee,
  })
  .map(({ a, skew, amp, fee: feeBps }): Case => ({
    pool: {
      ...base,
      label: 'Saber',
      feeBps,
      curve: { kind: 'stable-swap', amplification: BigInt(amp), precisionA: 1n, precisionB: 1n },
    },
    reserves: { a, b: (a * BigInt(skew)) / 100n },
  }));

const anyCase = fc.oneof(cpCase, clCase, stableCase);
const fraction = fc.integer({ min: 1, max: 1_000_000 });
const direction = fc.boolean();

function amountFrom(c: Case, aToB: boolean, partsPerMillion: number): bigint {
  const reserveIn = aToB ? c.reserves.a : c.reserves.b;
  return (reserveIn * BigInt(partsPerMillion)) / 1_000_000n + 1n;
}

describe('venue properties', () => {
  it('a round trip never returns more than it took', () => {
    fc.assert(
      fc.property(anyCase, direction, fraction, (c, aToB, ppm) => {
        const [inMint, outMint] = aToB ? ['A', 'B'] : ['B', 'A'];
        const amount = amountFrom(c, aToB, ppm);
        const there = swapExactIn(c.pool, c.reserves, inMint, amount);
        if (there === null) return;
        const after = applyLeg(c.pool, c.reserves, inMint, there);
        const back = swapExactIn(c.pool, after, outMint, there.amountOut);
        if (back === null) return;
        expect(back.amountOut).toBeLessThanOrEqual(amount);
      }),
      { numRuns: 2_000 },
    );
  });

  it('output grows with input', () => {
    fc.assert(
      fc.property(anyCase, direction, fraction, fraction, (c, aToB, p1, p2) => {
        const inMint = aToB ? 'A' : 'B';
        const [small, large] = [
          amountFrom(c, aToB, Math.min(p1, p2)),
          amountFrom(c, aToB, Math.max(p1, p2)),
        ];
        const a = swapExactIn(c.pool, c.reserves, inMint, small);
        const b = swapExactIn(c.pool, c.reserves, inMint, large);
        if (a === null || b === null) return;
        expect(b.amountOut).toBeGreaterThanOrEqual(a.amountOut);
      }),
      { numRuns: 2_000 },
    );
  });

  it("an ExactOut quote's input, swapped ExactIn, yields at least the amount", () => {
    fc.assert(
      fc.property(fc.oneof(cpCase, clCase), direction, fraction, (c, aToB, ppm) => {
        const inMint = aToB ? 'A' : 'B';
        const reserveOut = aToB ? c.reserves.b : c.reserves.a;
        const want = (reserveOut * BigInt(ppm)) / 1_000_000n + 1n;
        const quote = swapExactOut(c.pool, c.reserves, inMint, want);
        if (quote === null) return;
        expect(quote.amountOut).toBe(want);
        const swapped = swapExactIn(c.pool, c.reserves, inMint, quote.amountIn);
        expect(swapped).not.toBeNull();
        expect(swapped!.amountOut).toBeGreaterThanOrEqual(want);
      }),
      { numRuns: 2_000 },
    );
  });
});
