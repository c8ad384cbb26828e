/**
 * What every request of the swap API works against: the ledger, the seeded market, the pool
 * graph and the token set, plus a reader of pool reserves that asks the ledger for the vault
 * balances (memoised for one request).
 */
import type { LedgerView } from '../ledger/ledger-view';
import type { Market } from '../pools/seed-market';
import { PoolGraph } from '../router/pool-graph';
import { cachedReserves, type ReservesOf } from '../router/route-types';
import { TOKEN_2022_PROGRAM_ID, type SandboxToken } from '../tokens';

/** The top set of intermediate tokens when `restrictIntermediateTokens` (SOL, USDC, USDT). */
export const TOP_INTERMEDIATE_SYMBOLS = ['SOL', 'USDC', 'USDT'] as const;

export interface MarketContext {
  ledger: LedgerView;
  market: Market;
  graph: PoolGraph;
  tokens: ReadonlyMap<string, SandboxToken>;
  topIntermediates: ReadonlySet<string>;
  isToken2022(mint: string): boolean;
  /** A fresh reserves reader for one request. */
  reservesReader(): ReservesOf;
}

export function createMarketContext(ledger: LedgerView, market: Market): MarketContext {
  const tokens = new Map(market.tokens.map((token) => [token.mint, token]));
  const topIntermediates = new Set(
    market.tokens
      .filter((token) => (TOP_INTERMEDIATE_SYMBOLS as readonly string[]).includes(token.symbol))
      .map((token) => token.mint),
  );
  return {
    ledger,
    market,
    graph: new PoolGraph(market.pools),
    tokens,
    topIntermediates,
    isToken2022: (mint) => tokens.get(mint)?.tokenProgram === TOKEN_2022_PROGRAM_ID,
    reservesReader: () =>
      cachedReserves((pool) => ({
        a: ledger.tokenBalance(pool.vaultA) ?? 0n,
        b: ledger.tokenBalance(pool.vaultB) ?? 0n,
      })),
  };
}
