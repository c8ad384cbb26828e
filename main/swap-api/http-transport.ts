/**
 * One request to the swap service, with a timeout, and retries with exponential backoff for
 * answers worth retrying (429 honouring Retry-After or x-ratelimit-reset, 5xx, a dropped
 * connection). Time passes
 * only through the injected `wait` and `now`, so tests run without fake timers.
 */
import { WalletError } from '../shared/errors';
import type { SwapMode } from './types';
import { SwapApiError } from './swap-api-error';
import {
  errorFromAnswer,
  isGatewayRateLimit,
  rateLimited,
  type AnswerContext,
} from './answer-errors';
import { badResponse } from './bad-response';

/** The slice of a fetch Response the client reads. */
export interface ResponseLike {
  status: number;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
}

/** The slice of `fetch` the client calls; the global fetch fits. */
export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; signal: AbortSignal },
) => Promise<ResponseLike>;

/** Resolves after `ms`, or as soon as `signal` aborts (so a finished request leaves no timer). */
export type Wait = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface TransportConfig {
  baseUrl: URL;
  /** Shown in messages: no user info, no query (see displayBaseUrl). */
  service: string;
  apiKey: string | undefined;
  fetch: FetchLike;
  wait: Wait;
  now: () => number;
  timeoutMs: number;
  retries: number;
  backoffBaseMs: number;
  backoffMaxMs: number;
  /** A Retry-After longer than this is not waited out; the person is told instead. */
  maxRetryAfterMs: number;
}

export interface ServiceRequest {
  method: 'GET' | 'POST';
  path: string;
  query?: URLSearchParams;
  body?: string;
  swapMode?: SwapMode;
  signal?: AbortSignal;
}

/** The body as text (kept verbatim for quotes) and parsed. */
export interface ServiceAnswer {
  raw: string;
  body: unknown;
  /** Milliseconds waited for the service's rate limit before this answer (0 when none). */
  rateLimitWaitMs?: number;
}

/** Anything larger is not a quote or a transaction; refusing it bounds memory. */
const MAX_BODY_CHARS = 4_000_000;

function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 1000)} seconds`;
}

function cancelled(): WalletError {
  return new WalletError('CANCELLED', 'The request was cancelled.');
}

/** Retry-After as milliseconds: delay-seconds or an HTTP date (RFC 9110 10.2.3). */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d{1,9}$/.test(text)) return Number(text) * 1000;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/**
 * `x-ratelimit-reset` as milliseconds to wait. Today's gateway sends the Unix time (seconds) at
 * which the window resets and no Retry-After (test/fixtures/real-world/errors/gateway-429-plan);
 * some gateways send the seconds left instead, told apart by size (no Unix time is below 1e9).
 */
export function parseRateLimitReset(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (!/^\d{1,12}(\.\d+)?$/.test(text)) return undefined;
  const seconds = Number(text);
  const ms = seconds >= 1e9 ? seconds * 1000 - now : seconds * 1000;
  return Math.max(0, Math.ceil(ms));
}

/** How long a rate-limited answer asks to wait: the later of Retry-After and the reset time. */
export function rateLimitWait(headers: ResponseLike['headers'], now: number): number | undefined {
  const waits = [
    parseRetryAfter(headers.get('retry-after'), now),
    parseRateLimitReset(headers.get('x-ratelimit-reset'), now),
  ].filter((ms): ms is number => ms !== undefined);
  return waits.length === 0 ? undefined : Math.max(...waits);
}

/** `text` with every occurrence of `secret` replaced (JSON-safe: the marker has no quotes). */
export function redact(text: string, secret: string | undefined): string {
  return secret === undefined || secret === '' ? text : text.split(secret).join('[API key]');
}

function buildUrl(config: TransportConfig, request: ServiceRequest): string {
  const url = new URL(config.baseUrl.href);
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${request.path}`;
  request.query?.forEach((value, name) => url.searchParams.set(name, value));
  return url.href;
}

function networkReason(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  const code = typeof cause?.code === 'string' ? cause.code : undefined;
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host name could not be found';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was dropped';
  return 'the network request failed';
}

/** Why a finished request's timer is stopped; never thrown or shown. */
const FINISHED = Symbol('the request finished');

/** One attempt: resolves to the answer, or throws a SwapApiError (transient or final). */
async function attempt(config: TransportConfig, request: ServiceRequest): Promise<ServiceAnswer> {
  const context: AnswerContext = {
    service: config.service,
    swapMode: request.swapMode,
    hasApiKey: config.apiKey !== undefined,
    // A service may echo the key in its error text; the key never reaches a message.
    redact: (text) => redact(text, config.apiKey),
    endpoint: request.path,
  };
  const abort = new AbortController();
  const onCallerAbort = (): void => abort.abort();
  request.signal?.addEventListener('abort', onCallerAbort);
  const timerStop = new AbortController();
  let timedOut = false;
  const timeout = config.wait(config.timeoutMs, timerStop.signal).then(() => {
    if (timerStop.signal.aborted) return;
    timedOut = true;
    abort.abort();
    throw new Error('timeout');
  });
  const headers: Record<string, string> = { accept: 'application/json' };
  if (request.body !== undefined) headers['content-type'] = 'application/json';
  if (config.apiKey !== undefined) headers['x-api-key'] = config.apiKey;
  const exchange = (async () => {
    const response = await config.fetch(buildUrl(config, request), {
      method: request.method,
      headers,
      ...(request.body === undefined ? {} : { body: request.body }),
      signal: abort.signal,
    });
    return { response, raw: await response.text() };
  })();
  let answer: { response: ResponseLike; raw: string };
  try {
    // The race keeps the timeout honest even if a fetch ignores its signal.
    answer = await Promise.race([exchange, timeout as Promise<never>]);
  } catch (error) {
    if (request.signal?.aborted) throw cancelled();
    if (timedOut) {
      throw new SwapApiError(
        'SWAP_API_UNREACHABLE',
        `The swap service at ${config.service} did not answer within ${duration(config.timeoutMs)}. Check your connection, or try again.`,
      );
    }
    throw new SwapApiError(
      'SWAP_API_UNREACHABLE',
      `Could not reach the swap service at ${config.service} (${networkReason(error)}). Check your connection and the address in Settings.`,
      { transient: true },
    );
  } finally {
    // With a reason of its own: abort() without one makes a DOMException, stack and all, on
    // every request (issue 26: 0.04 ms of each review).
    timerStop.abort(FINISHED);
    request.signal?.removeEventListener('abort', onCallerAbort);
    exchange.catch(() => undefined);
    timeout.catch(() => undefined);
  }
  const { response, raw } = answer;
  if (raw.length > MAX_BODY_CHARS) badResponse('the answer is far too large');
  let body: unknown;
  let isJson = true;
  try {
    body = JSON.parse(raw);
  } catch {
    isJson = false;
  }
  const retryAfterMs = rateLimitWait(response.headers, config.now());
  const ok = response.status >= 200 && response.status < 300;
  if (ok && isJson && !isGatewayRateLimit(body)) return { raw, body };
  if (ok && !isJson) badResponse('the answer is not JSON');
  if (ok) throw rateLimited(context, response.status, retryAfterMs);
  throw errorFromAnswer(response.status, isJson ? body : raw, context, retryAfterMs);
}

/**
 * Sends a request, retrying transient failures up to `retries` times. Backoff doubles from
 * `backoffBaseMs` up to `backoffMaxMs`; a Retry-After from the service replaces it. Timeouts are
 * not retried: the person has already waited the whole timeout once.
 */
export async function send(
  config: TransportConfig,
  request: ServiceRequest,
): Promise<ServiceAnswer> {
  let rateLimitWaitMs = 0;
  for (let tries = 0; ; tries += 1) {
    if (request.signal?.aborted) throw cancelled();
    try {
      const answer = await attempt(config, request);
      return rateLimitWaitMs === 0 ? answer : { ...answer, rateLimitWaitMs };
    } catch (error) {
      if (!(error instanceof SwapApiError) || !error.transient || tries >= config.retries)
        throw error;
      const backoff = Math.min(config.backoffMaxMs, config.backoffBaseMs * 2 ** tries);
      const delay = error.retryAfterMs ?? backoff;
      if (delay > config.maxRetryAfterMs) throw error;
      if (error.code === 'RATE_LIMITED') rateLimitWaitMs += delay;
      await config.wait(delay, request.signal);
    }
  }
}
