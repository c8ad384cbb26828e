/**
 * How a route's bound is shared over the legs of one split hop. Each leg's program checks only
 * its own bound, so what the legs guarantee together is the sum of their bounds: the shares
 * must add up to at least the person's minimum (ExactIn) and at most their maximum (ExactOut).
 * Rounding every share down, as before, let three or more legs sum to a unit or two below the
 * minimum, and the review rightly refused the transaction.
 */

/**
 * The share `part/whole` of `amount`, rounded up: an ExactIn leg's minimum output. The legs'
 * minimums sum to at least `amount`, and none exceeds its own `part` while `amount <= whole`.
 */
export function minimumShare(amount: bigint, part: bigint, whole: bigint): bigint {
  if (whole === 0n) return amount;
  return (amount * part + whole - 1n) / whole;
}

/**
 * The share `part/whole` of `amount`, rounded down: an ExactOut leg's maximum input. The legs'
 * maximums sum to at most `amount`.
 */
export function maximumShare(amount: bigint, part: bigint, whole: bigint): bigint {
  return whole === 0n ? amount : (amount * part) / whole;
}
