/**
 * A price the swap service cannot fake (issue 25): both sides of a swap or payment valued at
 * Pyth's prices, read through the person's own RPC (main/prices/oracle/), where the wallet's
 * table has a feed for the token and the feed passed every check; at the swap service's price
 * where it has none, and the report says so.
 *
 * - **Loss at the oracle's prices** (dangerous, must be acknowledged): when both sides are
 *   oracle-priced and what the person may get is worth more than 5% less than what they may
 *   give, whatever the service's prices, quote or price impact say. A service lying with its
 *   price API, or a pool pushed before the quote (every figure the service sends then true),
 *   cannot move Pyth's price.
 * - **Divergence** (a caution): the service prices a token more than 2% away from Pyth; the
 *   report names both and says it trusts Pyth's.
 * - **Feed refused** (a caution): the table has a feed but it failed a check (stale, too wide,
 *   not Pyth's, …); the report names the check and values that side at the service's price.
 *
 * When not both sides are oracle-priced, market-warnings.ts's rule at the service's prices
 * stands (`oracleJudged` tells it to step aside otherwise). Values are exact decimals; token
 * decimals are the chain's (the review read the mints), never the service's directory alone.
 */
import type { PriceView } from '../../preload/api-types';
import type { OracleReading } from '../prices/oracle/oracle-checks';
import { feedOfMint } from '../prices/oracle/feed-table';
import {
  alignDecimals,
  decimalText,
  formatUsd,
  parseDecimal,
  usdValue,
  type Decimal,
} from '../shared/usd';
import type { Address } from '../shared/address';
import type { SwapIntent, TokenWarning } from './types';
import type { SideValuation, TradeValuation } from './valuation-types';

/** Output worth this much less than input at the oracle's prices is dangerous (5%). */
export const ORACLE_LOSS_BPS = 500n;
/** The service's price this far from the oracle's is called out (2%). */
export const DIVERGENCE_BPS = 200n;

export interface TradeValueFacts {
  /** Symbols for the sentences (the directory's). */
  symbolOf: (mint: string) => string;
  /** The token's decimals, from the chain where the review read them. */
  decimalsOf: (mint: string) => number | undefined;
  /** The swap service's prices. */
  prices: Readonly<Record<string, PriceView>>;
  /** Pyth's readings by mint (only mints the table has a feed for). */
  oracle: ReadonlyMap<string, OracleReading>;
}

export interface TradeValue {
  valuation: TradeValuation;
  warnings: TokenWarning[];
  /** Both sides oracle-priced: the oracle's rule judged the trade; the service's must not. */
  oracleJudged: boolean;
}

function side(mint: Address, amount: bigint, facts: TradeValueFacts): SideValuation {
  const feed = feedOfMint(mint);
  const reading = facts.oracle.get(mint);
  const oraclePrice = reading?.ok ? reading.price.usdPrice : null;
  const servicePrice = facts.prices[mint]?.usdPrice ?? null;
  const price = oraclePrice ?? servicePrice;
  const decimals = facts.decimalsOf(mint);
  const parsed = price === null ? null : parseDecimal(price);
  const usd =
    parsed && decimals !== undefined ? decimalText(usdValue(amount, decimals, parsed)) : null;
  return {
    mint,
    amount,
    usd,
    source: usd === null ? null : oraclePrice !== null ? 'oracle' : 'service',
    oraclePrice,
    servicePrice,
    feed: feed?.alias ?? null,
    oracleRefusal: reading && !reading.ok ? reading.reason : null,
  };
}

/** |a − b| / b in basis points, rounded down. */
function gapBps(a: Decimal, b: Decimal): bigint {
  const { a: x, b: y } = alignDecimals(a, b);
  if (y === 0n) return 0n;
  return ((x > y ? x - y : y - x) * 10_000n) / y;
}

const percent = (bps: bigint) => `${decimalText({ digits: bps, scale: 2 })}%`;

function sourceSentence(s: SideValuation, symbol: string): string | null {
  if (s.source === 'oracle') return null;
  if (s.feed === null) {
    return s.servicePrice === null
      ? `Nobody prices ${symbol}: neither Pyth nor the swap service.`
      : `No Pyth feed prices ${symbol}: its value is the swap service's price.`;
  }
  return s.servicePrice === null
    ? `Pyth's ${s.feed} price could not be used and the swap service has none: ${symbol} is not valued.`
    : `Pyth's ${s.feed} price could not be used: ${symbol}'s value is the swap service's price.`;
}

function divergence(s: SideValuation, symbol: string): TokenWarning | null {
  const oracle = s.oraclePrice === null ? null : parseDecimal(s.oraclePrice);
  const service = s.servicePrice === null ? null : parseDecimal(s.servicePrice);
  if (!oracle || !service) return null;
  const gap = gapBps(service, oracle);
  if (gap <= DIVERGENCE_BPS) return null;
  return {
    mint: s.mint,
    kind: 'price-divergence',
    mustAcknowledge: false,
    sentence: `The swap service prices ${symbol} at $${s.servicePrice}, Pyth's ${s.feed} feed at $${s.oraclePrice}: ${percent(gap)} apart. Swapdesk trusts Pyth's price, read from the network, not from the swap service.`,
  };
}

function unavailable(s: SideValuation, symbol: string): TokenWarning | null {
  if (s.oracleRefusal === null) return null;
  return {
    mint: s.mint,
    kind: 'oracle-unavailable',
    mustAcknowledge: false,
    sentence: `${s.oracleRefusal} ${symbol} is valued at the swap service's price${s.servicePrice === null ? ' (it has none)' : ''}, which Swapdesk cannot check.`,
  };
}

function oracleLoss(
  intent: SwapIntent,
  input: SideValuation,
  output: SideValuation,
  facts: TradeValueFacts,
): TokenWarning | null {
  const valueIn = input.usd === null ? null : parseDecimal(input.usd);
  const valueOut = output.usd === null ? null : parseDecimal(output.usd);
  if (!valueIn || !valueOut || valueIn.digits === 0n) return null;
  const { a: inDigits, b: outDigits } = alignDecimals(valueIn, valueOut);
  if (outDigits * 10_000n >= inDigits * (10_000n - ORACLE_LOSS_BPS)) return null;
  const lossBps = ((inDigits - outDigits) * 10_000n) / inDigits;
  const exactIn = intent.swapMode === 'ExactIn';
  const give = exactIn ? `give ${formatUsd(valueIn)}` : `may give up to ${formatUsd(valueIn)}`;
  const get = exactIn
    ? `may get as little as ${formatUsd(valueOut)}`
    : `get ${formatUsd(valueOut)}`;
  return {
    mint: intent.outputMint,
    kind: 'value-loss',
    mustAcknowledge: true,
    sentence: `At Pyth's oracle prices (${input.feed}, ${output.feed}) you ${give} and ${get} of ${facts.symbolOf(intent.outputMint)}: ${percent(lossBps)} less. This holds whatever the swap service's prices and quote say: its price may be false or its pool pushed. Do not sign unless you mean to lose that much.`,
  };
}

/** The valuation of `intent` and the oracle's warnings about it. */
export function valueTrade(intent: SwapIntent, facts: TradeValueFacts): TradeValue {
  const exactIn = intent.swapMode === 'ExactIn';
  // The bounds the guard lets the transaction reach, as market-warnings.ts's rule judges.
  const paid = exactIn ? intent.inAmount : intent.otherAmountThreshold;
  const got = exactIn ? intent.otherAmountThreshold : intent.outAmount;
  const input = side(intent.inputMint, paid, facts);
  const output = side(intent.outputMint, got, facts);
  const sameMint = intent.inputMint === intent.outputMint;
  const sides = sameMint ? [input] : [input, output];
  const sentences: string[] = [];
  const oracleFeeds = sides.filter((s) => s.source === 'oracle').map((s) => s.feed);
  if (oracleFeeds.length === sides.length) {
    sentences.push(
      `Both sides are valued at Pyth's oracle prices (${oracleFeeds.join(', ')}), read from the network, not from the swap service.`,
    );
  } else {
    for (const s of sides) {
      const sentence = sourceSentence(s, facts.symbolOf(s.mint));
      if (sentence) sentences.push(sentence);
      else sentences.push(`${facts.symbolOf(s.mint)} is valued at Pyth's ${s.feed} price.`);
    }
  }
  const oracleJudged =
    !sameMint && input.source === 'oracle' && output.source === 'oracle' && intent.outAmount > 0n;
  const loss = oracleJudged ? oracleLoss(intent, input, output, facts) : null;
  const notes = sides.flatMap((s) => {
    const symbol = facts.symbolOf(s.mint);
    return [divergence(s, symbol), unavailable(s, symbol)].filter(
      (w): w is TokenWarning => w !== null,
    );
  });
  return {
    valuation: { swapMode: intent.swapMode, input, output, sentences },
    warnings: loss ? [loss, ...notes] : notes,
    oracleJudged,
  };
}
