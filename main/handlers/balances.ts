/**
 * balances.get: SOL and every token account of an address, each token named and marked
 * verified or not by the token directory (issue 11). The directory is a label source only:
 * when it cannot answer, the balances still show. A held token the directory does not know is
 * named from the chain where its creator wrote a name (token metadata, issue 18), and stays
 * unverified; otherwise it is left unnamed (the page shows its short mint).
 */
import type { HandlerGroup } from '../bridge/handler-types';
import type { LedgerClient } from '../ledger/ledger-client';
import type { TokenLabeler } from '../tokens/token-labels';

/** Handlers of the `balances.*` methods. */
export function createBalanceHandlers(options: {
  ledger: LedgerClient;
  /** Names mints as Activity does (main/tokens/token-labels.ts). */
  labeler: TokenLabeler;
}): HandlerGroup<'balances.get'> {
  const { ledger, labeler } = options;

  return {
    'balances.get': async ({ address }) => {
      const balances = await ledger.getBalances(address);
      if (balances.tokens.length === 0) return balances;
      const decimals = new Map(balances.tokens.map((token) => [token.mint, token.decimals]));
      const labels = await labeler.labels([...decimals.keys()], decimals);
      return {
        ...balances,
        tokens: balances.tokens.map((token) => {
          const label = labels.get(token.mint);
          return {
            ...token,
            symbol: label?.symbol ?? token.symbol,
            name: label?.name ?? null,
            verified: label?.verified ?? false,
          };
        }),
      };
    },
  };
}
