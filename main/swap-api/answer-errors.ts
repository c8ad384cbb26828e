/**
 * Turns a failed HTTP answer into a SwapApiError with a message a person can act on:
 * the service's `{ errorCode, error }` body through describeSwapError, rate limiting (429, or
 * the gateway's `{ code: 429, message }`), server trouble (5xx), and answers that are not the
 * service's error shape at all (a wrong base URL usually answers 404 with an HTML page).
 */
import type { SwapMode } from './types';
import { SwapApiError } from './swap-api-error';
import { describeSwapError, isNoRouteCode } from './swap-errors';
import { sanitizeServiceCode } from './service-text';

export interface AnswerContext {
  /** The base URL as it may be shown (see displayBaseUrl). */
  service: string;
  swapMode: SwapMode | undefined;
  /** Whether an API key was sent; changes the advice for 401/403 and 429. */
  hasApiKey: boolean;
  /** Removes secrets (the API key) from the service's text. */
  redact: (text: string) => string;
}

/** True for the gateway's rate-limit body `{ code: 429, message }`. */
export function isGatewayRateLimit(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { code?: unknown }).code === 429;
}

/** The rate-limit error, with how long to wait when the service said. */
export function rateLimited(
  context: AnswerContext,
  status: number | undefined,
  retryAfterMs?: number,
): SwapApiError {
  const wait =
    retryAfterMs === undefined
      ? 'Wait a few seconds and try again'
      : `Wait about ${Math.max(1, Math.ceil(retryAfterMs / 1000))} seconds and try again`;
  const key = context.hasApiKey
    ? "or check the API key's plan in Settings"
    : 'or add an API key for this network in Settings';
  return new SwapApiError(
    'RATE_LIMITED',
    `The swap service is limiting how often this wallet may ask. ${wait}, ${key}.`,
    {
      ...(status === undefined ? {} : { status }),
      transient: true,
      ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
    },
  );
}

/**
 * The error for a non-2xx answer. `body` is the parsed JSON or undefined when the body was not
 * JSON. 429 and 5xx errors are marked transient (worth retrying).
 */
export function errorFromAnswer(
  status: number,
  body: unknown,
  context: AnswerContext,
  retryAfterMs?: number,
): SwapApiError {
  if (status === 429 || isGatewayRateLimit(body)) return rateLimited(context, status, retryAfterMs);
  const transient = status >= 500;
  const record =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  const serviceCode = sanitizeServiceCode(record?.errorCode);
  if (record !== undefined && (serviceCode !== undefined || typeof record.error === 'string')) {
    const message = describeSwapError(serviceCode ?? record.errorCode, {
      serviceText: typeof record.error === 'string' ? context.redact(record.error) : undefined,
      ...(context.swapMode === undefined ? {} : { swapMode: context.swapMode }),
    });
    const code = isNoRouteCode(serviceCode) ? 'NO_ROUTE' : 'SWAP_API_REJECTED';
    return new SwapApiError(code, message, {
      status,
      transient,
      ...(serviceCode === undefined ? {} : { serviceCode }),
    });
  }
  if (status === 401 || status === 403) {
    return new SwapApiError(
      'SWAP_API_REJECTED',
      context.hasApiKey
        ? `The swap service at ${context.service} refused the API key (HTTP ${status}). Check the key in Settings.`
        : `The swap service at ${context.service} requires an API key (HTTP ${status}). Add one for this network in Settings.`,
      { status },
    );
  }
  if (transient) {
    return new SwapApiError(
      'SWAP_API_UNREACHABLE',
      `The swap service at ${context.service} is not working right now (HTTP ${status}). Try again in a moment.`,
      { status, transient },
    );
  }
  return new SwapApiError(
    'SWAP_API_REJECTED',
    `The swap service at ${context.service} answered HTTP ${status} without an error the wallet understands. Check the swap service address in Settings.`,
    { status },
  );
}
