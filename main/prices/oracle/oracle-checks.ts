/**
 * When a Pyth price account may be believed (issue 25), in the order a forger would have to get
 * past them: the account exists; the Pyth receiver program owns it (only that program can write
 * it, and only with a price signed by Pyth's publishers through Wormhole's guardians); it is a
 * PriceUpdateV2; its verification level is Full (every guardian signature checked, not a
 * partial set); it carries the feed id the wallet's table expects (a real account of another
 * feed is still a lie about this one); the price is positive; it was published at most 60 s ago;
 * and its confidence interval is at most 2% of the price. Any other answer names the check
 * that failed, in words, and the price is not used as today's.
 *
 * A stale price is still evidence (issue 32): when age was the only check that failed, the
 * refusal keeps the last verified price and its age (`last`), and the review judges the
 * service's price against it with a band that widens with age (stale-tolerance.ts) rather than
 * taking the service's word. A stablecoin's feed is judged by its own rhythm: Pyth pushes it
 * on a 0.5% move or a 60 s heartbeat, and a stablecoin rarely moves 0.5%, so it is routinely a
 * heartbeat old plus the time its push takes to land (issue 32 found mainnet's stablecoin feeds
 * often past 60 s; the sandbox publishes every 2 s, so it never shows this). It is called stale
 * only after two heartbeats (`maxAgeSeconds` + 60 s), when a push has been missed: until then
 * its price is, by Pyth's own rule, within 0.5% of the last.
 *
 * Prices are exact decimals (price × 10^exponent as digits and a scale), never numbers.
 */
import { decimalText, type Decimal } from '../../shared/usd';
import { SPONSORED_HEARTBEAT_SECONDS, type OracleFeed } from './feed-table';
import {
  decodePriceUpdateV2,
  PriceUpdateLayoutError,
  PYTH_RECEIVER_PROGRAM_ID,
  type PriceUpdateV2,
} from './price-update-v2';

export interface OracleLimits {
  /** Older than this (seconds since publish) is stale. Default 60. */
  maxAgeSeconds: number;
  /** Confidence wider than this share of the price, in basis points. Default 200 (2%). */
  maxConfidenceBps: number;
}

export const DEFAULT_ORACLE_LIMITS: OracleLimits = { maxAgeSeconds: 60, maxConfidenceBps: 200 };

/** A publish time this far ahead of the local clock is the clock's fault or a lie. */
const MAX_AHEAD_SECONDS = 60;

/** Which check refused a feed account. */
export type OracleCheck =
  'rpc' | 'missing' | 'owner' | 'layout' | 'level' | 'feed-id' | 'price' | 'age' | 'confidence';

export interface OraclePrice {
  mint: string;
  alias: string;
  account: string;
  /** USD per whole token, exact decimal text ("147.48312"). */
  usdPrice: string;
  /** ± this many USD per whole token. */
  confidence: string;
  /** Unix seconds. */
  publishTime: number;
}

/** A stale feed's last verified price, still evidence within a band (stale-tolerance.ts). */
export interface LastPrice extends OraclePrice {
  /** Seconds between its publish time and the reading. */
  ageSeconds: number;
}

/** A feed the wallet did not take today's price from, and why. */
export interface RefusedReading {
  ok: false;
  mint: string;
  alias: string;
  account: string;
  check: OracleCheck;
  reason: string;
  /** Set when age was the only failed check: the price the feed last published. */
  last?: LastPrice;
}

export type OracleReading = { ok: true; price: OraclePrice } | RefusedReading;

/** The account as an RPC answers it (web3.js's AccountInfo fits). */
export interface FeedAccount {
  owner: { toBase58(): string } | string;
  data: Uint8Array;
}

/** price × 10^exponent as an exact decimal. */
export function scaledPrice(value: bigint, exponent: number): Decimal {
  return exponent <= 0
    ? { digits: value, scale: -exponent }
    : { digits: value * 10n ** BigInt(exponent), scale: 0 };
}

function ownerOf(account: FeedAccount): string {
  return typeof account.owner === 'string' ? account.owner : account.owner.toBase58();
}

/**
 * Judges one feed account read at `nowSeconds` (the local clock, unix seconds) against the
 * table's `feed`. Never throws.
 */
export function judgeFeedAccount(
  feed: OracleFeed,
  account: FeedAccount | null,
  nowSeconds: number,
  limits: OracleLimits = DEFAULT_ORACLE_LIMITS,
): OracleReading {
  const name = `Pyth's ${feed.alias} feed`;
  const refuse = (check: OracleCheck, reason: string): RefusedReading => ({
    ok: false,
    mint: feed.mint,
    alias: feed.alias,
    account: feed.address,
    check,
    reason,
  });
  if (account === null) {
    return refuse('missing', `${name} account ${feed.address} does not exist on this network.`);
  }
  const owner = ownerOf(account);
  if (owner !== PYTH_RECEIVER_PROGRAM_ID) {
    return refuse(
      'owner',
      `${name} account is owned by ${owner}, not Pyth's receiver program: its price is not Pyth's.`,
    );
  }
  let update: PriceUpdateV2;
  try {
    update = decodePriceUpdateV2(account.data);
  } catch (error) {
    if (!(error instanceof PriceUpdateLayoutError)) throw error;
    return refuse('layout', `${name} account cannot be read: ${error.message}.`);
  }
  if (update.verification.kind !== 'full') {
    return refuse(
      'level',
      `${name} price is only partially verified (${update.verification.numSignatures} guardian signatures checked), not fully.`,
    );
  }
  if (update.feedId !== feed.feedId) {
    return refuse(
      'feed-id',
      `${name} account holds the price of another feed (${update.feedId.slice(0, 8)}…), not ${feed.alias}.`,
    );
  }
  if (update.price <= 0n) return refuse('price', `${name} has no positive price.`);
  const age = BigInt(nowSeconds) - update.publishTime;
  if (-age > BigInt(MAX_AHEAD_SECONDS)) {
    return refuse(
      'age',
      `${name} was published ${-age} s ahead of this computer's clock: check the clock.`,
    );
  }
  // conf / price ≤ bps / 10,000, in integers.
  if (update.conf * 10_000n > update.price * BigInt(limits.maxConfidenceBps)) {
    const percent = decimalText({ digits: (update.conf * 10_000n) / update.price, scale: 2 });
    return refuse(
      'confidence',
      `${name} is too uncertain: its confidence interval is ±${percent}% of the price (more than ${decimalText({ digits: BigInt(limits.maxConfidenceBps), scale: 2 })}%).`,
    );
  }
  const price: OraclePrice = {
    mint: feed.mint,
    alias: feed.alias,
    account: feed.address,
    usdPrice: decimalText(scaledPrice(update.price, update.exponent)),
    confidence: decimalText(scaledPrice(update.conf, update.exponent)),
    publishTime: Number(update.publishTime),
  };
  // A stablecoin's feed gets one more heartbeat (the module's comment says why).
  const maxAge = limits.maxAgeSeconds + (feed.stable ? SPONSORED_HEARTBEAT_SECONDS : 0);
  if (age > BigInt(maxAge)) {
    return {
      ...refuse('age', `${name} is stale: last published ${age} s ago (more than ${maxAge} s).`),
      last: { ...price, ageSeconds: Number(age) },
    };
  }
  return { ok: true, price };
}
