/**
 * What a mint is called and how many decimals it has, the same everywhere the wallet shows an
 * amount (issue 26): the token directory's entry when it has one (verified or not as it says);
 * else the name its creator wrote on chain (token metadata; never verified); else no name. The
 * decimals come from the directory, else from what the caller already read from the chain (a
 * transaction's token balances carry the mint's decimals), else from the mint account itself.
 * The Wallet (balances.get) and Activity (activity.list, activity.chain) both name tokens here,
 * so a token reads the same on both screens, and never as base units while its mint is readable.
 */
import { PublicKey, type Connection } from '@solana/web3.js';
import type { TokenLabelView } from '../../preload/api-types';
import { isAddress } from '../shared/address';
import { readChainNames, type ChainName } from './chain-names';
import type { TokenDirectory } from './token-directory';

/** Where an SPL Token or Token-2022 mint keeps its decimals (the layouts share the first 82). */
const MINT_DECIMALS_OFFSET = 44;
const MINT_SIZE = 82;
const ACCOUNTS_PER_CALL = 100;

export interface TokenLabeler {
  /**
   * Labels of `mints`; `decimalsKnown` gives what the caller read from the chain. A mint whose
   * decimals cannot be learnt (not a mint, network unreachable) is absent from the answer.
   */
  labels(
    mints: readonly string[],
    decimalsKnown?: ReadonlyMap<string, number>,
  ): Promise<Map<string, TokenLabelView>>;
}

export function createTokenLabeler(options: {
  directory: Pick<TokenDirectory, 'get'>;
  connection: Pick<Connection, 'getMultipleAccountsInfo'>;
}): TokenLabeler {
  const { directory, connection } = options;
  /** Chain names and decimals change rarely and cost a request: kept for the network's life. */
  const chainNames = new Map<string, ChainName | null>();
  const mintDecimals = new Map<string, number>();

  async function namesFromChain(mints: string[]): Promise<Map<string, ChainName | null>> {
    const unread = mints.filter((mint) => !chainNames.has(mint));
    if (unread.length > 0) {
      // Unreachable: unnamed this time, asked again at the next read.
      const read = await readChainNames(connection, unread).catch(() => null);
      if (read) for (const mint of unread) chainNames.set(mint, read.get(mint) ?? null);
    }
    return chainNames;
  }

  async function decimalsFromChain(mints: string[]): Promise<void> {
    const unread = mints.filter((mint) => !mintDecimals.has(mint));
    for (let at = 0; at < unread.length; at += ACCOUNTS_PER_CALL) {
      const batch = unread.slice(at, at + ACCOUNTS_PER_CALL);
      const infos = await connection
        .getMultipleAccountsInfo(
          batch.map((mint) => new PublicKey(mint)),
          'confirmed',
        )
        .catch(() => null);
      if (!infos) return;
      batch.forEach((mint, i) => {
        const data = infos[i]?.data;
        if (data && data.length >= MINT_SIZE) mintDecimals.set(mint, data[MINT_DECIMALS_OFFSET]!);
      });
    }
  }

  return {
    async labels(mints, decimalsKnown = new Map()) {
      const wanted = [...new Set(mints)].filter((mint) => isAddress(mint));
      const out = new Map<string, TokenLabelView>();
      if (wanted.length === 0) return out;
      const listed = await directory.get(wanted).catch(() => new Map<string, never>());
      const unknown = wanted.filter((mint) => !listed.has(mint));
      for (const [mint, decimals] of decimalsKnown) mintDecimals.set(mint, decimals);
      if (unknown.length > 0) {
        await Promise.all([namesFromChain(unknown), decimalsFromChain(unknown)]);
      }
      for (const mint of wanted) {
        const entry = listed.get(mint);
        if (entry) {
          out.set(mint, {
            mint,
            symbol: entry.symbol,
            name: entry.name,
            decimals: entry.decimals,
            verified: entry.verified,
          });
          continue;
        }
        const decimals = mintDecimals.get(mint);
        if (decimals === undefined) continue;
        const chain = chainNames.get(mint) ?? null;
        out.set(mint, {
          mint,
          symbol: chain?.symbol ?? null,
          name: chain?.name ?? null,
          decimals,
          verified: false,
        });
      }
      return out;
    },
  };
}
