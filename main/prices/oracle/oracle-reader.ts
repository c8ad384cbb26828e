/**
 * Reads Pyth's prices for a set of mints through the person's own RPC (issue 25): one
 * `getMultipleAccountsInfo` for every feed account the wallet's table names for them, each
 * judged by oracle-checks.ts. The swap service is not asked anything. A mint without a feed in
 * the table has no entry in the answer (its value can only be the service's); a mint with a
 * feed always has one, a price or the check that refused it.
 *
 * Callers run this beside their other reads (Promise.all), never after them: it costs one round
 * trip, in parallel with the review's own.
 */
import type { PublicKey } from '@solana/web3.js';
import { PublicKey as Key } from '@solana/web3.js';
import { feedOfMint, type OracleFeed } from './feed-table';
import {
  DEFAULT_ORACLE_LIMITS,
  judgeFeedAccount,
  type FeedAccount,
  type OracleLimits,
  type OracleReading,
} from './oracle-checks';

/**
 * The one read the oracle makes: a web3.js Connection has it, and so has the review's lean
 * client (ledger/review-rpc.ts), which the app gives it so Pyth's feeds, read beside the
 * review's own reads, are not parsed twice and checked by superstruct in the middle of them.
 */
export interface OracleConnection {
  getMultipleAccountsInfo(
    keys: PublicKey[],
    commitment: 'confirmed',
  ): Promise<(FeedAccount | null)[]>;
}

export interface OracleReaderDeps {
  /** The current network's connection (the person's RPC). */
  connection: () => OracleConnection;
  /** Milliseconds since the epoch; publish times are judged against it. */
  now: () => number;
  limits?: Partial<OracleLimits>;
}

export interface OracleReader {
  /** A reading for every asked mint that has a feed in the wallet's table. */
  read(mints: readonly string[]): Promise<Map<string, OracleReading>>;
}

/** The most accounts one getMultipleAccountsInfo may ask for. */
const ACCOUNTS_PER_CALL = 100;

export function createOracleReader(deps: OracleReaderDeps): OracleReader {
  const limits: OracleLimits = { ...DEFAULT_ORACLE_LIMITS, ...deps.limits };
  return {
    async read(mints) {
      const feeds = [...new Set(mints)]
        .map((mint) => feedOfMint(mint))
        .filter((feed): feed is OracleFeed => feed !== undefined);
      const readings = new Map<string, OracleReading>();
      if (feeds.length === 0) return readings;
      for (let at = 0; at < feeds.length; at += ACCOUNTS_PER_CALL) {
        const batch = feeds.slice(at, at + ACCOUNTS_PER_CALL);
        const keys: PublicKey[] = batch.map((feed) => new Key(feed.address));
        try {
          const accounts = await deps.connection().getMultipleAccountsInfo(keys, 'confirmed');
          const nowSeconds = Math.floor(deps.now() / 1000);
          batch.forEach((feed, index) => {
            readings.set(
              feed.mint,
              judgeFeedAccount(feed, accounts[index] ?? null, nowSeconds, limits),
            );
          });
        } catch (error) {
          const why = error instanceof Error ? error.message : String(error);
          for (const feed of batch) {
            readings.set(feed.mint, {
              ok: false,
              mint: feed.mint,
              alias: feed.alias,
              account: feed.address,
              check: 'rpc',
              reason: `Pyth's ${feed.alias} feed could not be read from this network's RPC (${why}).`,
            });
          }
        }
      }
      return readings;
    },
  };
}
