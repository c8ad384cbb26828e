import { describe, expect, it } from 'vitest';
import { isqrt } from './bigint-math';
import { cpExactIn, cpExactOut } from './constant-product';
import { swapExactIn, swapExactOut } from './venue-math';
import { syntheticCpPool } from '../cp-swap/synthetic-pool';

describe('isqrt', () => {
  it('is the floor of the square root', () => {
    for (const n of [0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n, 10n ** 40n + 12345n]) {
      const r = isqrt(n);
      expect(r * r <= n && (r + 1n) * (r + 1n) > n).toBe(true);
    }
  });
});

describe("the market maker's constant product", () => {
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

describe('CP-Swap pools', () => {
  // 1 000 000 in of 100 000 000 / 200 000 000 at 0.25 %: trade fee ceil(2 500) = 2 500,
  // 997 500 to the curve: floor(997 500 · 200e6 / (100e6 + 997 500)) = 1 975 296.
  const { pool, reserves } = syntheticCpPool({
    address: 'P',
    mint0: 'A',
    mint1: 'B',
    reserve0: 100_000_000n,
    reserve1: 200_000_000n,
    tradeFeeRate: 2_500n,
  });

  it('prices swap_base_input with the trade fee rounded up on the input', () => {
    expect(swapExactIn(pool, reserves, 'A', 1_000_000n)).toEqual({
      amountIn: 1_000_000n,
      amountOut: 1_975_296n,
      feeAmount: 2_500n,
      feeOnInput: true,
    });
    // 1 001 in: the fee 2.5025 rounds up to 3
    expect(swapExactIn(pool, reserves, 'A', 1_001n)!.feeAmount).toBe(3n);
  });

  it('prices swap_base_output rounding the input up', () => {
    const leg = swapExactOut(pool, reserves, 'A', 1_975_296n)!;
    expect(leg.amountOut).toBe(1_975_296n);
    expect(leg.amountIn).toBeLessThanOrEqual(1_000_000n);
    expect(swapExactIn(pool, reserves, 'A', leg.amountIn)!.amountOut).toBeGreaterThanOrEqual(
      1_975_295n,
    );
  });

  it('refuses to empty the pool', () => {
    expect(swapExactOut(pool, reserves, 'A', 200_000_000n)).toBeNull();
    expect(swapExactIn(pool, reserves, 'A', 0n)).toBeNull();
  });
});
