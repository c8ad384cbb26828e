/**
 * A price the swap service cannot fake (issue 25): both sides of a swap or payment valued at
 * Pyth's prices, read through the person's own RPC (main/prices/oracle/), where the wallet's
 * table has a feed for the token and the feed passed every check; at the swap service's price
 * where it has none, and the report says so.
 *
 * - **The value rule** (value-loss.ts, issue 21) judges the trade with `valueSource`: Pyth's
 *   price for each side that has one, so where both sides have a feed a loss of more than 5% is
 *   dangerous whatever the service's prices, quote or price impact say. A service lying with
 *   its price API, or a pool pushed before the quote (every figure the service sends then
 *   true), cannot move Pyth's price.
 * - **Divergence** (a caution): the service prices a token more than 2% away from Pyth; the
 *   report names both and says it trusts Pyth's.
 * - **Feed refused** (a caution): the table has a feed but it failed a check (stale, too wide,
 *   not Pyth's, …); the report names the check and values that side at the service's price.
 *
 * A side without Pyth's live price is valued by other evidence the service does not control
 * (issue 32, side-evidence.ts): a stale feed's last price within a band for its age, or the
 * deepest CP-Swap pool the wallet found; the value rule then allows for that band. Only a side
 * with no evidence at all is valued at the service's word, and the review says so in words.
 *
 * Values are exact decimals; token decimals are the chain's (the review read the mints), never
 * the service's directory alone.
 */
import type { PriceView } from '../../preload/api-types';
import type { PoolPrice } from '../prices/chain-pools/pool-price-reader';
import type { StakePoolRate } from '../prices/chain-pools/stake-pool-rate';
import type { OracleReading } from '../prices/oracle/oracle-checks';
import { feedOfMint } from '../prices/oracle/feed-table';
import { NATIVE_MINT } from './program-ids';
import type { MarketFacts } from './market-warnings';
import { serviceHistory } from './service-price-history';
import { bandText, bestEvidence } from './side-evidence';
import { decimalText, gapBps, parseDecimal, usdValue } from '../shared/usd';
import type { Address } from '../shared/address';
import type { SwapIntent, TokenWarning } from './types';
import type { SideValuation, TradeValuation } from './valuation-types';
import { valueTerms } from './value-loss';
import type { ValueSource } from './value-source';

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
  /** The deepest CP-Swap pool's price of each mint the wallet found one for (issue 32). */
  pools?: ReadonlyMap<string, PoolPrice>;
  /** Liquid staking tokens' stake pool rates (issue 32). */
  stakePools?: ReadonlyMap<string, StakePoolRate>;
  /** The service's earlier prices this run (issue 32; service-price-history.ts). */
  remembered?: MarketFacts['remembered'];
}

export interface TradeValue {
  valuation: TradeValuation;
  /** The divergence and refused-feed cautions. */
  warnings: TokenWarning[];
  /** The prices the value rule (value-loss.ts) judges by: Pyth's where a side has one. */
  values: ValueSource;
}

function side(mint: Address, amount: bigint, facts: TradeValueFacts): SideValuation {
  const feed = feedOfMint(mint);
  const reading = facts.oracle.get(mint);
  const oraclePrice = reading?.ok ? reading.price.usdPrice : null;
  const servicePrice = facts.prices[mint]?.usdPrice ?? null;
  const evidence = bestEvidence(reading, facts.pools?.get(mint), facts.symbolOf, {
    rate: facts.stakePools?.get(mint),
    sol: facts.oracle.get(NATIVE_MINT),
    decimals: facts.decimalsOf(mint),
  });
  const price = evidence?.usdPrice ?? servicePrice;
  const decimals = facts.decimalsOf(mint);
  const parsed = price === null ? null : parseDecimal(price);
  const usd =
    parsed && decimals !== undefined ? decimalText(usdValue(amount, decimals, parsed)) : null;
  return {
    mint,
    amount,
    usd,
    source: usd === null ? null : (evidence?.source ?? 'service'),
    oraclePrice,
    servicePrice,
    feed: feed?.alias ?? null,
    oracleRefusal: reading && !reading.ok ? reading.reason : null,
    evidencePrice: evidence?.usdPrice ?? null,
    toleranceBps: evidence ? Number(evidence.toleranceBps) : null,
    evidence: evidence?.name ?? null,
  };
}

const percent = (bps: bigint) => `${decimalText({ digits: bps, scale: 2 })}%`;

function sourceSentence(s: SideValuation, symbol: string): string {
  if (s.source === 'oracle') return `${symbol} is valued at Pyth's ${s.feed} price.`;
  if (s.source === 'stale-oracle' || s.source === 'pool' || s.source === 'stake-pool') {
    return `${symbol} is valued from ${s.evidence}, within ${bandText(BigInt(s.toleranceBps ?? 0))}, not at the swap service's price.`;
  }
  const why = s.feed === null ? 'no Pyth feed' : `Pyth's ${s.feed} price could not be used`;
  const evidence = `Swapdesk found no price for ${symbol} that the swap service does not control (${why}, and no Raydium CP-Swap pool against SOL, USDC or USDT it could read)`;
  return s.servicePrice === null
    ? `${evidence}, and the swap service has none: ${symbol} is not valued.`
    : `${evidence}: its value is the swap service's word.`;
}

function divergence(s: SideValuation, symbol: string): TokenWarning | null {
  const evidence = s.evidencePrice === null ? null : parseDecimal(s.evidencePrice);
  const service = s.servicePrice === null ? null : parseDecimal(s.servicePrice);
  if (!evidence || !service) return null;
  const gap = gapBps(service, evidence);
  const band = BigInt(s.toleranceBps ?? 0);
  if (gap <= DIVERGENCE_BPS + band) return null;
  const theirs =
    s.source === 'oracle'
      ? `Pyth's ${s.feed} feed at $${s.evidencePrice}`
      : `${s.evidence} at $${s.evidencePrice} (${bandText(band)})`;
  return {
    mint: s.mint,
    kind: 'price-divergence',
    mustAcknowledge: false,
    sentence: `The swap service prices ${symbol} at $${s.servicePrice}, ${theirs}: ${percent(gap)} apart. Swapdesk trusts ${s.source === 'oracle' ? "Pyth's price" : 'that price'}, read from the network, not from the swap service.`,
  };
}

function unavailable(s: SideValuation, symbol: string): TokenWarning | null {
  if (s.oracleRefusal === null) return null;
  const instead =
    s.source === 'stale-oracle' || s.source === 'pool' || s.source === 'stake-pool'
      ? `${symbol} is valued from ${s.evidence} instead, within ${bandText(BigInt(s.toleranceBps ?? 0))}.`
      : `${symbol} is valued at the swap service's price${s.servicePrice === null ? ' (it has none)' : ''}, which Swapdesk cannot check.`;
  return {
    mint: s.mint,
    kind: 'oracle-unavailable',
    mustAcknowledge: false,
    sentence: `${s.oracleRefusal} ${instead}`,
  };
}

/** The valuation of `intent` and the oracle's warnings about it. */
export function valueTrade(intent: SwapIntent, facts: TradeValueFacts): TradeValue {
  // The amounts the value rule judges: the most paid and the least received the guard allows.
  const { paid, got } = valueTerms(intent);
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
    for (const s of sides) sentences.push(sourceSentence(s, facts.symbolOf(s.mint)));
  }
  const history = facts.remembered
    ? sides.map((s) =>
        serviceHistory(
          s,
          facts.symbolOf(s.mint),
          facts.remembered?.prices.get(s.mint) ?? [],
          facts.remembered?.at ?? 0,
        ),
      )
    : [];
  for (const h of history) if (h) sentences.push(h.sentence);
  const notes = sides.flatMap((s) => {
    const symbol = facts.symbolOf(s.mint);
    return [divergence(s, symbol), unavailable(s, symbol)].filter(
      (w): w is TokenWarning => w !== null,
    );
  });
  for (const h of history) if (h?.warning) notes.unshift(h.warning);
  return {
    valuation: { swapMode: intent.swapMode, input, output, sentences },
    warnings: notes,
    values: valueSource(sides, facts),
  };
}

/**
 * The value rule's prices: each side's evidence (Pyth's, a stale feed's, the deepest pool's)
 * with its band, the service's where there is none; the chain's decimals. Its name says whose
 * prices the rule's sentence is at.
 */
function valueSource(sides: SideValuation[], facts: TradeValueFacts): ValueSource {
  const priceOf = new Map(sides.map((s) => [s.mint as string, s.evidencePrice ?? s.servicePrice]));
  const bandOf = new Map(sides.map((s) => [s.mint as string, BigInt(s.toleranceBps ?? 0)]));
  const live = sides.filter((s) => s.source === 'oracle');
  const name =
    live.length === sides.length
      ? `Pyth's oracle feeds ${live.map((s) => s.feed).join(' and ')}, read from the network, not from the swap service`
      : sides.every((s) => s.source === 'service' || s.source === null)
        ? "the swap service's Price API"
        : sides
            .map((s) => {
              const symbol = facts.symbolOf(s.mint);
              if (s.source === 'oracle') return `Pyth's ${s.feed} feed for ${symbol}`;
              if (s.source === 'stale-oracle' || s.source === 'pool' || s.source === 'stake-pool') {
                return `${s.evidence} for ${symbol} (${bandText(BigInt(s.toleranceBps ?? 0))})`;
              }
              return `the swap service's Price API for ${symbol}`;
            })
            .join(' and ');
  return {
    name,
    usdValue(mint, amount, decimals) {
      const text = priceOf.get(mint) ?? facts.prices[mint]?.usdPrice ?? null;
      const price = text === null ? null : parseDecimal(text);
      return price ? usdValue(amount, facts.decimalsOf(mint) ?? decimals, price) : null;
    },
    toleranceBps: (mint) => bandOf.get(mint) ?? 0n,
  };
}
