/**
 * The market's part of a review (issues 11 and 25), joined to the chain's once both are read:
 * the directory's and the service's warnings (market-warnings.ts), and what the trade is worth
 * at Pyth's prices (trade-value.ts). Where both sides are oracle-priced, the oracle's loss rule
 * judges the trade and the service-priced one steps aside: the service's prices must not
 * raise, nor hide, a loss the oracle does not see.
 *
 * Decimals come from the review's own read of the mints (its balance changes), so a directory
 * that lies about a token's decimals cannot make an output look worth more.
 */
import { marketWarnings, type MarketFacts } from './market-warnings';
import { NATIVE_MINT } from './program-ids';
import { valueTrade } from './trade-value';
import type { ReviewReport, SwapIntent } from './types';
import { shortAddress } from './words';

/** `reviewed` with the market's warnings first and the trade's valuation. */
export function withMarketReview(
  reviewed: ReviewReport,
  intent: SwapIntent,
  market: MarketFacts,
): ReviewReport {
  const service = marketWarnings(intent, market);
  // Opening a payee's account buys nothing: nothing to value (as marketWarnings decides).
  if (intent.payment?.kind === 'create-destination') {
    return { ...reviewed, tokenWarnings: [...service, ...reviewed.tokenWarnings] };
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
    prices: market.prices,
    oracle: market.oracle ?? new Map(),
  });
  const kept = value.oracleJudged ? service.filter((w) => w.kind !== 'value-loss') : service;
  const warnings = [...value.warnings, ...kept].sort(
    (a, b) => Number(b.mustAcknowledge) - Number(a.mustAcknowledge),
  );
  return {
    ...reviewed,
    tokenWarnings: [...warnings, ...reviewed.tokenWarnings],
    valuation: value.valuation,
  };
}
