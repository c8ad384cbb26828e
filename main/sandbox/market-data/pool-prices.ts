/**
 * USD prices the sandbox derives from its own pools, as a price service would from the market:
 * USDC is $1, and every other token is priced through the first pool (in catalog order) that
 * links it to a token already priced, at that pool's mid price (the marginal rate with the
 * venue fee taken back out). Read from the vault balances at the time of the request, so a
 * swap that moves a pool moves its price.
 *
 * Floating point here is deliberate: this plays the remote price API, which publishes prices
 * as JSON numbers. The wallet never computes money from them as numbers (main/prices).
 */
import { marginalRate } from '../router/price-impact';
import type { MarketContext } from '../swap-api/market-context';
import { multiplierAt, scaledConfigOfMint } from '../../shared/scaled-amount';

const USD_ANCHOR = 'USDC';

/** Price per whole token in USD, by mint; tokens no pool links to USDC are absent. */
export function poolPrices(context: MarketContext): Map<string, number> {
  const reservesOf = context.reservesReader();
  const usdc = context.market.tokens.find((token) => token.symbol === USD_ANCHOR);
  const prices = new Map<string, number>();
  if (!usdc) return prices;
  prices.set(usdc.mint, 1);
  const decimalsOf = (mint: string) => context.tokens.get(mint)?.decimals ?? 0;
  for (let changed = true; changed;) {
    changed = false;
    for (const pool of context.market.pools) {
      for (const [known, unknown] of [
        [pool.mintA, pool.mintB],
        [pool.mintB, pool.mintA],
      ] as const) {
        const knownPrice = prices.get(known);
        if (knownPrice === undefined || prices.has(unknown)) continue;
        const rate = marginalRate(pool, reservesOf(pool), unknown) / (1 - pool.feeBps / 10_000);
        if (!(rate > 0)) continue;
        // rate: base units of `known` per base unit of `unknown`.
        const perWhole = rate * 10 ** (decimalsOf(unknown) - decimalsOf(known));
        prices.set(unknown, Number((perWhole * knownPrice).toPrecision(8)));
        changed = true;
      }
    }
  }
  // A Scaled UI Amount mint's price is per UI unit, as a price service quotes a tokenized stock
  // (issue 35): pools trade raw amounts, a person holds raw × multiplier.
  for (const [mint, price] of prices) {
    const config = scaledConfigOfMint(context.ledger.getAccount(mint)?.data ?? new Uint8Array());
    if (config === null) continue;
    const multiplier = multiplierAt(config, Date.now() / 1000);
    prices.set(mint, Number((price / multiplier).toPrecision(8)));
  }
  return prices;
}
