/**
 * balances.get: SOL and every token account of an address, with token symbols from the
 * sandbox's token list when on the sandbox (other networks: symbols stay null until a token
 * list is configured).
 */
import type { HandlerGroup } from '../bridge/handler-types';
import type { LedgerClient } from '../ledger/ledger-client';
import type { SandboxServices } from '../network/sandbox-services';

/** Handlers of the `balances.*` methods. */
export function createBalanceHandlers(options: {
  ledger: LedgerClient;
  sandbox: SandboxServices | null;
}): HandlerGroup<'balances.get'> {
  const { ledger, sandbox } = options;
  return {
    'balances.get': async ({ address }) => {
      const balances = await ledger.getBalances(address);
      if (!sandbox || balances.tokens.length === 0) return balances;
      // The list is a label source only: when it cannot be read the balances still show.
      const list = await sandbox.listTokens().catch(() => []);
      const symbols = new Map(list.map((token) => [token.mint, token.symbol]));
      return {
        ...balances,
        tokens: balances.tokens.map((token) => ({
          ...token,
          symbol: symbols.get(token.mint) ?? token.symbol,
        })),
      };
    },
  };
}
