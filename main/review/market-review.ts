/**
 * The market's part of a review (issues 11, 21 and 25), joined to the chain's once both are
 * read: the directory's warnings and the value rule (market-warnings.ts, value-loss.ts), judged
 * at Pyth's prices wherever a side has a feed (trade-value.ts gives the rule its ValueSource),
 * so the service's prices can neither raise nor hide a loss the oracle does not see; and what
 * the trade is worth, side by side, with whose prices.
 *
 * Decimals come from the review's own read of the mints (its balance changes), so a directory
 * that lies about a token's decimals cannot make an output look worth more.
 */
import { issuerPowers } from './known-issuers';
import { marketWarnings, type MarketFacts } from './market-warnings';
import { NATIVE_MINT } from './program-ids';
import { valueTrade } from './trade-value';
import type { ReviewReport, SwapIntent } from './types';
import { shortAddress } from './words';
import { rawUnitPrices } from './scaled-prices';

/** The chain's warnings, a known issuer's powers over a verified token said as such (issue 35). */
function byIssuer(reviewed: ReviewReport, market: MarketFacts) {
  const warnings = issuerPowers(
    reviewed.tokenWarnings,
    (mint) => market.tokens.get(mint)?.verified === true,
  );
  return warnings.sort((a, b) => Number(b.mustAcknowledge) - Number(a.mustAcknowledge));
}

/** `reviewed` with the market's warnings first and the trade's valuation. */
export function withMarketReview(
  reviewed: ReviewReport,
  intent: SwapIntent,
  market: MarketFacts,
): ReviewReport {
  // Opening a payee's account buys nothing: nothing to value (as marketWarnings decides).
  if (intent.payment?.kind === 'create-destination') {
    return {
      ...reviewed,
      tokenWarnings: [...marketWarnings(intent, market), ...byIssuer(reviewed, market)],
    };
  }
  const chainDecimals = new Map<string, number>();
  for (const change of reviewed.balanceChanges) {
    if (change.mint !== null && change.decimals !== null)
      chainDecimals.set(change.mint, change.decimals);
  }
  const value = valueTrade(intent, {
    symbolOf: (mint) =>
      market.tokens.get(mint)?.symbol ??
      (mint === NATIVE_MINT ? 'SOL' : `token ${shortAddress(mint)}`),
    decimalsOf: (mint) =>
      mint === NATIVE_MINT ? 9 : (chainDecimals.get(mint) ?? market.tokens.get(mint)?.decimals),
    // A scaled mint's price is per UI unit; the review values raw amounts (issue 35).
    prices: rawUnitPrices(market.prices, reviewed.tokenWarnings),
    oracle: market.oracle ?? new Map(),
    ...(market.pools ? { pools: market.pools } : {}),
    ...(market.stakePools ? { stakePools: market.stakePools } : {}),
    ...(market.remembered ? { remembered: market.remembered } : {}),
  });
  const judged = marketWarnings(intent, {
    ...market,
    prices: rawUnitPrices(market.prices, reviewed.tokenWarnings),
    values: value.values,
  });
  const warnings = [...judged, ...value.warnings].sort(
    (a, b) => Number(b.mustAcknowledge) - Number(a.mustAcknowledge),
  );
  return {
    ...reviewed,
    tokenWarnings: [...warnings, ...byIssuer(reviewed, market)],
    valuation: value.valuation,
  };
}
