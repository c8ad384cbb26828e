/**
 * The sandbox's quotes in the Swap API v2's shapes (official OpenAPI, test/fixtures/real-world/
 * schema/jup-ag-docs-1dda348d-openapi-swap-v2.yaml): a v2 query read into the v6 /quote query
 * the sandbox answers (ExactIn only: a `swapMode` other than ExactIn is refused, as v2 has no
 * other), and a v6 quote turned into the fields /build and /order share (`RoutePlanStep` with
 * `percent` and `bps`, `SwapInfo` with its six required fields and nothing else).
 */
import { MARKET_MAKER_LABEL } from '../venues/types';
import { SwapApiError } from './api-error';

type Json = Record<string, unknown>;

/** The v6 /quote query of a v2 /build or /order query. */
export function v6QuoteQuery(
  v2: URLSearchParams,
  platformFeeBps?: number,
  options: { withoutMarketMaker?: boolean } = {},
): URL {
  const mode = v2.get('swapMode');
  if (mode !== null && mode !== 'ExactIn') {
    throw new SwapApiError(
      'INVALID_PARAMETER',
      `swapMode ${mode} is not supported: the Swap API v2 quotes ExactIn only.`,
    );
  }
  const query = new URL('http://sandbox/quote');
  for (const name of [
    'inputMint',
    'outputMint',
    'amount',
    'dexes',
    'excludeDexes',
    'maxAccounts',
  ]) {
    const value = v2.get(name);
    if (value !== null) query.searchParams.set(name, value);
  }
  const slippage = v2.get('slippageBps');
  // /order without slippageBps (and /build's "rtse") lets the service choose: the sandbox's
  // choice is its default, 50 bps.
  query.searchParams.set('slippageBps', slippage === null || slippage === 'rtse' ? '50' : slippage);
  query.searchParams.set('swapMode', 'ExactIn');
  // /build routes through Metis only: the market maker's fill (an RFQ) is never on it.
  if (options.withoutMarketMaker && !query.searchParams.has('dexes')) {
    const avoid = query.searchParams.get('excludeDexes');
    query.searchParams.set(
      'excludeDexes',
      avoid ? `${avoid},${MARKET_MAKER_LABEL}` : MARKET_MAKER_LABEL,
    );
  }
  if (platformFeeBps !== undefined && platformFeeBps > 0) {
    query.searchParams.set('platformFeeBps', String(platformFeeBps));
  }
  return query;
}

/** The quote fields /build and /order share, from a v6 quote. */
export function v2QuoteFields(quote: Json): Json {
  const routePlan = (quote.routePlan as Json[]).map((step) => {
    const info = step.swapInfo as Json;
    const percent = typeof step.percent === 'number' ? step.percent : 100;
    return {
      swapInfo: {
        ammKey: info.ammKey,
        label: typeof info.label === 'string' ? info.label : 'Unknown',
        inputMint: info.inputMint,
        outputMint: info.outputMint,
        inAmount: info.inAmount,
        outAmount: info.outAmount,
      },
      percent,
      bps: typeof step.bps === 'number' ? step.bps : percent * 100,
    };
  });
  return {
    inputMint: quote.inputMint,
    outputMint: quote.outputMint,
    inAmount: quote.inAmount,
    outAmount: quote.outAmount,
    otherAmountThreshold: quote.otherAmountThreshold,
    swapMode: 'ExactIn',
    slippageBps: quote.slippageBps,
    priceImpactPct: quote.priceImpactPct ?? '0',
    routePlan,
  };
}

/** The v2 error body of a v6 error answer: `{ error }` (and /order's `requestId`). */
export function v2ErrorBody(v6: unknown, requestId?: string): Json {
  const said = (v6 as { error?: unknown } | null)?.error;
  return {
    ...(requestId === undefined ? {} : { requestId }),
    error: typeof said === 'string' ? said : 'Failed to get quotes',
  };
}
