/**
 * The error the client throws for anything the service said or failed to say. It is a
 * WalletError (stable code, message for a person) that also carries the HTTP status and the
 * service's own sanitized code for the review module and for support; what the service said in
 * words is its `serviceMessage`, never part of the message (issue 32).
 */
import { WalletError, type ErrorCode } from '../shared/errors';

export class SwapApiError extends WalletError {
  /** HTTP status of the last answer, when there was one. */
  readonly status: number | undefined;
  /** The service's `errorCode`, sanitized, when it sent one. */
  readonly serviceCode: string | undefined;
  /** Whether another attempt may succeed (429, 5xx, a dropped connection). */
  readonly transient: boolean;
  /** Milliseconds the service asked us to wait (Retry-After), when it said. */
  readonly retryAfterMs: number | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    details: {
      status?: number;
      serviceCode?: string;
      transient?: boolean;
      retryAfterMs?: number;
      /** The service's own words (sanitized by WalletError), shown only behind a disclosure. */
      serviceMessage?: string;
    } = {},
  ) {
    super(code, message, { serviceMessage: details.serviceMessage });
    this.name = 'SwapApiError';
    this.status = details.status;
    this.serviceCode = details.serviceCode;
    this.transient = details.transient ?? false;
    this.retryAfterMs = details.retryAfterMs;
  }
}
