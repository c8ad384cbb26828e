/**
 * Where the review's USD values come from (issue 21): one small input, so that the rule "a
 * trade far below its value needs the person's eyes" (value-loss.ts) does not care who prices
 * the tokens. By default it is the swap service's Price API prices the review already holds
 * (app/market-facts.ts); the review gives it Pyth's prices wherever a side has a feed (issue 25:
 * read on chain, which the swap service cannot fake; review/trade-value.ts) through
 * `MarketFacts.values`.
 */
import type { PriceView } from '../../preload/api-types';
import { parseDecimal, usdValue, type Decimal } from '../shared/usd';

export interface ValueSource {
  /** Where the prices come from, in the words of a sentence: "the swap service's Price API". */
  name: string;
  /**
   * The USD value of `amount` base units of `mint` (with its `decimals`), or null when this
   * source has no price for it.
   */
  usdValue(mint: string, amount: bigint, decimals: number): Decimal | null;
  /**
   * How far this source's price of `mint` may honestly be from today's, in basis points (a
   * stale feed's band, a pool's; issue 32). The value rule allows for it. Absent: none.
   */
  toleranceBps?(mint: string): bigint;
}

/**
 * The swap service's Price API prices (Price v3, exact decimal text), as the review has them.
 * @example priceApiValues(market.prices).usdValue(USDC, 1_000_000n, 6) // { digits: 1000000n, scale: 6 }
 */
export function priceApiValues(prices: Readonly<Record<string, PriceView>>): ValueSource {
  return {
    name: "the swap service's Price API",
    usdValue(mint, amount, decimals) {
      const text = prices[mint]?.usdPrice;
      const price = text ? parseDecimal(text) : null;
      return price ? usdValue(amount, decimals, price) : null;
    },
  };
}
