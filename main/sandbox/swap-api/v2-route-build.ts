/**
 * The instruction-building step of the sandbox's v2 endpoints, in one place: given a quote the
 * sandbox made and the person's choices, the instructions of a /swap/v2/build answer and the
 * transaction of a /swap/v2/order answer. Today both are the sandbox's Raydium CP-Swap
 * instructions, built by its v6 /swap-instructions and /swap (the market maker's co-signed fill
 * only through /swap, so only on /order). A later step replaces this object with one that emits
 * Jupiter's `route_v2` / `shared_accounts_route_v2` when the Jupiter program is loaded; the
 * endpoints (v2-shape.ts, v2-order.ts) only call these two functions.
 */
import type { IncomingMessage } from 'node:http';
import type { SwapApiHandler } from './mount';
import { callV6, type Captured } from './v6-call';

/** What the person chose that changes the instructions (all optional, as in the v2 query). */
export interface RouteBuildChoices {
  taker: string;
  wrapAndUnwrapSol?: boolean;
  feeAccount?: string;
  destinationTokenAccount?: string;
  /** Lamports of priority fee (compute unit price from it), or none. */
  priorityFeeLamports?: number;
}

export interface V2RouteBuilder {
  /** The v6-shaped /swap-instructions answer for `quote` (v6 JSON), or the v6 error. */
  instructions(req: IncomingMessage, quote: unknown, choices: RouteBuildChoices): Promise<Captured>;
  /** The v6-shaped /swap answer (unsigned transaction, market maker co-signed when it fills). */
  transaction(req: IncomingMessage, quote: unknown, choices: RouteBuildChoices): Promise<Captured>;
}

function swapBody(quote: unknown, choices: RouteBuildChoices) {
  return {
    quoteResponse: quote,
    userPublicKey: choices.taker,
    wrapAndUnwrapSol: choices.wrapAndUnwrapSol ?? true,
    dynamicComputeUnitLimit: true,
    prioritizationFeeLamports: choices.priorityFeeLamports ?? 0,
    ...(choices.feeAccount === undefined ? {} : { feeAccount: choices.feeAccount }),
    ...(choices.destinationTokenAccount === undefined
      ? {}
      : { destinationTokenAccount: choices.destinationTokenAccount }),
  };
}

/** Today's builder: Raydium CP-Swap through the sandbox's v6 handler. */
export function cpSwapRouteBuilder(inner: SwapApiHandler): V2RouteBuilder {
  const at = (path: string) => new URL(`http://sandbox${path}`);
  return {
    instructions: (req, quote, choices) =>
      callV6(inner, req, '/swap-instructions', at('/swap-instructions'), swapBody(quote, choices)),
    transaction: (req, quote, choices) =>
      callV6(inner, req, '/swap', at('/swap'), swapBody(quote, choices)),
  };
}
