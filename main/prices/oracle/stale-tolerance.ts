/**
 * How far a stale Pyth price may be from today's (issue 32): a feed that stopped publishing
 * still says where the market was, and a price the swap service claims can be judged against it
 * with a band that widens as the price ages, instead of falling back to the service's word.
 *
 * The curve: the feed's own confidence (its uncertainty when published) plus 20 basis points
 * per square root of a second of age. Prices drift as a random walk, whose spread grows with the
 * square root of time; SOL's annual volatility of 60–100% is about 0.011–0.018% per √s
 * (0.8 / √31,536,000 ≈ 0.014%), BONK's and WIF's of ~150% about 0.027%. 0.2% per √s is roughly
 * fourteen of SOL's standard deviations and seven of a memecoin's: an honest trade at a fair
 * price stays inside it, fat tails included. Ages and what the band is then:
 *
 *   60 s → 1.6%   5 min → 3.5%   1 h → 12%   6 h → 29.4%
 *
 * So a five-minute-old SOL price, with the value rule's 5% on top, still shows a 40% lie. Past
 * six hours the band would hide a 30% lie, and a price that old is no evidence at all
 * (`MAX_STALE_SECONDS`).
 */

/** The band's growth: basis points per square root of a second of age. */
export const DRIFT_BPS_PER_SQRT_SECOND = 20n;

/** A price older than this (6 h) is no evidence: the band would be wider than 29%. */
export const MAX_STALE_SECONDS = 6 * 60 * 60;

/** ⌊√n⌋ for a non-negative bigint (Newton's method). */
export function isqrt(n: bigint): bigint {
  if (n < 2n) return n;
  let x = n;
  let y = (x + 1n) / 2n;
  while (y < x) {
    x = y;
    y = (x + n / x) / 2n;
  }
  return x;
}

/**
 * The band, in basis points, around a price `ageSeconds` old whose confidence was
 * `confidenceBps` of it when published; null when the price is too old to be evidence.
 * @example staleToleranceBps(300, 5n) // 351n: 0.05% + 20 × √300
 */
export function staleToleranceBps(ageSeconds: number, confidenceBps: bigint): bigint | null {
  if (!Number.isSafeInteger(ageSeconds) || ageSeconds < 0) return null;
  if (ageSeconds > MAX_STALE_SECONDS) return null;
  // √age to a hundredth, so that short ages are not rounded to whole seconds' roots.
  const rootHundredths = isqrt(BigInt(ageSeconds) * 10_000n);
  return confidenceBps + (DRIFT_BPS_PER_SQRT_SECOND * rootHundredths) / 100n;
}
