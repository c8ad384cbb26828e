/**
 * balances.get: SOL and every token account of an address, each token named and marked
 * verified or not by the token directory (issue 11). The directory is a label source only:
 * when it cannot answer, the balances still show. A held token the directory does not know is
 * named from the chain where its creator wrote a name (token metadata, issue 18), and stays
 * unverified; otherwise it is left unnamed (the page shows its short mint).
 */
import type { Connection } from '@solana/web3.js';
import type { HandlerGroup } from '../bridge/handler-types';
import type { LedgerClient } from '../ledger/ledger-client';
import { readChainNames, type ChainName } from '../tokens/chain-names';
import type { TokenDirectory } from '../tokens/token-directory';

/** Handlers of the `balances.*` methods. */
export function createBalanceHandlers(options: {
  ledger: LedgerClient;
  directory: Pick<TokenDirectory, 'get'>;
  /** Reads names from the chain for mints the directory does not know. */
  connection: Pick<Connection, 'getMultipleAccountsInfo'>;
}): HandlerGroup<'balances.get'> {
  const { ledger, directory, connection } = options;
  /** Chain names change rarely and cost a request: kept for the life of the network. */
  const chainNames = new Map<string, ChainName | null>();

  async function namesFromChain(mints: string[]): Promise<Map<string, ChainName | null>> {
    const unread = mints.filter((mint) => !chainNames.has(mint));
    if (unread.length > 0) {
      // Unreachable: unnamed this time, asked again at the next balances read.
      const read = await readChainNames(connection, unread).catch(() => null);
      if (read) for (const mint of unread) chainNames.set(mint, read.get(mint) ?? null);
    }
    return chainNames;
  }

  return {
    'balances.get': async ({ address }) => {
      const balances = await ledger.getBalances(address);
      if (balances.tokens.length === 0) return balances;
      const known = await directory
        .get(balances.tokens.map((token) => token.mint))
        .catch(() => new Map<string, never>());
      const unknown = balances.tokens.map((t) => t.mint).filter((mint) => !known.has(mint));
      const onChain = unknown.length > 0 ? await namesFromChain(unknown) : new Map();
      return {
        ...balances,
        tokens: balances.tokens.map((token) => {
          const listed = known.get(token.mint);
          const chain = listed ? null : onChain.get(token.mint);
          return {
            ...token,
            symbol: listed?.symbol ?? chain?.symbol ?? token.symbol,
            name: listed?.name ?? chain?.name ?? null,
            verified: listed?.verified ?? false,
          };
        }),
      };
    },
  };
}
