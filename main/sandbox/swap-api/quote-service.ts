/**
 * GET /quote: validates the request against the market, asks the router for the best route over
 * the current vault balances, and shapes the Quote of the spec (amounts as decimal strings,
 * hops chained mint to mint, platform fee, slippage bound, price impact, slot, time taken).
 */
import { countRouteAccounts, MAX_ACCOUNTS } from '../router/route-accounts';
import { findBestRoute, type RouteRequest } from '../router/route-search';
import { runsJupiter } from '../jupiter/jupiter-options';
import { noPathWords, noRouteWords, usablePaths } from './no-route-words';
import { formatImpact, routePriceImpact } from '../router/price-impact';
import type { ReservesOf, Route } from '../router/route-types';
import { SwapApiError } from './api-error';
import { jupiterExactOutRoute } from '../jupiter/exact-out-venues';
import type { MarketContext } from './market-context';
import type { QuoteParams } from './quote-params';
import { autoSlippageBps, otherAmountThreshold, platformFeeAmount } from './slippage';

export interface QuoteJson {
  inputMint: string;
  inAmount: string;
  outputMint: string;
  outAmount: string;
  otherAmountThreshold: string;
  swapMode: 'ExactIn' | 'ExactOut';
  slippageBps: number;
  computedAutoSlippage?: number;
  platformFee: { amount: string; feeBps: number } | null;
  priceImpactPct: string;
  routePlan: {
    swapInfo: {
      ammKey: string;
      label: string;
      inputMint: string;
      outputMint: string;
      inAmount: string;
      outAmount: string;
      feeAmount: string;
      feeMint: string;
    };
    percent: number;
    bps: number;
  }[];
  contextSlot: number;
  timeTaken: number;
}

function checkTradable(context: MarketContext, mint: string, side: string): void {
  if (!context.tokens.has(mint) || !context.graph.trades(mint)) {
    throw new SwapApiError(
      'TOKEN_NOT_TRADABLE',
      `The ${side} token ${mint} is not traded on the sandbox. GET /tokens lists the tradable mints.`,
    );
  }
}

/** The router request of a quote, shared with /swap's account budget check. */
export function routeRequestOf(context: MarketContext, params: QuoteParams): RouteRequest {
  const platformFee = params.platformFeeBps > 0;
  return {
    inputMint: params.inputMint,
    outputMint: params.outputMint,
    amount: params.amount,
    swapMode: params.swapMode,
    onlyDirectRoutes: params.onlyDirectRoutes,
    intermediateMints: params.restrictIntermediateTokens ? context.topIntermediates : null,
    allowVenue: (label) =>
      (params.dexes === null || params.dexes.has(label)) && !params.excludeDexes.has(label),
    maxAccounts: params.maxAccounts ?? MAX_ACCOUNTS,
    countAccounts: (route: Route) => {
      // A legacy transaction cannot use the market's lookup table, so a route too large for a
      // packet inline is out of a legacy quote, as on mainnet.
      if (params.asLegacyTransaction && !fitsLegacy(context, route))
        return Number.POSITIVE_INFINITY;
      return countRouteAccounts(route, context.isToken2022, platformFee);
    },
  };
}

/**
 * Whether a route's swap fits a legacy transaction (every account inline), as measured on the
 * sandbox: its own CP-Swap calls fit three (three hops, or two with a split: 1,229 bytes
 * without a fee token); one Jupiter route fits two steps (shared accounts, 1,043 bytes), not
 * three (its own accounts and the program's token accounts come on top). An AMM v4 call names
 * fewer accounts than a CP-Swap call (8 against 13); a CLMM `swap_v2` names its bitmap
 * extension, up to three tick arrays and two more programs, so it is counted as three: a legacy
 * route with a CLMM leg is that leg alone, through Jupiter's program or not.
 */
function fitsLegacy(context: MarketContext, route: Route): boolean {
  const legs = route.hops.flatMap((hop) => hop.legs);
  const weight = legs.reduce((sum, leg) => sum + (leg.pool.curve.kind === 'clmm' ? 3 : 1), 0);
  // The legs Jupiter's program runs (jupiter-groups.ts, jupiterCanRoute): ExactIn over every
  // Raydium venue, ExactOut over AMM v4 and CLMM.
  const kinds = route.swapMode === 'ExactIn' ? ['cp-swap', 'amm-v4', 'clmm'] : ['amm-v4', 'clmm'];
  const jupiter =
    legs.every((leg) => kinds.includes(leg.pool.curve.kind)) && runsJupiter(context.ledger);
  // One CLMM step alone through the program fits (1,029 bytes shared, measured:
  // jupiter/clmm-route.test.ts).
  return jupiter ? weight <= 2 || legs.length === 1 : weight <= 3;
}

/**
 * A legacy quote's second try, without Raydium CLMM: the router prices each hop with its best
 * pool, so where a CLMM pool wins one hop of a longer path (mSOL > SOL) the whole path is too
 * large inline, though the same path over CP-Swap and AMM v4 fits. Null when not legacy.
 */
function legacyRouteWithoutClmm(
  context: MarketContext,
  reservesOf: ReservesOf,
  request: RouteRequest,
  params: QuoteParams,
): Route | null {
  if (!params.asLegacyTransaction) return null;
  return findBestRoute(context.graph, reservesOf, {
    ...request,
    allowVenue: (label) => label !== 'Raydium CLMM' && request.allowVenue(label),
  });
}

/** Computes the quote for validated parameters; throws SwapApiError. */
export function computeQuote(
  context: MarketContext,
  params: QuoteParams,
  now: () => number,
): QuoteJson {
  const started = now();
  if (params.inputMint === params.outputMint) {
    throw new SwapApiError(
      'CIRCULAR_ARBITRAGE_IS_DISABLED',
      'The input and output tokens are the same; choose two different tokens.',
    );
  }
  checkTradable(context, params.inputMint, 'input');
  checkTradable(context, params.outputMint, 'output');
  if (params.swapMode === 'ExactOut' && params.maxAccounts !== null) {
    throw new SwapApiError(
      'NOT_SUPPORTED',
      'maxAccounts cannot be combined with ExactOut; drop maxAccounts for an exact-output quote.',
    );
  }
  const request = routeRequestOf(context, params);
  const reservesOf = context.reservesReader();
  if (usablePaths(context, request).length === 0) {
    throw new SwapApiError('NO_ROUTES_FOUND', noPathWords(context, params, request));
  }
  const route =
    jupiterExactOutRoute(context, reservesOf, request) ??
    findBestRoute(context.graph, reservesOf, request) ??
    legacyRouteWithoutClmm(context, reservesOf, request, params);
  if (route === null) {
    const unbounded = routeRequestOf(context, {
      ...params,
      asLegacyTransaction: false,
      maxAccounts: null,
    });
    throw new SwapApiError(
      'COULD_NOT_FIND_ANY_ROUTE',
      noRouteWords(context, params, request, reservesOf, unbounded),
    );
  }
  const impact = routePriceImpact(route, reservesOf);
  const slippageBps = params.autoSlippage
    ? autoSlippageBps(
        route,
        impact,
        (mint) => context.tokens.get(mint)?.symbol,
        params.maxAutoSlippageBps,
      )
    : params.slippageBps;
  const fee = platformFeeAmount(params.swapMode, route, params.platformFeeBps);
  const inAmount = params.swapMode === 'ExactIn' ? route.inAmount : route.inAmount + fee;
  const outAmount = params.swapMode === 'ExactIn' ? route.outAmount - fee : route.outAmount;
  const quote: QuoteJson = {
    inputMint: params.inputMint,
    inAmount: inAmount.toString(),
    outputMint: params.outputMint,
    outAmount: outAmount.toString(),
    otherAmountThreshold: otherAmountThreshold(
      params.swapMode,
      inAmount,
      outAmount,
      slippageBps,
    ).toString(),
    swapMode: params.swapMode,
    slippageBps,
    platformFee:
      params.platformFeeBps > 0 ? { amount: fee.toString(), feeBps: params.platformFeeBps } : null,
    priceImpactPct: formatImpact(impact),
    routePlan: route.hops.flatMap((hop) =>
      hop.legs.map((leg) => ({
        swapInfo: {
          ammKey: leg.pool.ammKey,
          label: leg.pool.label,
          inputMint: leg.inputMint,
          outputMint: leg.outputMint,
          inAmount: leg.amountIn.toString(),
          outAmount: leg.amountOut.toString(),
          feeAmount: leg.feeAmount.toString(),
          feeMint: leg.feeMint,
        },
        percent: leg.percent,
        bps: leg.percent * 100,
      })),
    ),
    contextSlot: context.ledger.currentSlot(),
    timeTaken: (now() - started) / 1000,
  };
  if (params.autoSlippage) quote.computedAutoSlippage = slippageBps;
  return quote;
}
