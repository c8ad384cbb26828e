/**
 * Whether the sandbox runs Jupiter's program (it does when the ledger holds an executable
 * account at Jupiter's id: `--jupiter-program FILE`), and what a swap request asks of a route.
 */
import type { LedgerView } from '../ledger/ledger-view';
import type { MarketContext } from '../swap-api/market-context';
import type { ReplayedSwap } from '../swap-api/route-replay';
import type { JupiterRouteOptions } from '../swap-api/swap-instructions';
import type { SwapRequest } from '../swap-api/swap-request';
import { JUPITER_PROGRAM_ID } from './program';

const loaded = new WeakMap<LedgerView, boolean>();

/** True when Jupiter's program is loaded on this ledger (read once per ledger). */
export function runsJupiter(ledger: LedgerView): boolean {
  let known = loaded.get(ledger);
  if (known === undefined) {
    known = ledger.getAccount(JUPITER_PROGRAM_ID)?.executable === true;
    loaded.set(ledger, known);
  }
  return known;
}

/** The route options of a request, or null when the sandbox has no Jupiter program. */
export function jupiterOptions(
  context: MarketContext,
  request: SwapRequest,
  swap: ReplayedSwap,
): JupiterRouteOptions | null {
  if (!runsJupiter(context.ledger)) return null;
  const { quote } = request;
  return {
    useSharedAccounts: request.useSharedAccounts,
    // No V2 form reads a token ledger.
    useTokenLedger:
      request.useTokenLedger && quote.swapMode === 'ExactIn' && request.instructionVersion === 'V1',
    instructionVersion: request.instructionVersion,
    slippageBps: quote.slippageBps,
    quoted: quote.swapMode === 'ExactIn' ? BigInt(quote.outAmount) : swap.route.inAmount,
  };
}
