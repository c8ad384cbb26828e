/**
 * ExactOut as Jupiter's program serves it: its exact-out forms run only steps it can run
 * backwards, and of the sandbox's venues those are Raydium AMM v4 (`RaydiumV2`, variant 105)
 * and Raydium CLMM (`RaydiumClmm`, variant 26: jupiter/clmm-step.ts); a CP-Swap step fails them
 * (2501, then 6016: sandbox README, "ExactOut and the program"). When the sandbox runs the
 * program, an ExactOut quote is therefore routed over AMM v4 and CLMM pools first, as mainnet's
 * API would route it, so /swap builds it as one Jupiter instruction; a pair neither joins keeps
 * the sandbox's own route (its direct CP-Swap instructions).
 */
import { findBestRoute, type RouteRequest } from '../router/route-search';
import type { ReservesOf, Route } from '../router/route-types';
import type { MarketContext } from '../swap-api/market-context';
import { AMM_V4_LABEL, CLMM_LABEL } from '../venues/types';
import { runsJupiter } from './jupiter-options';

/** The venues whose steps Jupiter's program runs backwards. */
const EXACT_OUT_LABELS: readonly string[] = [AMM_V4_LABEL, CLMM_LABEL];

/** The best ExactOut route Jupiter's program can run, or null (not ExactOut, no program, none). */
export function jupiterExactOutRoute(
  context: MarketContext,
  reservesOf: ReservesOf,
  request: RouteRequest,
): Route | null {
  if (request.swapMode !== 'ExactOut' || !runsJupiter(context.ledger)) return null;
  return findBestRoute(context.graph, reservesOf, {
    ...request,
    allowVenue: (label) => EXACT_OUT_LABELS.includes(label) && request.allowVenue(label),
  });
}
