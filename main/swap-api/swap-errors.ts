/**
 * The swap service's `errorCode` values (API-NOTES) in words a person can act on. Pure, so the
 * review module and the renderer can reuse it.
 */
import type { SwapMode } from './types';
import { sanitizeServiceCode } from './service-text';

export const KNOWN_SERVICE_ERROR_CODES = [
  'NO_ROUTES_FOUND',
  'COULD_NOT_FIND_ANY_ROUTE',
  'ROUTE_PLAN_DOES_NOT_CONSUME_ALL_THE_AMOUNT',
  'MARKET_NOT_FOUND',
  'TOKEN_NOT_TRADABLE',
  'NOT_SUPPORTED',
  'CIRCULAR_ARBITRAGE_IS_DISABLED',
  'CANNOT_COMPUTE_OTHER_AMOUNT_THRESHOLD',
  'MAX_ACCOUNT_GREATER_THAN_MAX',
  'INVALID_COMPUTE_UNIT_PRICE_AND_PRIORITIZATION_FEE',
  'FAILED_TO_GET_SWAP_AND_ACCOUNT_METAS',
] as const;

export type KnownServiceErrorCode = (typeof KNOWN_SERVICE_ERROR_CODES)[number];

export interface SwapErrorDetail {
  /** The mode of the request that failed; changes the advice for missing routes. */
  swapMode?: SwapMode;
  /** HTTP status of the refusal: named, with the code, when the code is not one we know. */
  status?: number;
  /** What was refused, e.g. "the quote request" (answer-errors.ts); "the request" otherwise. */
  request?: string;
}

const EXACT_OUT_VENUES = 'Orca Whirlpool, Raydium CLMM and Raydium CPMM';

const MESSAGES: Record<KnownServiceErrorCode, string> = {
  NO_ROUTES_FOUND:
    'No route found for this pair and amount. Try a smaller amount, another token, or allow more venues.',
  COULD_NOT_FIND_ANY_ROUTE:
    'No route found for this pair and amount. Try a smaller amount, another token, or allow more venues.',
  ROUTE_PLAN_DOES_NOT_CONSUME_ALL_THE_AMOUNT:
    'There is not enough liquidity on the allowed venues to take the whole amount. Try a smaller amount, or allow more venues and multi-hop routes.',
  MARKET_NOT_FOUND:
    'The swap service does not know a venue or market this request names. Clear the venue filters, or check the venue names.',
  TOKEN_NOT_TRADABLE:
    'One of the two tokens cannot be traded on the swap service. Check the mint address, or choose another token.',
  NOT_SUPPORTED:
    'The swap service does not support this request. Try an exact-input swap, another token, or fewer advanced options.',
  CIRCULAR_ARBITRAGE_IS_DISABLED:
    'You pay and receive the same token. Choose a different token to receive.',
  CANNOT_COMPUTE_OTHER_AMOUNT_THRESHOLD:
    'The swap service could not work out the slippage bound for this quote. Try another slippage setting or a smaller amount.',
  MAX_ACCOUNT_GREATER_THAN_MAX:
    'The maximum number of accounts is above what the swap service allows. Lower "Max accounts" in the advanced options, or clear it.',
  INVALID_COMPUTE_UNIT_PRICE_AND_PRIORITIZATION_FEE:
    'Set either a priority fee or a compute unit price, not both.',
  FAILED_TO_GET_SWAP_AND_ACCOUNT_METAS:
    'The swap service could not build a transaction from this quote; it may be out of date. Get a fresh quote and try again.',
};

/** True when the code is one of API-NOTES' known service error codes. */
export function isKnownServiceErrorCode(code: unknown): code is KnownServiceErrorCode {
  return (
    typeof code === 'string' && (KNOWN_SERVICE_ERROR_CODES as readonly string[]).includes(code)
  );
}

/** True for the codes that mean "no route for this pair and amount". */
export function isNoRouteCode(code: unknown): boolean {
  return code === 'NO_ROUTES_FOUND' || code === 'COULD_NOT_FIND_ANY_ROUTE';
}

/**
 * Turns a service `errorCode` into a message a person can act on, always in the wallet's own
 * words: known codes get theirs; an unknown code is named with the status (issue 32: the
 * service's `error` text never enters the sentence; it travels as the error's serviceMessage).
 * @example describeSwapError('NO_ROUTES_FOUND', { swapMode: 'ExactOut' })
 */
export function describeSwapError(code: unknown, detail: SwapErrorDetail = {}): string {
  if (isNoRouteCode(code) && detail.swapMode === 'ExactOut') {
    return (
      'No exact-output route found for this pair and amount. Only three venues serve exact-output ' +
      `swaps (${EXACT_OUT_VENUES}), so not every token pair works: try paying with another token, ` +
      'or a smaller amount.'
    );
  }
  if (isKnownServiceErrorCode(code)) return MESSAGES[code];
  const safeCode = sanitizeServiceCode(code);
  const named = [
    detail.status === undefined ? undefined : `HTTP ${detail.status}`,
    safeCode === undefined ? undefined : `code ${safeCode}`,
  ].filter((part) => part !== undefined);
  return `The swap service refused ${detail.request ?? 'the request'} (${named.length === 0 ? 'no error code' : named.join(', ')}). Check the swap settings, or try again later.`;
}
