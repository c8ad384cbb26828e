/**
 * A pair the Swap API v2 cannot serve, in plain words (issue 32). The real service answers a
 * quote it cannot make with HTTP 400 and no code (`{ "error": "Failed to get quotes" }`, seen in
 * 2026; the sandbox names its router's filters there): the wallet then says that no route joins
 * the two tokens, naming them, and nothing of filters or settings the person never set.
 */
import { WalletError } from '../../shared/errors';
import { SwapApiError } from '../swap-api-error';

/** The client's words, before the tokens are named (the client knows mints only). */
export const NO_ROUTE_WORDS =
  'No route joins these two tokens on this network. Choose another token.';

/** "No route joins USDC and mSOL on this network. Choose another token." */
export function noRouteBetween(input: string, output: string): string {
  return `No route joins ${input} and ${output} on this network. Choose another token.`;
}

/**
 * A 400 answer to GET /build or /order without the service's code is its refusal to quote:
 * rethrown as NO_ROUTE in the wallet's words; anything else is rethrown as it is.
 */
export function asNoRoute(error: unknown): never {
  if (
    error instanceof SwapApiError &&
    error.code === 'SWAP_API_REJECTED' &&
    error.status === 400 &&
    error.serviceCode === undefined
  ) {
    // The service's own words stay with it, behind "Show the service's message".
    throw new SwapApiError('NO_ROUTE', NO_ROUTE_WORDS, {
      status: 400,
      serviceMessage: error.serviceMessage,
    });
  }
  throw error;
}

/**
 * The client's NO_ROUTE with the two tokens named (their symbols where known, else the mints);
 * any other error as it is.
 * @example throw await namedNoRoute(error, [USDC, MSOL], deps.tokenSymbols);
 */
export async function namedNoRoute(
  error: unknown,
  mints: readonly [string, string],
  tokenSymbols?: (mints: readonly string[]) => Promise<Record<string, string>>,
): Promise<unknown> {
  if (!(error instanceof WalletError) || error.code !== 'NO_ROUTE') return error;
  if (error.message !== NO_ROUTE_WORDS) return error;
  const named = (await tokenSymbols?.([...mints]).catch(() => undefined)) ?? {};
  const [input, output] = mints.map((mint) => named[mint] ?? mint) as [string, string];
  return new WalletError('NO_ROUTE', noRouteBetween(input, output), {
    cause: error,
    serviceMessage: error.serviceMessage,
  });
}
