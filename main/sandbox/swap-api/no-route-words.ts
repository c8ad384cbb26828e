/**
 * Why GET /quote found no route, in words a person can act on (issue 33): the filters named are
 * only those that actually kept a route out (a filter left at its default that changed nothing
 * is not named), and a pair no chain of pools joins says exactly that.
 */
import {
  candidatePaths,
  findBestRoute,
  MAX_HOPS,
  usablePools,
  type RouteRequest,
} from '../router/route-search';
import type { ReservesOf } from '../router/route-types';
import type { MarketContext } from './market-context';
import type { QuoteParams } from './quote-params';

/** The paths the request's filters leave, each hop with at least one pool it may use. */
export function usablePaths(context: MarketContext, request: RouteRequest): string[][] {
  return candidatePaths(context.graph, request).filter((path) =>
    path
      .slice(1)
      .every((to, i) => usablePools(context.graph, request, path[i] as string, to).length > 0),
  );
}

const symbolOf = (context: MarketContext, mint: string) => context.tokens.get(mint)?.symbol ?? mint;

/** NO_ROUTES_FOUND's words: no path under the request's filters. */
export function noPathWords(
  context: MarketContext,
  params: QuoteParams,
  request: RouteRequest,
): string {
  const pair = `${symbolOf(context, params.inputMint)} and ${symbolOf(context, params.outputMint)}`;
  const open: RouteRequest = {
    ...request,
    onlyDirectRoutes: false,
    intermediateMints: null,
    allowVenue: () => true,
  };
  if (usablePaths(context, open).length === 0) {
    return `No pool, and no chain of up to ${MAX_HOPS} pools, joins ${pair} on the sandbox. Choose another token.`;
  }
  // Each filter alone lifted: the ones whose lifting yields a path are the ones to name.
  const blocking: string[] = [];
  if (
    request.onlyDirectRoutes &&
    usablePaths(context, { ...request, onlyDirectRoutes: false }).length > 0
  ) {
    blocking.push('onlyDirectRoutes=true allows no token in between');
  }
  if (
    request.intermediateMints !== null &&
    usablePaths(context, { ...request, intermediateMints: null }).length > 0
  ) {
    blocking.push('restrictIntermediateTokens passes only through SOL, USDC or USDT');
  }
  const anyVenue = usablePaths(context, { ...request, allowVenue: () => true });
  if (anyVenue.length > 0) {
    // Name the venues left out, not the parameter: on the v2 Router path the sandbox itself
    // leaves the market maker out, which the person never set.
    const left = new Set<string>();
    for (const path of anyVenue) {
      path.slice(1).forEach((to, k) => {
        for (const pool of context.graph.poolsBetween(path[k] as string, to)) {
          if (!request.allowVenue(pool.label)) left.add(pool.label);
        }
      });
    }
    blocking.push(`only ${[...left].join(', ')} trades them, and this request leaves it out`);
  }
  const why =
    blocking.length > 0 ? blocking.join('; ') : "the request's filters together leave no route";
  return `No route joins ${pair} under this request: ${why}.`;
}

/** COULD_NOT_FIND_ANY_ROUTE's words: paths exist, but none serves this amount within the budget. */
export function noRouteWords(
  context: MarketContext,
  params: QuoteParams,
  request: RouteRequest,
  reservesOf: ReservesOf,
  unbounded: RouteRequest,
): string {
  if (findBestRoute(context.graph, reservesOf, unbounded) !== null) {
    if (params.asLegacyTransaction) {
      return "Every route for this pair and amount needs a v0 transaction (with the market's lookup table): a legacy transaction cannot hold it. Ask without asLegacyTransaction.";
    }
    return `Every route for this pair and amount needs more accounts than maxAccounts=${request.maxAccounts}. Raise maxAccounts or leave it out.`;
  }
  return 'No route can serve this amount: the pools that join these tokens do not hold enough liquidity for it. Try a smaller amount.';
}
