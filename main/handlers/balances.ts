/**
 * balances.get: SOL and every token account of an address, each token named and marked
 * verified or not by the token directory (issue 11). The directory is a label source only:
 * when it cannot answer, the balances still show, unnamed and unverified.
 */
import type { HandlerGroup } from '../bridge/handler-types';
import type { LedgerClient } from '../ledger/ledger-client';
import type { TokenDirectory } from '../tokens/token-directory';

/** Handlers of the `balances.*` methods. */
export function createBalanceHandlers(options: {
  ledger: LedgerClient;
  directory: Pick<TokenDirectory, 'get'>;
}): HandlerGroup<'balances.get'> {
  const { ledger, directory } = options;
  return {
    'balances.get': async ({ address }) => {
      const balances = await ledger.getBalances(address);
      if (balances.tokens.length === 0) return balances;
      const known = await directory
        .get(balances.tokens.map((token) => token.mint))
        .catch(() => new Map<string, never>());
      return {
        ...balances,
        tokens: balances.tokens.map((token) => {
          const listed = known.get(token.mint);
          return {
            ...token,
            symbol: listed?.symbol ?? token.symbol,
            verified: listed?.verified ?? false,
          };
        }),
      };
    },
  };
}
