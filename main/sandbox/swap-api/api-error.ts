/**
 * Failures of the swap API: a stable `errorCode`, a sentence a person can act on, and the HTTP
 * status. The body on the wire is `{ errorCode, error }` as the spec says. ERRORS.md beside this
 * file lists every code.
 */
export const SWAP_API_ERROR_CODES = {
  // Jupiter's codes (API-NOTES.md)
  NO_ROUTES_FOUND: 400,
  COULD_NOT_FIND_ANY_ROUTE: 400,
  ROUTE_PLAN_DOES_NOT_CONSUME_ALL_THE_AMOUNT: 400,
  MARKET_NOT_FOUND: 400,
  TOKEN_NOT_TRADABLE: 400,
  NOT_SUPPORTED: 400,
  CIRCULAR_ARBITRAGE_IS_DISABLED: 400,
  CANNOT_COMPUTE_OTHER_AMOUNT_THRESHOLD: 400,
  MAX_ACCOUNT_GREATER_THAN_MAX: 400,
  INVALID_COMPUTE_UNIT_PRICE_AND_PRIORITIZATION_FEE: 400,
  FAILED_TO_GET_SWAP_AND_ACCOUNT_METAS: 400,
  // the sandbox's validation codes
  INVALID_PARAMETER: 400,
  INVALID_REQUEST_BODY: 400,
  INVALID_QUOTE_RESPONSE: 400,
  INVALID_FEE_ACCOUNT: 400,
  FEE_ACCOUNT_MINT_MISMATCH: 400,
  TOKEN_2022_FEE_ACCOUNT_NOT_SUPPORTED: 400,
  INVALID_DESTINATION_TOKEN_ACCOUNT: 400,
  SLIPPAGE_TOLERANCE_EXCEEDED: 409,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  PAYLOAD_TOO_LARGE: 413,
  INTERNAL_ERROR: 500,
} as const;

export type SwapApiErrorCode = keyof typeof SWAP_API_ERROR_CODES;

export class SwapApiError extends Error {
  readonly errorCode: SwapApiErrorCode;
  readonly status: number;

  constructor(errorCode: SwapApiErrorCode, message: string) {
    super(message);
    this.name = 'SwapApiError';
    this.errorCode = errorCode;
    this.status = SWAP_API_ERROR_CODES[errorCode];
  }

  /** The `{ errorCode, error }` body of the spec. */
  body(): { errorCode: string; error: string } {
    return { errorCode: this.errorCode, error: this.message };
  }
}
