/**
 * A quote refused because of its venue filters, in the wallet's own words (issue 26). A service
 * that does not know a venue label answers with text that repeats the label sent; passed on, a
 * strange label (markup, a long run of text) would come back to the screen as the service's
 * words. When the request named venues and the service refused it without a code the wallet
 * knows, the answer says what the person can do, never what the service echoed.
 */
import { isKnownServiceErrorCode } from './swap-errors';
import { SwapApiError } from './swap-api-error';
import type { QuoteParams } from './types';

export const VENUE_REFUSAL_MESSAGE =
  'The swap service did not accept this quote request, which names venues to use or avoid ' +
  '(advanced options): one of them may be a venue this service does not know. Clear the venue ' +
  'filters, or choose venues from the list the service names, and quote again.';

/** The error to throw instead of `error`, or `error` itself when it is not such a refusal. */
export function venueRefusalInOwnWords(error: unknown, params: QuoteParams): unknown {
  const namesVenues = (params.dexes?.length ?? 0) > 0 || (params.excludeDexes?.length ?? 0) > 0;
  if (!namesVenues || !(error instanceof SwapApiError)) return error;
  const { status, serviceCode } = error;
  const refusal =
    error.code === 'SWAP_API_REJECTED' &&
    status !== undefined &&
    status >= 400 &&
    status < 500 &&
    status !== 401 &&
    status !== 403 &&
    status !== 429;
  if (!refusal || isKnownServiceErrorCode(serviceCode)) return error;
  // What the service echoed stays out of the message; it rides apart, sanitized (issue 32).
  return new SwapApiError('SWAP_API_REJECTED', VENUE_REFUSAL_MESSAGE, {
    status,
    ...(serviceCode === undefined ? {} : { serviceCode }),
    ...(error.serviceMessage === undefined ? {} : { serviceMessage: error.serviceMessage }),
  });
}
