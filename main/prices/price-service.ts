/**
 * USD prices for the screens and the review (issue 11): the swap API host's Price API v3
 * (`GET /price/v3?ids=`, same optional API key), which on the sandbox is the sandbox's, derived
 * from its pools. Each price carries when it was fetched; a price is asked again after 30 s,
 * kept when a refresh fails, and called stale once it is more than a minute old. A mint with no
 * price is reported as missing, never as zero.
 *
 * Bounded (issue 36, goal 3): at most `maxMints` mints are remembered, the least recently asked
 * for forgotten first (as price-memory.ts bounds its tokens); a forgotten mint is simply asked
 * again the next time a screen wants it.
 */
import type { PriceView } from '../../preload/api-types';
import { getText, type MarketHttpDeps } from '../tokens/market-http';
import { parsePriceAnswer } from './price-answer';
import { isStale } from '../shared/price-age';
import type { PriceMemory } from './price-memory';

export interface PriceServiceDeps extends MarketHttpDeps {
  now: () => number;
  /** Ask again after this long; default 30 s. */
  refreshMs?: number;
  /** Where every price answered is remembered, for the review to weigh later (issue 32). */
  memory?: PriceMemory;
  /** How many mints to remember (prices and ask times); default 1,000. */
  maxMints?: number;
}

const IDS_PER_REQUEST = 50;

export interface PriceService {
  /** The price of each mint (every mint asked has an entry). */
  prices(mints: readonly string[]): Promise<Record<string, PriceView>>;
}

/** The service's own cache, bounded: `size()` says how many mints it remembers. */
export interface CachingPriceService extends PriceService {
  /** How many mints are remembered (for the bound's test). */
  size(): number;
}

export function createPriceService(deps: PriceServiceDeps): CachingPriceService {
  const refreshMs = deps.refreshMs ?? 30_000;
  const maxMints = deps.maxMints ?? 1_000;
  const known = new Map<string, { usdPrice: string; fetchedAt: number }>();
  /**
   * When each mint was last asked for, answered or not: an unreachable API, or a mint the API
   * does not price, is not asked again on every call. Insertion order is recency: a mint a
   * caller wants moves to the end, and the first ones are forgotten past `maxMints`.
   */
  const asked = new Map<string, number>();

  function touch(mint: string): void {
    const at = asked.get(mint);
    if (at === undefined) return;
    asked.delete(mint);
    asked.set(mint, at);
  }

  /** Forgets the least recently wanted mints past the bound (their prices with them). */
  function trim(): void {
    while (asked.size > maxMints) {
      const oldest = asked.keys().next().value;
      if (oldest === undefined) break;
      asked.delete(oldest);
      known.delete(oldest);
    }
  }

  async function refresh(mints: string[]): Promise<void> {
    for (let at = 0; at < mints.length; at += IDS_PER_REQUEST) {
      const batch = mints.slice(at, at + IDS_PER_REQUEST);
      const askedAt = deps.now();
      for (const mint of batch) asked.set(mint, askedAt);
      let answer: Map<string, string>;
      try {
        answer = parsePriceAnswer(await getText(deps, '/price/v3', { ids: batch.join(',') }));
      } catch {
        return; // unreachable or unreadable: the prices kept so far age
      }
      for (const mint of batch) {
        const usdPrice = answer.get(mint);
        if (usdPrice !== undefined) {
          known.set(mint, { usdPrice, fetchedAt: askedAt });
          deps.memory?.record(mint, usdPrice, askedAt);
        } else known.delete(mint); // the API no longer prices it: better none than an old one
      }
    }
  }

  return {
    async prices(mints) {
      const wanted = [...new Set(mints)];
      const now = deps.now();
      const due = wanted.filter((mint) => now - (asked.get(mint) ?? -Infinity) >= refreshMs);
      if (due.length > 0) await refresh(due);
      const answer: Record<string, PriceView> = {};
      const at = deps.now();
      for (const mint of wanted) {
        const entry = known.get(mint);
        answer[mint] = entry
          ? {
              usdPrice: entry.usdPrice,
              asOf: entry.fetchedAt,
              status: isStale(entry.fetchedAt, at) ? 'stale' : 'fresh',
            }
          : { usdPrice: null, asOf: null, status: 'missing' };
        touch(mint);
      }
      // After the answer is made: one call asking for more than the bound still gets them all.
      trim();
      return answer;
    },
    size: () => asked.size,
  };
}
