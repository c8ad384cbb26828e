/**
 * A quote as main hands it to the renderer, for component tests that need one but look at
 * something else (the review, the report): an exact-in quote at 0.5% slippage with no price
 * impact, no fee and no route, good for a minute from now unless `fields` say otherwise.
 */
import type { QuoteView } from '../../../preload/api-types';

export function fakeQuote(
  fields: Pick<
    QuoteView,
    'inputMint' | 'outputMint' | 'inAmount' | 'outAmount' | 'otherAmountThreshold'
  > &
    Partial<QuoteView>,
): QuoteView {
  return {
    quoteId: 'q1',
    swapMode: 'ExactIn',
    minimumReceived: fields.otherAmountThreshold,
    maximumSpent: null,
    slippageBps: 50,
    computedAutoSlippageBps: null,
    priceImpactPct: '0',
    platformFee: null,
    route: [],
    contextSlot: 1,
    quotedAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 60_000).toISOString(),
    ...fields,
  };
}
