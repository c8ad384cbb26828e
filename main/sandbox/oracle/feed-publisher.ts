/**
 * The sandbox's Pyth (issue 25): it publishes a `PriceUpdateV2` account for every feed Pyth
 * sponsors on mainnet for a sandbox token, at the same address (the push-oracle program's
 * derivation, main/prices/oracle/feed-table.ts), owned by the receiver program's id, fully
 * verified, in the same layout, so the wallet reads the sandbox exactly as it reads mainnet.
 * Prices come from the sandbox's market outside its pools (market-data/reference-prices.ts) on
 * the wall clock, never from the pools: a pool pushed on the sandbox leaves the feeds where they
 * were, as on mainnet.
 *
 * The accounts are written straight into the VM (not journaled: they are republished on every
 * start). Each feed has a condition the tests and demos set through
 * `POST /sandbox/oracle {"mint","condition"}`:
 * - `live`: published every `intervalMs` (default 2 s), confidence 0.05% of the price;
 * - `stale`: no longer published, its last update ten minutes old (the pusher stopped), or
 *   `staleSeconds` old when the request names it (issue 32: a five-minute-old price);
 * - `wide`: published, with a confidence interval of 5% of the price (a market in turmoil).
 */
import { PublicKey } from '@solana/web3.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ORACLE_FEEDS, type OracleFeed } from '../../prices/oracle/feed-table';
import {
  encodePriceUpdateV2,
  PRICE_UPDATE_V2_SIZE,
  PYTH_PUSH_ORACLE_PROGRAM_ID,
  PYTH_RECEIVER_PROGRAM_ID,
} from '../../prices/oracle/price-update-v2';
import type { LedgerAccount } from '../ledger/ledger-view';
import { marketPriceAt } from '../market-data/reference-prices';
import { SANDBOX_TOKENS } from '../tokens';

export type FeedCondition = 'live' | 'stale' | 'wide';

/** What the publisher writes through: the ledger's unjournaled account write and its slot. */
export interface FeedLedger {
  writeAccount(address: string, account: LedgerAccount): void;
  currentSlot(): number;
  minimumBalanceForRentExemption(dataLength: number): bigint;
}

export interface FeedState {
  mint: string;
  symbol: string;
  alias: string;
  account: string;
  condition: FeedCondition;
}

export interface FeedPublisher {
  /** Writes every feed as of now (a stale one keeps its old update). */
  publish(): void;
  setCondition(mint: string, condition: FeedCondition, staleSeconds?: number): FeedState;
  feeds(): FeedState[];
  /** Publishes now and every `intervalMs`; returns the stop function. */
  start(intervalMs?: number): () => void;
  /** `GET|POST /sandbox/oracle`; true when the path is its own. */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean;
}

const STALE_SECONDS = 600;
const MAX_BODY_BYTES = 4096;
const LIVE_CONF_PPM = 500n; // 0.05%
const WIDE_CONF_PPM = 50_000n; // 5%
const WRITE_AUTHORITY = new PublicKey(PYTH_PUSH_ORACLE_PROGRAM_ID).toBytes();

/** The sandbox tokens Pyth sponsors a mainnet feed for, with that feed. */
function sandboxFeeds(): { feed: OracleFeed; symbol: string }[] {
  return ORACLE_FEEDS.flatMap((feed) => {
    const token = SANDBOX_TOKENS.find((t) => t.mint === feed.mint);
    return token ? [{ feed, symbol: token.symbol }] : [];
  });
}

export function createFeedPublisher(
  ledger: FeedLedger,
  options: { now?: () => number } = {},
): FeedPublisher {
  const now = options.now ?? Date.now;
  const feeds = sandboxFeeds();
  const conditions = new Map<string, FeedCondition>(feeds.map(({ feed }) => [feed.mint, 'live']));
  /** When a stale feed was last "published". */
  const frozenAt = new Map<string, number>();
  /** How old a stale feed's last update is when it goes stale (default ten minutes). */
  const staleAge = new Map<string, number>();

  function write(feed: OracleFeed, symbol: string, unixSeconds: number, confPpm: bigint): void {
    const market = marketPriceAt(symbol, unixSeconds);
    if (!market) return;
    const data = encodePriceUpdateV2({
      writeAuthority: WRITE_AUTHORITY,
      verification: { kind: 'full' },
      feedId: feed.feedId,
      price: market.price,
      conf: (market.price * confPpm) / 1_000_000n,
      exponent: market.exponent,
      publishTime: BigInt(unixSeconds),
      prevPublishTime: BigInt(unixSeconds - 1),
      emaPrice: market.price,
      emaConf: (market.price * confPpm) / 1_000_000n,
      postedSlot: BigInt(ledger.currentSlot()),
    });
    ledger.writeAccount(feed.address, {
      lamports: ledger.minimumBalanceForRentExemption(PRICE_UPDATE_V2_SIZE),
      owner: PYTH_RECEIVER_PROGRAM_ID,
      data,
      executable: false,
    });
  }

  function publish(): void {
    const unix = Math.floor(now() / 1000);
    for (const { feed, symbol } of feeds) {
      const condition = conditions.get(feed.mint) ?? 'live';
      if (condition === 'stale') {
        const at = frozenAt.get(feed.mint) ?? unix - (staleAge.get(feed.mint) ?? STALE_SECONDS);
        if (!frozenAt.has(feed.mint)) {
          frozenAt.set(feed.mint, at);
          write(feed, symbol, at, LIVE_CONF_PPM);
        }
        continue;
      }
      write(feed, symbol, unix, condition === 'wide' ? WIDE_CONF_PPM : LIVE_CONF_PPM);
    }
  }

  function stateOf(mint: string): FeedState {
    const entry = feeds.find(({ feed }) => feed.mint === mint)!;
    return {
      mint,
      symbol: entry.symbol,
      alias: entry.feed.alias,
      account: entry.feed.address,
      condition: conditions.get(mint) ?? 'live',
    };
  }

  function setCondition(mint: string, condition: FeedCondition, staleSeconds?: number): FeedState {
    if (!conditions.has(mint)) {
      const known = feeds.map(({ symbol }) => symbol).join(', ');
      throw new Error(`No oracle feed for mint ${mint} on the sandbox (feeds: ${known})`);
    }
    conditions.set(mint, condition);
    frozenAt.delete(mint);
    if (staleSeconds === undefined) staleAge.delete(mint);
    else staleAge.set(mint, staleSeconds);
    publish();
    return stateOf(mint);
  }

  const reply = (res: ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(text),
    });
    res.end(text);
  };

  return {
    publish,
    setCondition,
    feeds: () => feeds.map(({ feed }) => stateOf(feed.mint)),
    start(intervalMs = 2_000) {
      publish();
      const timer = setInterval(publish, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
    handle(req, res, url) {
      if (url.pathname !== '/sandbox/oracle') return false;
      if (req.method === 'GET') {
        reply(
          res,
          200,
          feeds.map(({ feed }) => stateOf(feed.mint)),
        );
        return true;
      }
      if (req.method !== 'POST') {
        reply(res, 405, { error: 'Use GET, or POST with {"mint","condition"}' });
        return true;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      });
      req.on('end', () => {
        if (size > MAX_BODY_BYTES) return reply(res, 413, { error: 'Payload Too Large' });
        let body: { mint?: unknown; condition?: unknown };
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as typeof body;
        } catch {
          return reply(res, 400, { error: 'The body must be JSON: {"mint","condition"}' });
        }
        const { mint, condition, staleSeconds } = (body ?? {}) as typeof body & {
          staleSeconds?: unknown;
        };
        if (typeof mint !== 'string') return reply(res, 400, { error: 'mint must be a string' });
        if (condition !== 'live' && condition !== 'stale' && condition !== 'wide') {
          return reply(res, 400, { error: 'condition must be "live", "stale" or "wide"' });
        }
        if (
          staleSeconds !== undefined &&
          (!Number.isSafeInteger(staleSeconds) || (staleSeconds as number) < 0)
        ) {
          return reply(res, 400, { error: 'staleSeconds must be a whole number of seconds' });
        }
        try {
          reply(res, 200, setCondition(mint, condition, staleSeconds as number | undefined));
        } catch (error) {
          reply(res, 400, { error: (error as Error).message });
        }
      });
      return true;
    },
  };
}
