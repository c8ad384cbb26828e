/**
 * How a typed query matches tokens, shared by main's directory search and the renderer's picker
 * so both rank alike: an exact symbol or mint first, then symbols that start with the query,
 * then symbols or names that contain it. Within each rank verified tokens come first, so a
 * look-alike never ranks above the token it imitates; otherwise the list's order is kept.
 */
export interface MatchableToken {
  mint: string;
  symbol: string | null;
  name: string | null;
  verified: boolean;
}

const NO_MATCH = 3;

function rank(token: MatchableToken, query: string): number {
  const symbol = token.symbol?.toLowerCase() ?? '';
  if (symbol === query || token.mint.toLowerCase() === query) return 0;
  if (symbol.startsWith(query)) return 1;
  if (symbol.includes(query) || (token.name?.toLowerCase() ?? '').includes(query)) return 2;
  return NO_MATCH;
}

/** The tokens that match the query, best first; every token when the query is blank. */
export function matchTokens<T extends MatchableToken>(tokens: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (q === '') return [...tokens];
  return tokens
    .map((token) => ({ token, rank: rank(token, q) }))
    .filter((entry) => entry.rank < NO_MATCH)
    .sort((a, b) => a.rank - b.rank || Number(b.token.verified) - Number(a.token.verified))
    .map((entry) => entry.token);
}
