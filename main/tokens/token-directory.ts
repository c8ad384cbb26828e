/**
 * "Which token is this": symbol, name, decimals, token program, logo, verified or not (issue
 * 11). On every network it asks the swap API host's Tokens API v2 (`/tokens/v2/tag?query=
 * verified` for the list, `/tokens/v2/search?query=` for a search or a set of mints), which on
 * the sandbox is the sandbox's own (main/sandbox/market-data). Answers are cached in a file of
 * the network with their age; when the API cannot be reached, the cache answers, and without a
 * cache the bundled list (resources/tokens/mainnet.json, well-known tokens, verified).
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { writeFileAtomic } from '../storage/atomic-file';
import { getJson, MarketDataUnavailable, MAX_LIST_BYTES, type MarketHttpDeps } from './market-http';
import { parseTokenEntries, type DirectoryToken } from './token-entry';
import { matchTokens } from '../shared/token-match';
import { symbolSkeleton } from '../shared/symbol-skeleton';

export interface TokenDirectoryDeps extends MarketHttpDeps {
  now: () => number;
  /** The cache file of this network. */
  cacheFile: string;
  /** The offline fallback. */
  bundled: readonly DirectoryToken[];
  /** The verified list is asked again after this long; default 6 hours. */
  listMaxAgeMs?: number;
}

/** Where an answer came from, and when that source was filled. */
export interface DirectoryAnswer {
  tokens: DirectoryToken[];
  source: 'api' | 'cache' | 'bundled';
  /** When the list was fetched from the API (ms since epoch); null for the bundled list. */
  fetchedAt: number | null;
}

/** Tokens seen in searches and lookups kept in the cache file (newest kept). */
const MAX_SEEN = 500;
const MINTS_PER_LOOKUP = 100;

const tokenSchema = z.object({
  mint: z.string(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.number().int(),
  tokenProgram: z.string().nullable(),
  logoUri: z.string().nullable(),
  verified: z.boolean(),
  tags: z.array(z.string()),
  // A cache written before the wallet read first pools: their age unknown (read as older).
  firstPoolAt: z
    .number()
    .nullish()
    .transform((at) => at ?? null),
});
const cacheSchema = z.object({
  version: z.literal(1),
  verified: z.object({ fetchedAt: z.number(), tokens: z.array(tokenSchema) }).nullable(),
  seen: z.array(tokenSchema),
});
type CacheFile = z.infer<typeof cacheSchema>;

export interface TokenDirectory {
  /** The verified list (picker's default list). */
  list(): Promise<DirectoryAnswer>;
  /** Tokens matching a symbol, name or mint (the picker's search). */
  search(query: string): Promise<DirectoryAnswer>;
  /** What the directory knows of each mint (absent: nobody lists it). */
  get(mints: readonly string[]): Promise<Map<string, DirectoryToken>>;
  /**
   * Verified tokens, other than `mint`, whose symbol reads the same as `symbol` (see
   * symbol-skeleton.ts): what an unverified token may be imitating. Known offline only (the
   * bundled list and the cache), so a review never waits for the verified list to download.
   */
  namesakes(mint: string, symbol: string): Promise<DirectoryToken[]>;
}

export function createTokenDirectory(deps: TokenDirectoryDeps): TokenDirectory {
  const maxAge = deps.listMaxAgeMs ?? 6 * 60 * 60 * 1000;
  let cache: CacheFile | null = null;
  /** known()'s answer until the cache changes: logos and balances ask for mints one by one. */
  let knownByMint: Map<string, DirectoryToken> | null = null;
  /** Verified tokens by symbol skeleton, built from known() once per cache change. */
  let verifiedBySkeleton: Map<string, DirectoryToken[]> | null = null;
  let pendingList: Promise<DirectoryAnswer> | null = null;

  async function readCache(): Promise<CacheFile> {
    if (cache) return cache;
    try {
      cache = cacheSchema.parse(JSON.parse(await readFile(deps.cacheFile, 'utf8')));
    } catch {
      // Missing or damaged: a cache only saves requests, so it starts again empty.
      cache = { version: 1, verified: null, seen: [] };
    }
    return cache;
  }

  async function remember(update: (file: CacheFile) => CacheFile): Promise<void> {
    cache = update(await readCache());
    knownByMint = null;
    verifiedBySkeleton = null;
    await writeFileAtomic(deps.cacheFile, JSON.stringify(cache)).catch(() => undefined);
  }

  const addSeen = (file: CacheFile, tokens: readonly DirectoryToken[]): CacheFile => {
    const mints = new Set(tokens.map((token) => token.mint));
    const seen = [...file.seen.filter((token) => !mints.has(token.mint)), ...tokens];
    return { ...file, seen: seen.slice(-MAX_SEEN) };
  };

  /** Everything known offline by mint; the verified list wins over older sightings. */
  async function known(): Promise<Map<string, DirectoryToken>> {
    if (knownByMint) return knownByMint;
    const file = await readCache();
    const byMint = new Map<string, DirectoryToken>();
    for (const token of [...deps.bundled, ...file.seen, ...(file.verified?.tokens ?? [])]) {
      byMint.set(token.mint, token);
    }
    knownByMint = byMint;
    return byMint;
  }

  async function fetchList(): Promise<DirectoryAnswer> {
    const file = await readCache();
    const cached = file.verified
      ? {
          tokens: file.verified.tokens,
          source: 'cache' as const,
          fetchedAt: file.verified.fetchedAt,
        }
      : null;
    if (cached && deps.now() - cached.fetchedAt < maxAge) return cached;
    try {
      const tokens = parseTokenEntries(
        await getJson(deps, '/tokens/v2/tag', { query: 'verified' }, MAX_LIST_BYTES),
      );
      if (tokens.length === 0) throw new MarketDataUnavailable('the verified list was empty');
      const fetchedAt = deps.now();
      await remember((f) => ({ ...f, verified: { fetchedAt, tokens } }));
      return { tokens, source: 'api', fetchedAt };
    } catch {
      return cached ?? { tokens: [...deps.bundled], source: 'bundled', fetchedAt: null };
    }
  }

  function list(): Promise<DirectoryAnswer> {
    // One request however many screens ask at once.
    pendingList ??= fetchList().finally(() => (pendingList = null));
    return pendingList;
  }

  return {
    list,

    async search(query) {
      const text = query.trim();
      if (text === '') return list();
      try {
        const tokens = parseTokenEntries(await getJson(deps, '/tokens/v2/search', { query: text }));
        const fetchedAt = deps.now();
        await remember((file) => addSeen(file, tokens));
        return { tokens, source: 'api', fetchedAt };
      } catch {
        const file = await readCache();
        return {
          tokens: matchTokens([...(await known()).values()], text),
          source: file.verified || file.seen.length > 0 ? 'cache' : 'bundled',
          fetchedAt: file.verified?.fetchedAt ?? null,
        };
      }
    },

    async get(mints) {
      const wanted = [...new Set(mints)];
      const byMint = await known();
      const found = new Map<string, DirectoryToken>();
      for (const mint of wanted) {
        const token = byMint.get(mint);
        if (token) found.set(mint, token);
      }
      const missing = wanted.filter((mint) => !found.has(mint));
      for (let at = 0; at < missing.length; at += MINTS_PER_LOOKUP) {
        const batch = missing.slice(at, at + MINTS_PER_LOOKUP);
        try {
          const tokens = parseTokenEntries(
            await getJson(deps, '/tokens/v2/search', { query: batch.join(',') }),
          ).filter((token) => batch.includes(token.mint));
          await remember((file) => addSeen(file, tokens));
          for (const token of tokens) found.set(token.mint, token);
        } catch {
          break; // offline: what is known is the answer
        }
      }
      return found;
    },

    async namesakes(mint, symbol) {
      const skeleton = symbolSkeleton(symbol);
      if (skeleton === '') return [];
      if (!verifiedBySkeleton) {
        const index = new Map<string, DirectoryToken[]>();
        for (const token of (await known()).values()) {
          if (!token.verified) continue;
          const key = symbolSkeleton(token.symbol);
          const same = index.get(key);
          if (same) same.push(token);
          else index.set(key, [token]);
        }
        verifiedBySkeleton = index;
      }
      return (verifiedBySkeleton.get(skeleton) ?? []).filter((token) => token.mint !== mint);
    },
  };
}
