/**
 * The wallet's own table of which Pyth feed prices which mint (issue 25): the swap service has
 * no say in it. Only feeds Pyth sponsors on Solana mainnet are here: those are kept current by
 * Pyth's push oracle at a fixed address, derived by the push-oracle program from a shard id (0)
 * and the feed id, so the wallet can read them through the person's own RPC.
 *
 * Source: Pyth's published list of Solana push feeds, pyth-network/documentation
 * `pages/price-feeds/core/push-feeds/data/svm/solana_mainnet.json` (commit 5d75a61, 2025-11-12),
 * copied to test/fixtures/real-world/pyth/; feed-table.test.ts checks every id and address
 * against it and against the receiver SDK's own derivation.
 *
 * Not here, because Pyth sponsors no feed for them on Solana (so their value stays the swap
 * service's, and the review says so): JitoSOL and RAY (their feeds were dropped from the list on
 * 2025-09-02), PYUSD (never on it), and the sandbox's own test tokens.
 */
import { PublicKey } from '@solana/web3.js';
import { PYTH_PUSH_ORACLE_PROGRAM_ID } from './price-update-v2';

export interface OracleFeed {
  mint: string;
  /** What the feed prices, as Pyth names it. */
  alias: string;
  /** 32 bytes, lowercase hex without 0x. */
  feedId: string;
  /** The sponsored account (shard 0) the push oracle keeps current. */
  address: string;
  /**
   * A stablecoin's feed (USDC, USDT): judged by its own publishing rhythm (oracle-checks.ts),
   * since it rarely moves the 0.5% that would make Pyth push it before its heartbeat.
   */
  stable?: true;
}

/**
 * The rhythm Pyth publishes for every sponsored Solana feed of the table (the published list's
 * `time_difference` and `price_deviation`): pushed every 60 s, or sooner on a 0.5% move.
 */
export const SPONSORED_HEARTBEAT_SECONDS = 60;

/** The shard Pyth's sponsored feeds live on. */
export const SPONSORED_SHARD = 0;

const FEEDS: readonly Omit<OracleFeed, 'address'>[] = [
  {
    mint: 'So11111111111111111111111111111111111111112',
    alias: 'SOL/USD',
    feedId: 'ef0d8b6fda2ceba41da15d4095d1da392a0d2f8ed0c6c7bc0f4cfac8c280b56d',
  },
  {
    mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    alias: 'USDC/USD',
    stable: true,
    feedId: 'eaa020c61cc479712813461ce153894a96a6c00b21ed0cfc2798d1f9a9e9c94a',
  },
  {
    mint: 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB',
    alias: 'USDT/USD',
    stable: true,
    feedId: '2b89b9dc8fdf9f34709a5b106b472f0f39bb6ca9ce04b0fd7f2e971688e2e53b',
  },
  {
    mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN',
    alias: 'JUP/USD',
    feedId: '0a0408d619e9380abad35060f9192039ed5042fa6f82301d0e48bb52be830996',
  },
  {
    mint: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263',
    alias: 'BONK/USD',
    feedId: '72b021217ca3fe68922a19aaf990109cb9d84e9ad004b4d2025ad6f529314419',
  },
  {
    mint: 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm',
    alias: 'WIF/USD',
    feedId: '4ca4beeca86f0d164160323817a4e42b10010a724c2217c6ee41b54cd4cc61fc',
  },
  {
    mint: 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So',
    alias: 'MSOL/USD',
    feedId: 'c2289a6a43d2ce91c6f55caec370f4acc38a2ed477f58813334c6d03749ff2a4',
  },
];

/** The sponsored feed account of `feedId` on `shard`, as the push-oracle program derives it. */
export function sponsoredFeedAddress(feedId: string, shard = SPONSORED_SHARD): string {
  const shardBytes = Buffer.alloc(2);
  shardBytes.writeUInt16LE(shard, 0);
  return PublicKey.findProgramAddressSync(
    [shardBytes, Buffer.from(feedId, 'hex')],
    new PublicKey(PYTH_PUSH_ORACLE_PROGRAM_ID),
  )[0].toBase58();
}

/** Every feed of the table with its address, derived once. */
export const ORACLE_FEEDS: readonly OracleFeed[] = FEEDS.map((feed) => ({
  ...feed,
  address: sponsoredFeedAddress(feed.feedId),
}));

const BY_MINT = new Map(ORACLE_FEEDS.map((feed) => [feed.mint, feed]));

/** The feed that prices `mint`, or undefined when Pyth sponsors none for it. */
export function feedOfMint(mint: string): OracleFeed | undefined {
  return BY_MINT.get(mint);
}
