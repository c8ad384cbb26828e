/**
 * The honest sweep on the Swap API v2 (issue 32 point 5): what the sweep of honest-sweep.ts
 * expects of each path of a v2 service. The Router path (GET /build) is Metis only, so never the
 * market maker's fill; the Best price path (GET /order) lets every route compete, the maker's
 * included. What the sandbox's pools cannot serve on a path must be refused before any review,
 * in exactly the wallet's words for a pair no route joins.
 */
import { routable, type SweepCase } from './honest-sweep';

export type SweepPath = 'router' | 'meta-aggregator';

/** Cases a path cannot serve, by the sandbox's pools alone (its seeds, not its router). */
export function unservableOn(path: SweepPath, sweepCase: SweepCase): boolean {
  const withMaker = path === 'meta-aggregator';
  if (sweepCase.kind === 'swap') {
    return !routable(sweepCase.input.symbol, sweepCase.output.symbol, withMaker);
  }
  if (sweepCase.token === sweepCase.payWith) return false;
  // Every v2 payment by swap is built from /build (Metis only), whatever the path.
  return !routable(sweepCase.payWith.symbol, sweepCase.token.symbol, false);
}

/** The wallet's words for a case no route serves: the two tokens, in the order asked. */
export function noRouteWords(sweepCase: SweepCase): string {
  const [input, output] =
    sweepCase.kind === 'swap'
      ? [sweepCase.input.symbol, sweepCase.output.symbol]
      : [sweepCase.payWith.symbol, sweepCase.token.symbol];
  return `NO_ROUTE: No route joins ${input} and ${output} on this network. Choose another token.`;
}

/** The tally of one run, across its tests. */
export interface SweepTally {
  confirmed: number;
  /** Seconds spent per phase, for the log. */
  seconds: Record<string, number>;
}
