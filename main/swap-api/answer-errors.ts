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

/** The gateway's own text (`{ code, message }`), for telling its refusals apart. */
function gatewayMessage(record: Record<string, unknown> | undefined): string {
  return typeof record?.message === 'string' ? record.message.slice(0, 300) : '';
}

/**
 * 401 and 403 in words that fit whether a key was sent: the gateway answers "Unauthorized" for
 * a missing or unknown key, "API key does not have access to this endpoint" for a key whose plan
 * lacks it, and "Request blocked by firewall" when its firewall stops the request whatever the
 * key (shared/real-world/jupiter/errors/gateway-401, -403-permission, -403-firewall).
 */
function accessRefused(
  status: number,
  record: Record<string, unknown> | undefined,
  context: AnswerContext,
): string {
  const said = gatewayMessage(record);
  const at = `The swap service at ${context.service}`;
  if (/firewall/i.test(said)) {
    return (
      `${at} blocked this request with its firewall (HTTP ${status}). This is the service refusing this ` +
      'connection, not a problem with your wallet' +
      (context.hasApiKey ? ' or your API key' : '') +
      '. Wait a while and try again, or use another swap service or connection.'
    );
  }
  if (
    /does not have access|not have permission|not allowed|forbidden/i.test(said) ||
    status === 403
  ) {
    return context.hasApiKey
      ? `${at} says the API key in Settings has no access to this endpoint (HTTP ${status}). Use a key whose plan includes the swap API, or remove the key to use the keyless tier.`
      : `${at} allows this endpoint only with an API key that has access to it (HTTP ${status}). Add such a key for this network in Settings.`;
  }
  return context.hasApiKey
    ? `${at} did not accept the API key in Settings (HTTP ${status}). Check it for typos, or replace it.`
    : `${at} requires an API key (HTTP ${status}). Add one for this network in Settings.`;
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
    return new SwapApiError('SWAP_API_REJECTED', accessRefused(status, record, context), {
      status,
    });
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
