/**
 * The warnings of a review that come from the market rather than the chain (issue 11): a token
 * that is not on the verified list, and a trade whose USD value out is far below its USD value
 * in. Unverified on the output side is dangerous (it is what a look-alike token scam sells, and
 * must be acknowledged); on the input side the person already holds it, so it is a caution. A
 * token the directory cannot vouch for (offline, unknown) counts as unverified.
 *
 * Money is computed in exact decimals (main/shared/usd.ts), never JavaScript numbers.
 */
import type { PriceView } from '../../preload/api-types';
import {
  alignDecimals,
  compareDecimal,
  decimalText,
  formatUsd,
  multiplyDecimal,
  parseDecimal,
  subtractDecimal,
  usdValue,
  type Decimal,
} from '../shared/usd';
import type { Address } from '../shared/address';
import type { OracleReading } from '../prices/oracle/oracle-checks';
import { NATIVE_MINT } from './program-ids';
import type { SwapIntent, TokenWarning } from './types';
import { shortAddress } from './words';

const ONE: Decimal = { digits: 1n, scale: 0 };

/** A gap this much beyond the price impact (in percentage points) is called out. */
export const VALUE_LOSS_MARGIN = '0.05';

export interface MarketFacts {
  /** What the directory knows of each mint; a mint absent is unknown. */
  tokens: ReadonlyMap<string, { symbol: string; verified: boolean; decimals: number }>;
  prices: Readonly<Record<string, PriceView>>;
  /** For an unverified mint, the mint of a verified token whose symbol reads the same. */
  namesakes?: ReadonlyMap<string, string>;
  /** Pyth's readings of the mints the wallet has a feed for (issue 25; market-review.ts). */
  oracle?: ReadonlyMap<string, OracleReading>;
}

function nameOf(mint: string, facts: MarketFacts): string {
  return facts.tokens.get(mint)?.symbol ?? `token ${shortAddress(mint)}`;
}

function unverified(
  mint: string,
  side: 'input' | 'output',
  facts: MarketFacts,
): TokenWarning | null {
  if (mint === NATIVE_MINT || facts.tokens.get(mint)?.verified) return null;
  const name = nameOf(mint, facts);
  const namesake = facts.namesakes?.get(mint);
  // A verified token that reads the same is what a look-alike scam counts on: say so first.
  const notListed = namesake
    ? `${name} is not on the verified token list, and a verified token whose symbol reads the same has another mint (${shortAddress(namesake)}): this one may be an imitation.`
    : side === 'output'
      ? `${name} is not on the verified token list: anyone can create a token with any name and logo.`
      : `${name} is not on the verified token list: its name and logo are not vouched for by anyone.`;
  return {
    mint: mint as Address,
    kind: 'unverified',
    mustAcknowledge: side === 'output',
    sentence:
      side === 'output'
        ? `${notListed} Make sure ${shortAddress(mint)} is the mint of the token you mean to buy.`
        : notListed,
  };
}

/** A warning's estimate, so the directory's decimals do (no signing decision rests on it). */
function valueOf(amount: bigint, mint: string, facts: MarketFacts): Decimal | null {
  const decimals = facts.tokens.get(mint)?.decimals;
  const price = facts.prices[mint];
  if (decimals === undefined || !price?.usdPrice) return null;
  const usd = parseDecimal(price.usdPrice);
  return usd ? usdValue(amount, decimals, usd) : null;
}

/**
 * USD out below USD in × (1 − price impact − margin): the prices or the route are off. Judged
 * on the bound the person accepts (the least they may receive, ExactIn; the most they may pay,
 * ExactOut), which is what the guard lets the transaction do, not on the quote's hopeful
 * figure: a bound far from the quote is a loss too.
 */
function valueLoss(intent: SwapIntent, facts: MarketFacts): TokenWarning | null {
  if (intent.inputMint === intent.outputMint || intent.outAmount === 0n) return null;
  const exactIn = intent.swapMode === 'ExactIn';
  const paid = exactIn ? intent.inAmount : intent.otherAmountThreshold;
  const got = exactIn ? intent.otherAmountThreshold : intent.outAmount;
  const valueIn = valueOf(paid, intent.inputMint, facts);
  const valueOut = valueOf(got, intent.outputMint, facts);
  if (!valueIn || !valueOut || valueIn.digits === 0n) return null;
  const impact = parseDecimal(intent.priceImpactPct ?? '0') ?? { digits: 0n, scale: 0 };
  const margin = parseDecimal(VALUE_LOSS_MARGIN) as Decimal;
  const keep = subtractDecimal(subtractDecimal(ONE, impact), margin);
  if (keep.digits <= 0n) return null; // the impact alone explains any gap
  if (compareDecimal(valueOut, multiplyDecimal(valueIn, keep)) >= 0) return null;
  // Loss in whole percent, rounded down, from exact values.
  const { a: inDigits, b: outDigits } = alignDecimals(valueIn, valueOut);
  const lossPercent = ((inDigits - outDigits) * 100n) / inDigits;
  const impactPercent = decimalText({ digits: impact.digits * 100n, scale: impact.scale });
  const give = exactIn
    ? `give about ${formatUsd(valueIn)}`
    : `may give up to ${formatUsd(valueIn)}`;
  const get = exactIn
    ? `may get as little as ${formatUsd(valueOut)}`
    : `get about ${formatUsd(valueOut)}`;
  return {
    mint: intent.outputMint,
    kind: 'value-loss',
    mustAcknowledge: false,
    sentence: `You ${give} and ${get}: ${lossPercent}% less, more than the price impact (${impactPercent}%) explains. A price may be wrong, the market for ${nameOf(intent.outputMint, facts)} very thin or the slippage very wide; compare before you sign.`,
  };
}

/** The market warnings of a swap or payment, dangerous first. */
export function marketWarnings(intent: SwapIntent, facts: MarketFacts): TokenWarning[] {
  // Opening a payee's account buys nothing: the payment that follows is reviewed on its own.
  if (intent.payment?.kind === 'create-destination') return [];
  const warnings = [
    unverified(intent.outputMint, 'output', facts),
    intent.inputMint !== intent.outputMint ? unverified(intent.inputMint, 'input', facts) : null,
    valueLoss(intent, facts),
  ].filter((warning): warning is TokenWarning => warning !== null);
  return warnings.sort((a, b) => Number(b.mustAcknowledge) - Number(a.mustAcknowledge));
}
