/**
 * Integer helpers for the venues' curve math. Everything is bigint so that a quote and the
 * transfers built from it agree to the last base unit.
 */

/** ⌈a / b⌉ for a ≥ 0, b > 0. */
export function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** ⌊√n⌋ by Newton's method. */
export function isqrt(n: bigint): bigint {
  if (n < 0n) throw new RangeError('square root of a negative number');
  if (n < 2n) return n;
  // Start above the root (a power of two from the bit length) so the iteration descends.
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2));
  for (;;) {
    const y = (x + n / x) >> 1n;
    if (y >= x) return x;
    x = y;
  }
}

/** Basis points denominator. */
export const BPS = 10_000n;

/** The fee a venue keeps on `amount` at `feeBps`, rounded up (in the pool's favour). */
export function feeOn(amount: bigint, feeBps: number): bigint {
  return ceilDiv(amount * BigInt(feeBps), BPS);
}
