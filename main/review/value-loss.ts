/**
 * A trade far below its value needs the person's eyes (issue 21): when the USD value of what
 * the person receives, at the wallet's bound, is more than 5% below the USD value of what they
 * pay, the warning is dangerous and must be acknowledged (**I understand this risk**) before
 * main signs, whatever price impact the quote claims: a quote routed through a pool the service
 * owns, priced 40% below the market, can claim a matching impact, and a claimed impact is the
 * service's word. Where a side has no price, the review says so instead of staying silent.
 *
 * Judged at the bound the person accepts (ExactIn: the least they may receive; ExactOut: the
 * most they may pay), the looser of the quote's and the wallet's own (swap-api/slippage-bound.ts).
 * The USD values come from one ValueSource (value-source.ts). Where its price of a side is
 * evidence with a band (a stale Pyth price, a pool's; issue 32), the 5% widens by both sides'
 * bands: a loss inside them may be the prices' age, not the route. Money is exact decimals.
 */
import {
  alignDecimals,
  compareDecimal,
  decimalText,
  formatUsd,
  multiplyDecimal,
  parseDecimal,
  type Decimal,
} from '../shared/usd';
import { walletBound } from '../swap-api/slippage-bound';
import type { SwapIntent, TokenWarning } from './types';
import type { ValueSource } from './value-source';

/** More than this fraction below what is paid is a loss the person must acknowledge. */
export const VALUE_LOSS_LIMIT = '0.05';

export interface ValueInputs {
  values: ValueSource;
  /** Decimals and a name for each mint (the directory's; a mint absent has no value). */
  tokens: ReadonlyMap<string, { symbol: string; decimals: number }>;
  nameOf(mint: string): string;
}

/** What the person pays at most and receives at least, in base units (also what the review values). */
export function valueTerms(intent: SwapIntent): { paid: bigint; got: bigint } {
  const bound = walletBound(intent);
  const threshold = intent.otherAmountThreshold;
  if (intent.swapMode === 'ExactIn') {
    return { paid: intent.inAmount, got: threshold < bound ? threshold : bound };
  }
  return { paid: threshold > bound ? threshold : bound, got: intent.outAmount };
}

function valueOf(mint: string, amount: bigint, inputs: ValueInputs): Decimal | null {
  const decimals = inputs.tokens.get(mint)?.decimals;
  return decimals === undefined ? null : inputs.values.usdValue(mint, amount, decimals);
}

/**
 * The value warning of a swap or payment: dangerous when more than 5% is lost at the bound, a
 * caution when a side has no price, none otherwise.
 * @example valueWarning(intent, { values: priceApiValues(prices), tokens, nameOf })
 */
export function valueWarning(intent: SwapIntent, inputs: ValueInputs): TokenWarning | null {
  if (intent.inputMint === intent.outputMint || intent.outAmount === 0n) return null;
  const { paid, got } = valueTerms(intent);
  const valueIn = valueOf(intent.inputMint, paid, inputs);
  const valueOut = valueOf(intent.outputMint, got, inputs);
  if (valueIn === null || valueOut === null) {
    const missing = [
      valueIn === null ? intent.inputMint : null,
      valueOut === null ? intent.outputMint : null,
    ].filter((mint): mint is SwapIntent['inputMint'] => mint !== null);
    const names = missing.map((mint) => inputs.nameOf(mint)).join(' or ');
    return {
      mint: missing[0] ?? intent.outputMint,
      kind: 'value-unknown',
      mustAcknowledge: false,
      sentence: `There is no USD price for ${names} from ${inputs.values.name}, so the wallet cannot tell whether what you receive is worth what you pay; compare before you sign.`,
    };
  }
  if (valueIn.digits === 0n) return null;
  const band =
    (inputs.values.toleranceBps?.(intent.inputMint) ?? 0n) +
    (inputs.values.toleranceBps?.(intent.outputMint) ?? 0n);
  // 1 − VALUE_LOSS_LIMIT − the bands, in basis points.
  const keepBps = 9_500n - band;
  if (keepBps <= 0n) return null;
  const keep = { digits: keepBps, scale: 4 };
  if (compareDecimal(valueOut, multiplyDecimal(valueIn, keep)) >= 0) return null;
  const { a: inDigits, b: outDigits } = alignDecimals(valueIn, valueOut);
  const lossPercent = ((inDigits - outDigits) * 100n) / inDigits; // whole percent, rounded down
  const exactIn = intent.swapMode === 'ExactIn';
  const give = exactIn
    ? `give about ${formatUsd(valueIn)}`
    : `may give up to ${formatUsd(valueIn)}`;
  const get = exactIn
    ? `may get as little as ${formatUsd(valueOut)}`
    : `get about ${formatUsd(valueOut)}`;
  const impact = parseDecimal(intent.priceImpactPct ?? '');
  const claimed =
    impact === null || impact.digits === 0n
      ? ''
      : ` The quote puts the price impact at ${decimalText({ digits: impact.digits * 100n, scale: impact.scale })}%, but the loss is yours whatever causes it.`;
  return {
    mint: intent.outputMint,
    kind: 'value-loss',
    mustAcknowledge: true,
    sentence: `You ${give} and ${get} (prices from ${inputs.values.name}): ${lossPercent}% less.${band > 0n ? ` That is more than 5% even allowing ${decimalText({ digits: band, scale: 2 })}% for the prices' age and source.` : ''}${claimed} The route may go through a pool priced far from the market; compare before you sign.`,
  };
}
