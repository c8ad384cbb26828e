/**
 * What the swap service priced each token at earlier (issue 32, point 4). For a token with no
 * Pyth feed and no pool the wallet can read, the service's price is the only one there is; the
 * one check left is the service against itself over time. A service that starts lying (its
 * price API and its route both 40% under the market) still contradicts the prices it answered
 * an hour before, which the wallet remembers here, and the review weighs (trade-value.ts).
 *
 * Bounded: at most `maxMints` tokens (the least recently priced forgotten first), at most
 * `samplesPerMint` prices each, at least `spacingMs` apart, none older than `windowMs`. The
 * oldest sample in the window is kept when the list is full: it is the one a slow lie has not
 * reached yet.
 */

/** A price the service answered, per whole token (exact decimal text), and when. */
export interface RememberedPrice {
  usdPrice: string;
  at: number;
}

export interface PriceMemory {
  /** Note the service's price of `mint` at `at` (ms). */
  record(mint: string, usdPrice: string, at: number): void;
  /** The prices remembered for `mint` within the window before `now`, oldest first. */
  earlier(mint: string, now: number): RememberedPrice[];
  /** How many tokens are remembered (for the bound's test). */
  size(): number;
}

export interface PriceMemoryOptions {
  maxMints?: number;
  samplesPerMint?: number;
  spacingMs?: number;
  windowMs?: number;
}

const DAY_MS = 86_400_000;

export function createPriceMemory(options: PriceMemoryOptions = {}): PriceMemory {
  const maxMints = options.maxMints ?? 1_000;
  const samplesPerMint = options.samplesPerMint ?? 16;
  const spacingMs = options.spacingMs ?? 5 * 60_000;
  const windowMs = options.windowMs ?? DAY_MS;
  // Insertion order is recency: a mint priced again moves to the end.
  const byMint = new Map<string, RememberedPrice[]>();

  const recent = (samples: RememberedPrice[], now: number) =>
    samples.filter((s) => now - s.at <= windowMs && s.at <= now);

  return {
    record(mint, usdPrice, at) {
      const samples = recent(byMint.get(mint) ?? [], at);
      const last = samples[samples.length - 1];
      if (last && at - last.at < spacingMs) {
        // Within the spacing the newest price replaces the last one: the list keeps its span.
        if (samples.length > 1) samples[samples.length - 1] = { usdPrice, at };
        else samples.push({ usdPrice, at });
      } else {
        samples.push({ usdPrice, at });
      }
      // Full: drop the second oldest, keeping the oldest and the newest.
      while (samples.length > samplesPerMint) samples.splice(1, 1);
      byMint.delete(mint);
      byMint.set(mint, samples);
      while (byMint.size > maxMints) {
        const oldest = byMint.keys().next().value;
        if (oldest === undefined) break;
        byMint.delete(oldest);
      }
    },
    earlier(mint, now) {
      return recent(byMint.get(mint) ?? [], now);
    },
    size: () => byMint.size,
  };
}
