/**
 * The swap API's real error answers, served by a real HTTP server on loopback, as the person
 * sees them through the client. Every file of test/fixtures/real-world/errors is a
 * published answer; each file names its source (jup-ag/docs portal pages for the gateway's
 * `{code, message}` bodies, live captures and public integrations' tests for the quote bodies).
 * The x-ratelimit-* headers of the 429 cases are built by hand from what the gateway-429-plan
 * source describes (reset in Unix seconds, no Retry-After); the file records no values.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSwapApiClient } from './client';
import { describeSimulationFailure } from './simulation-failure';
import { isKnownServiceErrorCode } from './swap-errors';
import { sanitizeServiceText } from './service-text';
import { isWalletError, type WalletError } from '../shared/errors';
import { exactInQuote, SOL, USDC } from '../../test/fixtures/swap-api-answers';
import {
  realWorldFiles,
  realWorldJson,
  type RealErrorAnswer,
} from '../../test/fixtures/real-world';

interface Scripted {
  status: number;
  body: string;
  headers?: Record<string, string>;
}

let server: Server;
let baseUrl: string;
const script: Scripted[] = [];
const seen: { path: string; apiKey: string | undefined }[] = [];

beforeAll(async () => {
  server = createServer((request: IncomingMessage, response: ServerResponse) => {
    seen.push({ path: request.url ?? '', apiKey: request.headers['x-api-key'] as string });
    const next = script.shift() ?? { status: 500, body: '{"error":"script ran out"}' };
    response.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
    response.end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/swap/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const params = { inputMint: SOL, outputMint: USDC, amount: 1_000_000_000n, slippageBps: 50 };

/** A client of the loopback server whose waits are recorded, not slept. */
function client(options: { apiKey?: string; retries?: number; maxRetryAfterMs?: number } = {}) {
  const waits: number[] = [];
  const api = createSwapApiClient({
    baseUrl,
    ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
    fetch: (url, init) => fetch(url, init),
    wait: async (ms, signal) => {
      // The per-attempt timeout also waits; only record the backoff waits (under a minute).
      if (ms < 60_000) waits.push(ms);
      else await new Promise<void>((resolve) => signal?.addEventListener('abort', () => resolve()));
    },
    now: () => NOW,
    timeoutMs: 120_000,
    retries: options.retries ?? 0,
    ...(options.maxRetryAfterMs === undefined ? {} : { maxRetryAfterMs: options.maxRetryAfterMs }),
  });
  return { api, waits };
}

/** The answer as the server sends it: a text body as text, anything else as JSON. */
function scripted(answer: RealErrorAnswer): Scripted {
  const text = typeof answer.body === 'string';
  return {
    status: answer.status ?? 400,
    body: text ? (answer.body as string) : JSON.stringify(answer.body),
    headers: { ...(text ? { 'content-type': 'text/plain' } : {}), ...answer.headers },
  };
}

async function errorFor(answer: RealErrorAnswer, apiKey?: string): Promise<WalletError> {
  script.push(scripted(answer));
  try {
    await client(apiKey === undefined ? {} : { apiKey }).api.quote(params);
  } catch (error) {
    if (isWalletError(error)) return error;
    throw error;
  }
  throw new Error('expected the quote to fail');
}

async function messageFor(answer: RealErrorAnswer, apiKey?: string): Promise<string> {
  return (await errorFor(answer, apiKey)).message;
}

const errorFile = (name: string) => realWorldJson<RealErrorAnswer>(`errors/${name}`);

/** The service's own words in a body: never in the message, only in serviceMessage. */
function wordsOf(body: unknown): string[] {
  if (typeof body === 'string') return /^\s*</.test(body) ? [] : [body];
  if (typeof body !== 'object' || body === null) return [];
  const { error, message } = body as Record<string, unknown>;
  return [error, message].filter((part): part is string => typeof part === 'string');
}

// Every file in the folder, whatever it holds: the folder is a sample of the service's error
// answers, and each one a person may meet must come out as a message they can act on.
describe('every real error answer in test/fixtures/real-world', () => {
  const files = realWorldFiles('errors');

  it('holds error answers to check', () => {
    expect(files.length).toBeGreaterThan(0);
  });

  it.each(files)('%s: a message that says what happened and what to do', async (name) => {
    const answer = errorFile(name);
    for (const apiKey of [undefined, 'my-key-123']) {
      const error = await errorFor(answer, apiKey);
      expect(['NO_ROUTE', 'RATE_LIMITED', 'SWAP_API_REJECTED', 'SWAP_API_UNREACHABLE']).toContain(
        error.code,
      );
      // Our own words never leak a raw value or JSON.
      expect(error.message).not.toMatch(/undefined|null|NaN|\[object Object\]|[{}]/);
      expect(error.message).not.toContain('my-key-123');
      // What to do next, in words.
      expect(error.message).toMatch(/\b(Try|Add|Check|Use|Wait|Choose|Clear|Lower|Set|Get)\b/);
      // The wallet's own sentence (issue 32): none of the service's words are in it. It names
      // what it knows (a known errorCode, rate limiting, the key refusals) or the status.
      const words = wordsOf(answer.body);
      for (const said of words) expect(error.message).not.toContain(said);
      const code = (answer.body as { errorCode?: unknown } | null)?.errorCode;
      const known =
        isKnownServiceErrorCode(code) ||
        error.code === 'RATE_LIMITED' ||
        /API key|firewall/.test(error.message);
      expect(known || error.message.includes(`HTTP ${answer.status ?? 400}`)).toBe(true);
      // What the service said travels apart, sanitized, for the disclosure.
      const distinct = words.filter((said, index) => words.indexOf(said) === index);
      expect(error.serviceMessage).toBe(
        distinct.length === 0 ? undefined : sanitizeServiceText(distinct.join(': ')),
      );
    }
  });
});

describe('real error answers of the swap API, in words', () => {
  it.each([
    ['quote-400-could-not-find-any-route.json', /^No route found for this pair and amount\./],
    ['quote-400-no-routes-found.json', /^No route found for this pair and amount\./],
    ['quote-400-token-not-tradable.json', /^One of the two tokens cannot be traded/],
    [
      'quote-400-dexes-and-exclude.json',
      /^The swap service refused the quote request \(HTTP 400\)\. Check the swap settings, or try again later\.$/,
    ],
    ['quote-400-maxaccounts-exactout.json', /refused the quote request \(HTTP 400\)\. Check/],
    ['quote-400-parse-int.json', /refused the quote request \(HTTP 400\)\. Check/],
    ['quote-amm-not-found.json', /refused the quote request \(HTTP 400\)\. Check/],
    ['swap-500-dynamic-swap-details.json', /is not working right now \(HTTP 500\)\. Try again/],
    ['ultra-order-400-failed-to-get-quotes.json', /refused the quote request \(HTTP 400\)\. Check/],
  ])(
    '%s: says in its own words what happened and what to do; the service apart',
    async (name, ours) => {
      const answer = errorFile(name);
      const error = await errorFor(answer);
      expect(error.message).toMatch(ours);
      const said = (answer.body as { error: string }).error;
      expect(error.message).not.toContain(said);
      expect(error.serviceMessage).toBe(said);
    },
  );

  it('gateway 401 without a key: add a key; with a key: the key was not accepted', async () => {
    const answer = errorFile('gateway-401.json');
    expect(await messageFor(answer)).toMatch(/requires an API key \(HTTP 401\)\. Add one/);
    const withKey = await messageFor(answer, 'my-key-123');
    expect(withKey).toMatch(/did not accept the API key in Settings \(HTTP 401\)/);
    expect(withKey).not.toContain('my-key-123');
  });

  it('gateway 403 permission: the key has no access to this endpoint (or one is needed)', async () => {
    const answer = errorFile('gateway-403-permission.json');
    expect(await messageFor(answer, 'my-key-123')).toMatch(
      /API key in Settings has no access to this endpoint \(HTTP 403\)/,
    );
    expect(await messageFor(answer)).toMatch(/only with an API key that has access to it/);
  });

  it('gateway 403 firewall: blocked by the service, whatever the key', async () => {
    const answer = errorFile('gateway-403-firewall.json');
    const withoutKey = await messageFor(answer);
    expect(withoutKey).toMatch(/blocked this request with its firewall \(HTTP 403\)/);
    expect(withoutKey).not.toMatch(/add .*key/i);
    expect(await messageFor(answer, 'k')).toMatch(/not a problem with your wallet or your API key/);
  });

  it.each(['gateway-429-plan.json', 'gateway-429-firewall.json', 'gateway-429-legacy-2023.json'])(
    '%s: rate limited, with the keyless or the plan advice',
    async (name) => {
      const answer = errorFile(name);
      expect(await messageFor(answer)).toMatch(/limiting how often .* add an API key/);
      expect(await messageFor(answer, 'k')).toMatch(/check the API key's plan/);
    },
  );
});

describe('a rate-limited service: wait, then success', () => {
  const plan = errorFile('gateway-429-plan.json');
  const limited = (headers: Record<string, string>): Scripted => ({
    status: 429,
    body: JSON.stringify(plan.body),
    headers,
  });
  const resetIn = (seconds: number) => String(Math.floor(NOW / 1000) + seconds);

  it('waits until x-ratelimit-reset (Unix seconds), then returns the quote', async () => {
    script.push(limited({ 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': resetIn(3) }));
    script.push({ status: 200, body: JSON.stringify(exactInQuote()) });
    const { api, waits } = client({ retries: 2 });
    const quote = await api.quote(params);
    expect(quote.outAmount).toBe(150_250_000n);
    expect(waits).toEqual([3000]);
    // The quote says how long it waited, for the screen to tell the person.
    expect(quote.rateLimitWaitMs).toBe(3000);
  });

  it('takes Retry-After where that is what is given', async () => {
    script.push(limited({ 'retry-after': '2' }));
    script.push({ status: 200, body: JSON.stringify(exactInQuote()) });
    const { api, waits } = client({ retries: 2 });
    await api.quote(params);
    expect(waits).toEqual([2000]);
  });

  it('past the bound, does not wait and tells the person how long', async () => {
    script.push(limited({ 'x-ratelimit-reset': resetIn(45) }));
    const { api, waits } = client({ retries: 2, maxRetryAfterMs: 10_000 });
    await expect(api.quote(params)).rejects.toThrow(/Wait about 45 seconds and try again/);
    expect(waits).toEqual([]);
  });
});

describe('simulationError shapes of public integrations', () => {
  const { examples } = realWorldJson<{ examples: unknown[] }>('swap/_simulationError-shapes.json');

  it('each shape gives a reason a person can act on', () => {
    const reasons = examples.map((example) => describeSimulationFailure(example).reason);
    expect(reasons[0]).toMatch(/6025|0x1789/);
    expect(reasons[1]).toBe(
      "The swap service's own test run of this transaction failed (FAILED_TO_SIMULATE_SWAP), so it cannot be signed. Get a fresh quote and try again.",
    );
    expect(reasons[2]).toMatch(/has never held SOL\). Add SOL to it/);
  });
});
