/**
 * Properties both venues must have, over random pools and amounts: no round trip returns more
 * than it took, output grows with input, and an ExactOut quote's input swapped ExactIn yields
 * the requested output (within a unit on CP-Swap, whose trade fee rounds up both ways).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { swapExactIn, swapExactOut } from './venue-math';
import type { Pool, Reserves, SwapLeg } from './types';
import { syntheticCpPool } from '../cp-swap/synthetic-pool';
import { quoteExactIn } from '../cp-swap/cp-quote';

interface Case {
  pool: Pool;
  reserves: Reserves;
}

const base = { ammKey: 'P', mintA: 'A', mintB: 'B', vaultA: 'VA', vaultB: 'VB' };
const reserve = fc.bigInt({ min: 1_000n, max: 10n ** 18n });
const fee = fc.integer({ min: 0, max: 100 });

const cpCase = fc.record({ a: reserve, b: reserve, fee }).map(({ a, b, fee: feeBps }): Case => ({
  pool: {
    ...base,
    label: 'Sandbox Market Maker',
    feeBps,
    curve: { kind: 'constant-product' },
  },
  reserves: { a, b },
}));

const cpSwapCase = fc
  .record({ a: reserve, b: reserve, rate: fc.bigInt({ min: 0n, max: 100_000n }) })
  .map(({ a, b, rate }): Case => {
    const { pool, reserves } = syntheticCpPool({
      address: 'P',
      mint0: 'A',
      mint1: 'B',
      reserve0: a,
      reserve1: b,
      tradeFeeRate: rate,
    });
    return { pool, reserves };
  });

const anyCase = fc.oneof(cpCase, cpSwapCase);

/** The pool after a leg: vaults moved, and on CP-Swap the protocol and fund fees accrued. */
function applyLeg(c: Case, inMint: string, leg: SwapLeg): Reserves {
  const aToB = inMint === 'A';
  const cp = c.reserves.cp;
  if (cp === undefined) {
    return aToB
      ? { a: c.reserves.a + leg.amountIn, b: c.reserves.b - leg.amountOut }
      : { a: c.reserves.a - leg.amountOut, b: c.reserves.b + leg.amountIn };
  }
  const quote = quoteExactIn(cp, aToB, leg.amountIn)!;
  const accrued = quote.protocolFee;
  const fund = quote.fundFee;
  const state = { ...cp.state };
  if (aToB) {
    state.protocolFeesToken0 += accrued;
    state.fundFeesToken0 += fund;
  } else {
    state.protocolFeesToken1 += accrued;
    state.fundFeesToken1 += fund;
  }
  const vault0 = aToB ? cp.vault0 + quote.vaultInDelta : cp.vault0 - quote.vaultOutDelta;
  const vault1 = aToB ? cp.vault1 - quote.vaultOutDelta : cp.vault1 + quote.vaultInDelta;
  return { a: vault0, b: vault1, cp: { ...cp, state, vault0, vault1 } };
}

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
        const after = applyLeg(c, inMint, there);
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

  it("an ExactOut quote's input, swapped ExactIn, yields the amount (CP-Swap: less a unit)", () => {
    fc.assert(
      fc.property(anyCase, direction, fraction, (c, aToB, ppm) => {
        const inMint = aToB ? 'A' : 'B';
        const reserveOut = aToB ? c.reserves.b : c.reserves.a;
        const want = (reserveOut * BigInt(ppm)) / 1_000_000n + 1n;
        const quote = swapExactOut(c.pool, c.reserves, inMint, want);
        if (quote === null) return;
        expect(quote.amountOut).toBe(want);
        const swapped = swapExactIn(c.pool, c.reserves, inMint, quote.amountIn);
        expect(swapped).not.toBeNull();
        const slack = c.pool.curve.kind === 'cp-swap' ? 1n : 0n;
        expect(swapped!.amountOut).toBeGreaterThanOrEqual(want - slack);
      }),
      { numRuns: 2_000 },
    );
  });
});
