import { describe, expect, it } from 'vitest';
import { isqrt } from './bigint-math';
import { concentratedPosition, sqrtPriceX64 } from './concentrated';
import { cpExactIn, cpExactOut } from './constant-product';
import { stableExactIn, stableInvariant } from './stable-swap';
import { swapExactIn, swapExactOut } from './venue-math';
import type { Pool, StableSwapCurve } from './types';

const Q64 = 1n << 64n;

describe('isqrt', () => {
  it('is the floor of the square root', () => {
    for (const n of [0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n, 10n ** 40n + 12345n]) {
      const r = isqrt(n);
      expect(r * r <= n && (r + 1n) * (r + 1n) > n).toBe(true);
    }
  });
});

describe('constant product', () => {
  it('matches the textbook formula with a 0.25% fee on the input', () => {
    // 1 000 000 in of 100 000 000 / 200 000 000: net 997 500 -> 200e6·997500/(100e6+997500)
    const leg = cpExactIn(100_000_000n, 200_000_000n, 1_000_000n, 25);
    expect(leg).toEqual({
      amountIn: 1_000_000n,
      amountOut: 1_975_296n,
      feeAmount: 2_500n,
      feeOnInput: true,
    });
  });

  it('exact-out asks for an input that yields at least the output', () => {
    const leg = cpExactOut(100_000_000n, 200_000_000n, 1_975_296n, 25);
    expect(leg).not.toBeNull();
    expect(
      cpExactIn(100_000_000n, 200_000_000n, leg!.amountIn, 25)!.amountOut,
    ).toBeGreaterThanOrEqual(1_975_296n);
    expect(leg!.amountIn).toBeLessThanOrEqual(1_000_000n);
  });

  it('refuses to empty the pool', () => {
    expect(cpExactOut(1_000n, 1_000n, 1_000n, 25)).toBeNull();
    expect(cpExactIn(1_000n, 1_000n, 0n, 25)).toBeNull();
  });
});

describe('concentrated liquidity', () => {
  // SOL/USDC in base units: 150 USDC per SOL = 150e6 / 1e9 = 0.15.
  const sqrt = (p: number) => sqrtPriceX64(BigInt(Math.round(p * 1e6)), 1_000_000n);
  const position = concentratedPosition(1_000n * 10n ** 9n, sqrt(0.15), sqrt(0.12), sqrt(0.19));
  const reserves = { a: 1_000n * 10n ** 9n, b: position.amountB };

  it('seeds the position on its curve: (x + L/√pb)(y + L√pa) = L²', () => {
    const { liquidity, virtualA, virtualB } = position.curve;
    const k = (reserves.a + virtualA) * (reserves.b + virtualB);
    const l2 = liquidity * liquidity;
    // equal up to the rounding of the seeding divisions
    expect(Number(k - l2) / Number(l2)).toBeLessThan(1e-9);
    // and the marginal price is the seed price
    const price = Number(reserves.b + virtualB) / Number(reserves.a + virtualA);
    expect(price).toBeCloseTo(0.15, 6);
  });

  it('gives more than a constant-product pool with the same real reserves (deeper liquidity)', () => {
    const amount = 10n * 10n ** 9n;
    const cl = swapExactIn(clPool(position.curve), reserves, 'A', amount)!;
    const cp = cpExactIn(reserves.a, reserves.b, amount, 4)!;
    expect(cl.amountOut).toBeGreaterThan(cp.amountOut);
    // close to the spot price 150 USDC/SOL minus 4 bps
    expect(Number(cl.amountOut) / 10 / 1e6).toBeGreaterThan(149.5);
  });

  it('refuses an amount that would cross the top or bottom of the range', () => {
    const pool = clPool(position.curve);
    expect(swapExactOut(pool, reserves, 'A', reserves.b + 1n)).toBeNull();
    expect(swapExactIn(pool, reserves, 'B', 10n ** 15n)).toBeNull();
    // just selling all the USDC side needs less SOL than the whole range of SOL
    expect(swapExactOut(pool, reserves, 'A', reserves.b - 1n)).not.toBeNull();
  });

  it('derives the range from the Q64.64 bounds', () => {
    expect(
      Number((position.curve.sqrtPriceLowerX64 * position.curve.sqrtPriceLowerX64) / Q64) /
        Number(Q64),
    ).toBeCloseTo(0.12, 9);
  });
});

describe('stable swap', () => {
  const curve: StableSwapCurve = {
    kind: 'stable-swap',
    amplification: 200n,
    precisionA: 1n,
    precisionB: 1n,
  };
  const reserves = { a: 5_000_000n * 10n ** 6n, b: 5_000_000n * 10n ** 6n };

  it('keeps the invariant D = x + y for a balanced pool', () => {
    expect(stableInvariant(reserves.a, reserves.b, 200n)).toBe(reserves.a + reserves.b);
  });

  it('trades near 1:1 for sizes well inside the pool, fee on the output', () => {
    const leg = stableExactIn(curve, reserves, true, 100_000n * 10n ** 6n, 1)!;
    expect(leg.feeOnInput).toBe(false);
    const rate = Number(leg.amountOut) / 1e11;
    expect(rate).toBeGreaterThan(0.9985);
    expect(rate).toBeLessThan(0.9999);
  });

  it('gets much worse than 1:1 when the pool runs dry', () => {
    const leg = stableExactIn(curve, reserves, true, 50_000_000n * 10n ** 6n, 1)!;
    expect(leg.amountOut).toBeLessThan(reserves.b);
    expect(Number(leg.amountOut) / 5e13).toBeLessThan(0.11);
  });

  it('serves no ExactOut', () => {
    const pool: Pool = { ...clPool(position0()), curve };
    expect(swapExactOut(pool, reserves, 'A', 1_000n)).toBeNull();
  });
});

function position0() {
  return concentratedPosition(1_000n, 2n * Q64, Q64, 3n * Q64).curve;
}

function clPool(curve: Pool['curve']): Pool {
  return {
    ammKey: 'P',
    label: 'Whirlpool',
    mintA: 'A',
    mintB: 'B',
    vaultA: 'VA',
    vaultB: 'VB',
    feeBps: 4,
    curve,
  };
}
