/**
 * The wallet's mint → feed table against Pyth's published list of Solana push (sponsored) feeds
 * (pyth-network/documentation `pages/price-feeds/core/push-feeds/data/svm/solana_mainnet.json`
 * @ 5d75a61, 2025-11-12, copied verbatim to test/fixtures/real-world/pyth/) and against the
 * receiver SDK's own address derivation (`getPriceFeedAccountForProgram`).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REAL_WORLD_JUPITER } from '../../../test/fixtures/real-world';
import { sdkFeedAddress } from '../../../test/fixtures/pyth-sdk';
import { SANDBOX_TOKENS } from '../../sandbox/tokens';
import {
  feedOfMint,
  ORACLE_FEEDS,
  SPONSORED_HEARTBEAT_SECONDS,
  sponsoredFeedAddress,
} from './feed-table';

interface PublishedFeed {
  alias: string;
  account_address: string;
  id: string;
  time_difference: number;
  price_deviation: number;
}

const published = JSON.parse(
  readFileSync(join(REAL_WORLD_JUPITER, 'pyth', 'solana_mainnet.json'), 'utf8'),
) as PublishedFeed[];
const byAlias = new Map(published.map((feed) => [feed.alias, feed]));

/** The sandbox's tokens that are mainnet tokens (the four warning tokens are the sandbox's own). */
const MAINNET_SYMBOLS = [
  'SOL',
  'USDC',
  'USDT',
  'JUP',
  'BONK',
  'mSOL',
  'JitoSOL',
  'WIF',
  'RAY',
  'PYUSD',
];

describe('the oracle feed table', () => {
  it('has each feed id and account exactly as Pyth publishes them', () => {
    expect(ORACLE_FEEDS.length).toBeGreaterThan(0);
    for (const feed of ORACLE_FEEDS) {
      const entry = byAlias.get(feed.alias);
      expect(entry, feed.alias).toBeDefined();
      expect(feed.feedId).toBe(entry!.id);
      expect(feed.address).toBe(entry!.account_address);
    }
  });

  it('publishes every feed on the heartbeat the wallet judges stablecoins by (60 s or a 0.5% move)', () => {
    for (const feed of ORACLE_FEEDS) {
      expect(byAlias.get(feed.alias)).toMatchObject({
        time_difference: SPONSORED_HEARTBEAT_SECONDS,
        price_deviation: 0.5,
      });
    }
    expect(ORACLE_FEEDS.filter((feed) => feed.stable).map((feed) => feed.alias)).toEqual([
      'USDC/USD',
      'USDT/USD',
    ]);
  });

  it('derives every sponsored address as the receiver SDK does (shard 0, and another shard)', () => {
    for (const feed of ORACLE_FEEDS) {
      expect(feed.address).toBe(sdkFeedAddress(0, feed.feedId));
      expect(sponsoredFeedAddress(feed.feedId, 3)).toBe(sdkFeedAddress(3, feed.feedId));
    }
    // And for every feed Pyth lists, not only the table's, but one: the list's INF/SOL entry
    // names an account that no shard derives from its id (checked up to 300 when this was
    // written), a slip in the list or an account of another program; the table has no INF.
    const underived = published.filter(
      (entry) => sponsoredFeedAddress(entry.id) !== entry.account_address,
    );
    expect(underived.map((entry) => entry.alias)).toEqual(['INF/SOL']);
  });

  it('covers every sandbox token that shares a mainnet mint with a sponsored feed, and no other', () => {
    const tokens = SANDBOX_TOKENS.filter((token) => MAINNET_SYMBOLS.includes(token.symbol));
    expect(tokens.map((t) => t.symbol).sort()).toEqual([...MAINNET_SYMBOLS].sort());
    const sponsored = tokens.filter((token) => byAlias.has(`${token.symbol.toUpperCase()}/USD`));
    expect(sponsored.map((t) => t.symbol).sort()).toEqual(
      ['BONK', 'JUP', 'SOL', 'USDC', 'USDT', 'WIF', 'mSOL'].sort(),
    );
    for (const token of sponsored) {
      expect(feedOfMint(token.mint)?.alias).toBe(`${token.symbol.toUpperCase()}/USD`);
    }
    // No sponsored feed on Solana (JitoSOL and RAY left the list on 2025-09-02): the service's price.
    for (const symbol of ['JitoSOL', 'RAY', 'PYUSD', 'TFEE', 'PDLG', 'FRZ', 'UNVR']) {
      const token = SANDBOX_TOKENS.find((t) => t.symbol === symbol)!;
      expect(feedOfMint(token.mint), symbol).toBeUndefined();
    }
    expect(ORACLE_FEEDS).toHaveLength(sponsored.length);
  });
});
