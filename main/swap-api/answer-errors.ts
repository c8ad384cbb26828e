/**
 * Turns a failed HTTP answer into a SwapApiError with a message a person can act on, in the
 * wallet's own words (the service's text rides beside it as serviceMessage, issue 32): the
 * service's `{ errorCode, error }` body through describeSwapError, rate limiting (429, or
 * the gateway's `{ code: 429, message }`), server trouble (5xx), and answers that are not the
 * service's error shape at all (a wrong base URL usually answers 404 with an HTML page).
 */
import type { SwapMode } from './types';
import { SwapApiError } from './swap-api-error';
import { describeSwapError, isNoRouteCode } from './swap-errors';
import { sanitizeServiceCode, sanitizeServiceText } from './service-text';
import { describeExecuteCode } from './v2/v2-errors';

export interface AnswerContext {
  /** The base URL as it may be shown (see displayBaseUrl). */
  service: string;
  swapMode: SwapMode | undefined;
  /** Whether an API key was sent; changes the advice for 401/403 and 429. */
  hasApiKey: boolean;
  /** Removes secrets (the API key) from the service's text. */
  redact: (text: string) => string;
  /** The path asked, e.g. "/quote": names what was refused (requestWords). */
  endpoint?: string;
}

/** What a request to `endpoint` asked for, as the refusal's sentence names it. */
export function requestWords(endpoint: string | undefined): string {
  switch (endpoint) {
    case '/quote':
      return 'the quote request';
    case '/swap':
    case '/swap-instructions':
    case '/build':
      return 'to build this swap';
    case '/order':
      return 'the order request';
    case '/execute':
      return 'to send the signed swap';
    case '/program-id-to-label':
      return 'the request for venue names';
    default:
      return 'the request';
  }
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
  said = '',
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
      ...(said === '' ? {} : { serviceMessage: said }),
    },
  );
}

/**
 * 401 and 403 in words that fit whether a key was sent: the gateway answers "Unauthorized" for
 * a missing or unknown key, "API key does not have access to this endpoint" for a key whose plan
 * lacks it, and "Request blocked by firewall" when its firewall stops the request whatever the
 * key (test/fixtures/real-world/errors/gateway-401, -403-permission, -403-firewall).
 */
function accessRefused(status: number, said: string, context: AnswerContext): string {
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
 * What the service said in words, sanitized, for the error's serviceMessage: `error` and a
 * distinct `message` (the gateway's `{ code, message }`, the older `{ statusCode, error, message }`), or
 * a plain-text body (some frameworks answer a bad query in text). An HTML page says nothing a
 * person can use: it is usually a wrong address or a proxy's error page.
 */
function serviceWords(body: unknown, redact: (text: string) => string): string {
  if (typeof body === 'string') {
    return /^\s*</.test(body) ? '' : sanitizeServiceText(redact(body));
  }
  if (typeof body !== 'object' || body === null) return '';
  const { error, message } = body as Record<string, unknown>;
  const parts = [error, message].filter((part): part is string => typeof part === 'string');
  const distinct = parts.filter((part, index) => parts.indexOf(part) === index);
  return sanitizeServiceText(redact(distinct.join(': ')));
}

/**
 * The error for a non-2xx answer. `body` is the parsed JSON, or the text when the body was not
 * JSON. 429 and 5xx errors are marked transient (worth retrying). The message is always the
 * wallet's own sentence, chosen from the status, the service's code and the endpoint; what the
 * service said in words travels as `serviceMessage` (issue 32), sanitized, never in the message.
 */
export function errorFromAnswer(
  status: number,
  body: unknown,
  context: AnswerContext,
  retryAfterMs?: number,
): SwapApiError {
  const said = serviceWords(body, context.redact);
  const serviceMessage = said === '' ? {} : { serviceMessage: said };
  if (status === 429 || isGatewayRateLimit(body)) {
    return rateLimited(context, status, retryAfterMs, said);
  }
  const transient = status >= 500;
  const record =
    typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : undefined;
  const serviceCode = sanitizeServiceCode(record?.errorCode);
  const request = requestWords(context.endpoint);
  // The Swap API v2's /execute answers 400 `{ error, code }` with a negative code (issue 22).
  if (typeof record?.code === 'number' && record.code < 0) {
    return new SwapApiError('SWAP_API_REJECTED', describeExecuteCode(record.code), {
      status,
      transient,
      ...serviceMessage,
    });
  }
  // A body with words but no code is the service's refusal of this request, unless it is a
  // server error (500 "Dynamic swap is missing dynamic swap details"): that is "not working".
  const refusalWords = typeof record?.error === 'string' && !transient;
  if (record !== undefined && (serviceCode !== undefined || refusalWords)) {
    const message = describeSwapError(serviceCode ?? record.errorCode, {
      status,
      request,
      ...(context.swapMode === undefined ? {} : { swapMode: context.swapMode }),
    });
    const code = isNoRouteCode(serviceCode) ? 'NO_ROUTE' : 'SWAP_API_REJECTED';
    return new SwapApiError(code, message, {
      status,
      transient,
      ...(serviceCode === undefined ? {} : { serviceCode }),
      ...serviceMessage,
    });
  }
  if (status === 401 || status === 403) {
    return new SwapApiError('SWAP_API_REJECTED', accessRefused(status, said, context), {
      status,
      ...serviceMessage,
    });
  }
  if (transient) {
    return new SwapApiError(
      'SWAP_API_UNREACHABLE',
      `The swap service at ${context.service} is not working right now (HTTP ${status}). Try again in a moment.`,
      { status, transient, ...serviceMessage },
    );
  }
  if (said !== '') {
    return new SwapApiError(
      'SWAP_API_REJECTED',
      `The swap service at ${context.service} refused ${request} (HTTP ${status}). Check the swap settings and the service address in Settings, or try again later.`,
      { status, ...serviceMessage },
    );
  }
  return new SwapApiError(
    'SWAP_API_REJECTED',
    `The swap service at ${context.service} answered HTTP ${status} without an error the wallet understands. Check the swap service address in Settings.`,
    { status },
  );
}
