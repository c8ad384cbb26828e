/**
 * The sandbox's tokens in the shape of the Tokens API v2 (`GET /tokens/v2/search`, `GET
 * /tokens/v2/tag`), the fields a wallet reads: id, name, symbol, icon, decimals, tokenProgram,
 * isVerified, tags, audit, firstPool (first-pools.ts), usdPrice, updatedAt. Search follows the documented rules: a
 * comma-separated list of mints answers exactly those mints; any other text matches symbol,
 * name or mint, at most 20 answers.
 */
import type { SandboxToken } from '../tokens';
import { firstPoolEntry } from './first-pools';

export interface TokenEntry {
  id: string;
  name: string;
  symbol: string;
  icon: string;
  decimals: number;
  tokenProgram: string;
  isVerified: boolean;
  tags: string[];
  organicScore: number;
  organicScoreLabel: 'high' | 'medium' | 'low';
  audit: { mintAuthorityDisabled: boolean; freezeAuthorityDisabled: boolean };
  /** When its first pool was created (the wallet reads its age for Jupiter's fee table). */
  firstPool?: { id: string; createdAt: string };
  usdPrice?: number;
  updatedAt: string;
}

const LST = new Set(['mSOL', 'JitoSOL']);
const SEARCH_LIMIT = 20;
const MINT_LIST = /^[1-9A-HJ-NP-Za-km-z]{32,44}(,[1-9A-HJ-NP-Za-km-z]{32,44})*$/;

export function tokenEntry(
  token: SandboxToken,
  origin: string,
  usdPrice: number | undefined,
  now: Date,
): TokenEntry {
  const firstPool = firstPoolEntry(token);
  const tags = token.verified ? ['verified', ...(LST.has(token.symbol) ? ['lst'] : [])] : [];
  return {
    id: token.mint,
    name: token.name,
    symbol: token.symbol,
    icon:
      token.symbol === 'UNVR'
        ? `${origin}/sandbox/logos/UNVR.svg`
        : `${origin}/sandbox/logos/${encodeURIComponent(token.symbol)}.png`,
    decimals: token.decimals,
    tokenProgram: token.tokenProgram,
    isVerified: token.verified,
    tags,
    organicScore: token.verified ? 90 : 5,
    organicScoreLabel: token.verified ? 'high' : 'low',
    audit: {
      // The sandbox faucet keeps every mint authority (it mints test funds).
      mintAuthorityDisabled: false,
      freezeAuthorityDisabled: !token.traits?.freezeAuthority,
    },
    ...(firstPool ? { firstPool } : {}),
    ...(usdPrice !== undefined ? { usdPrice } : {}),
    updatedAt: now.toISOString(),
  };
}

/** The tokens a search text matches, in the order the API documents. */
export function searchTokens(tokens: readonly SandboxToken[], query: string): SandboxToken[] {
  const text = query.trim();
  if (MINT_LIST.test(text)) {
    const mints = text.split(',');
    return mints.flatMap((mint) => tokens.filter((token) => token.mint === mint));
  }
  const q = text.toLowerCase();
  if (q === '') return [];
  const exact = tokens.filter((token) => token.symbol.toLowerCase() === q);
  const partial = tokens.filter(
    (token) =>
      !exact.includes(token) &&
      (token.symbol.toLowerCase().includes(q) ||
        token.name.toLowerCase().includes(q) ||
        token.mint.toLowerCase() === q),
  );
  return [...exact, ...partial].slice(0, SEARCH_LIMIT);
}

/** The tokens of a tag (`verified`, `lst`); an unknown tag has none. */
export function taggedTokens(tokens: readonly SandboxToken[], tag: string): SandboxToken[] {
  if (tag === 'verified') return tokens.filter((token) => token.verified);
  if (tag === 'lst') return tokens.filter((token) => LST.has(token.symbol));
  return [];
}
