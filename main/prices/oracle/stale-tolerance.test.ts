/** The band around a stale Pyth price (issue 32): the curve's points and its limits. */
import { describe, expect, it } from 'vitest';
import { isqrt, MAX_STALE_SECONDS, staleToleranceBps } from './stale-tolerance';

describe('staleToleranceBps', () => {
  it('widens with the square root of the age, from the feed’s own confidence', () => {
    expect(staleToleranceBps(0, 5n)).toBe(5n);
    expect(staleToleranceBps(60, 5n)).toBe(5n + 154n); // 20 × 7.74
    expect(staleToleranceBps(300, 5n)).toBe(5n + 346n); // 20 × 17.32
    expect(staleToleranceBps(3_600, 0n)).toBe(1_200n);
    expect(staleToleranceBps(4 * 300, 0n)).toBe(2n * staleToleranceBps(300, 0n)!);
  });

  it('leaves a 40% lie visible on a five-minute-old price, with the value rule’s 5% on top', () => {
    const band = staleToleranceBps(300, 5n)!;
    expect(500n + band).toBeLessThan(4_000n);
    expect(500n + staleToleranceBps(MAX_STALE_SECONDS, 5n)!).toBeLessThan(4_000n);
  });

  it('is no evidence past six hours, nor for a nonsense age', () => {
    expect(staleToleranceBps(MAX_STALE_SECONDS + 1, 5n)).toBeNull();
    expect(staleToleranceBps(-1, 5n)).toBeNull();
    expect(staleToleranceBps(Number.NaN, 5n)).toBeNull();
  });

  it('isqrt is the floor of the square root', () => {
    for (const n of [0n, 1n, 2n, 3n, 4n, 15n, 16n, 17n, 10n ** 20n, 10n ** 20n - 1n]) {
      const r = isqrt(n);
      expect(r * r <= n && (r + 1n) * (r + 1n) > n).toBe(true);
    }
  });
});
