/**
 * Prices of Scaled UI Amount mints for the review's value rule (issue 35). A price service
 * quotes such a token per UI unit (what a person holds: raw × multiplier), as the integration
 * guide asks; the review values the raw amounts a transaction moves. So a scaled mint's price
 * becomes a price per raw unit, times the multiplier the review said its amounts at. Without
 * this a 1.5× token bought at its fair price reads as a 33% loss.
 */
import type { PriceView } from '../../preload/api-types';
import { decimalText, multiplyDecimal, parseDecimal } from '../shared/usd';
import type { TokenWarning } from './types';

/** `prices` with each scaled mint's price per raw unit; other mints as they are. */
export function rawUnitPrices(
  prices: Readonly<Record<string, PriceView>>,
  warnings: readonly TokenWarning[],
): Record<string, PriceView> {
  const out: Record<string, PriceView> = { ...prices };
  for (const warning of warnings) {
    if (warning.kind !== 'scaled-amount' || warning.multiplier === undefined) continue;
    const view = prices[warning.mint];
    const price = view?.usdPrice ? parseDecimal(view.usdPrice) : null;
    // The f64 multiplier in shortest decimal text: exact to the digits the mint stores.
    const multiplier = parseDecimal(String(warning.multiplier));
    if (!view || !price || !multiplier) continue;
    out[warning.mint] = { ...view, usdPrice: decimalText(multiplyDecimal(price, multiplier)) };
  }
  return out;
}
