import { describe, expect, it } from 'vitest';
import { createSwapApiClient } from './client';
import {
  BASE_URL,
  exactInQuote,
  json,
  scriptedClient,
  scriptedFetch,
  SOL,
  swapAnswer,
  TIMEOUT_MS,
  USDC,
  USER,
} from '../../test/fixtures/swap-api-answers';
import { parseRetryAfter } from './http-transport';
import { realWait } from './wait';

const params = { inputMint: SOL, outputMint: USDC, amount: 1_000_000_000n, slippageBps: 50 };
const SECRET_KEY = 'sk-live-9f8e7d6c5b4a';
const rateLimit = (headers: Record<string, string> = {}) =>
  json(429, { errorCode: 'RATE_LIMITED', error: 'Too many requests' }, headers);

async function failure(promise: Promise<unknown>): Promise<Error & { code: string }> {
  try {
    await promise;
  } catch (error) {
    return error as Error & { code: string };
  }
  throw new Error('expected the call to fail');
}

describe('retries with backoff', () => {
  it('retries a 429 and returns the quote of the 200 that follows', async () => {
    const { client, requests, delays } = scriptedClient([rateLimit(), json(200, exactInQuote())]);
    const quote = await client.quote(params);
    expect(quote.outAmount).toBe(150_250_000n);
    expect(requests).toHaveLength(2);
    expect(delays).toEqual([500]);
  });

  it('doubles the delay each time up to the ceiling', async () => {
    const { client, delays } = scriptedClient(
      [rateLimit(), rateLimit(), rateLimit(), rateLimit(), rateLimit(), json(200, exactInQuote())],
      { retries: 5, backoffBaseMs: 1000, backoffMaxMs: 5000 },
    );
    await client.quote(params);
    expect(delays).toEqual([1000, 2000, 4000, 5000, 5000]);
  });

  it('waits what Retry-After says, in seconds or as a date', async () => {
    const { client, delays } = scriptedClient([
      rateLimit({ 'retry-after': '7' }),
      rateLimit({ 'retry-after': 'Sun, 22 Nov 2026 03:00:12 GMT' }),
      json(200, exactInQuote()),
    ]);
    await client.quote(params);
    // The test clock reads 03:00:00, so the date is 12 s away.
    expect(delays).toEqual([7000, 12_000]);
  });

  it('gives up after the configured retries with RATE_LIMITED telling the person what to do', async () => {
    const { client, requests, delays } = scriptedClient([rateLimit(), rateLimit(), rateLimit()], {
      retries: 2,
    });
    const error = await failure(client.quote(params));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.message).toBe(
      'The swap service is limiting how often this wallet may ask. Wait a few seconds and try again, or add an API key for this network in Settings.',
    );
    expect(requests).toHaveLength(3);
    expect(delays).toEqual([500, 1000]);
  });

  it('treats the gateway body { code: 429, message } as rate limiting, even under HTTP 200', async () => {
    const gateway = json(200, { code: 429, message: 'Rate limit exceeded' });
    const { client, requests } = scriptedClient(
      [gateway, json(429, { code: 429, message: 'slow down' })],
      { retries: 1 },
    );
    await expect(client.quote(params)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(requests).toHaveLength(2);
  });

  it('does not wait out a Retry-After longer than the maximum, and says how long', async () => {
    const { client, requests } = scriptedClient([rateLimit({ 'retry-after': '120' })]);
    const error = await failure(client.quote(params));
    expect(error.message).toMatch(/Wait about 120 seconds and try again/);
    expect(requests).toHaveLength(1);
  });

  it('retries 5xx and a dropped connection, then succeeds', async () => {
    const { client, requests } = scriptedClient([
      { status: 502, body: '<html>Bad gateway</html>' },
      'network-error',
      json(503, { errorCode: 'SERVICE_BUSY', error: 'busy' }),
      json(200, exactInQuote()),
    ]);
    await expect(client.quote(params)).resolves.toMatchObject({ inAmount: 1_000_000_000n });
    expect(requests).toHaveLength(4);
  });

  it('reports a 5xx that lasts as the service not working, with its status; its words apart', async () => {
    const { client } = scriptedClient(
      [
        { status: 500, body: 'oops' },
        { status: 500, body: 'oops' },
      ],
      { retries: 1 },
    );
    await expect(client.quote(params)).rejects.toMatchObject({
      code: 'SWAP_API_UNREACHABLE',
      message:
        'The swap service at https://swap.example.test/v6 is not working right now (HTTP 500). Try again in a moment.',
      serviceMessage: 'oops',
    });
  });

  it('retries POST /swap too (the service keeps no state), sending the same body', async () => {
    const { client, requests } = scriptedClient([
      json(200, exactInQuote()),
      rateLimit(),
      json(200, swapAnswer()),
    ]);
    const quote = await client.quote(params);
    await expect(client.swap({ quote, userPublicKey: USER })).resolves.toMatchObject({
      signable: true,
    });
    expect(requests.map((request) => request.url.pathname)).toEqual([
      '/v6/quote',
      '/v6/swap',
      '/v6/swap',
    ]);
    expect(requests[1]?.body).toBe(requests[2]?.body);
  });
});

describe('unreachable service and timeouts', () => {
  it('names the base URL when the connection fails', async () => {
    const { client } = scriptedClient(['network-error'], { retries: 0 });
    await expect(client.quote(params)).rejects.toMatchObject({
      code: 'SWAP_API_UNREACHABLE',
      message:
        'Could not reach the swap service at https://swap.example.test/v6 (the connection was refused). Check your connection and the address in Settings.',
    });
  });

  it('aborts a request that takes longer than the timeout, and does not retry it', async () => {
    const { client, requests } = scriptedClient(['hang', json(200, exactInQuote())], {
      timeoutsFire: true,
    });
    await expect(client.quote(params)).rejects.toMatchObject({
      code: 'SWAP_API_UNREACHABLE',
      message:
        'The swap service at https://swap.example.test/v6 did not answer within 10 seconds. Check your connection, or try again.',
    });
    expect(requests).toHaveLength(1);
  });

  it('times out with the real timer too', async () => {
    const { fetch } = scriptedFetch(['hang']);
    const client = createSwapApiClient({
      baseUrl: BASE_URL,
      fetch,
      wait: realWait,
      now: Date.now,
      timeoutMs: 30,
      retries: 0,
    });
    await expect(client.quote(params)).rejects.toThrow(/did not answer within 30 ms/);
  });

  it('stops at once when the caller cancels', async () => {
    const { client } = scriptedClient(['hang']);
    const controller = new AbortController();
    const pending = client.quote(params, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ code: 'CANCELLED' });
  });

  it('says so when a 200 answer is not JSON', async () => {
    const { client } = scriptedClient([{ status: 200, body: '<html>captive portal</html>' }]);
    await expect(client.quote(params)).rejects.toMatchObject({
      code: 'SWAP_API_BAD_RESPONSE',
      message: expect.stringMatching(/can't trust \(the answer is not JSON\)/),
    });
  });
});

describe('the API key', () => {
  it('is sent as x-api-key when set, and no such header is sent otherwise', async () => {
    const withKey = scriptedClient([json(200, exactInQuote())], { apiKey: SECRET_KEY });
    await withKey.client.quote(params);
    expect(withKey.requests[0]?.headers['x-api-key']).toBe(SECRET_KEY);

    for (const apiKey of [undefined, '', '   ']) {
      const without = scriptedClient(
        [json(200, exactInQuote())],
        apiKey === undefined ? {} : { apiKey },
      );
      await without.client.quote(params);
      expect(
        Object.keys(without.requests[0]?.headers ?? {}).map((name) => name.toLowerCase()),
      ).not.toContain('x-api-key');
    }
  });

  it('never appears in an error, even when the base URL carries it too', async () => {
    const errors = [];
    for (const answer of [
      rateLimit(),
      { status: 401, body: 'bad key ' + SECRET_KEY },
      'network-error' as const,
      json(400, { errorCode: 'X', error: `key ${SECRET_KEY} invalid` }),
    ]) {
      const { client } = scriptedClient([answer], {
        apiKey: SECRET_KEY,
        baseUrl: `https://user:${SECRET_KEY}@swap.example.test/v6?api-key=${SECRET_KEY}`,
        retries: 0,
      });
      errors.push(await failure(client.quote(params)));
    }
    expect(errors.map((error) => error.code)).toEqual([
      'RATE_LIMITED',
      'SWAP_API_REJECTED',
      'SWAP_API_UNREACHABLE',
      'SWAP_API_REJECTED',
    ]);
    for (const error of errors) {
      const everything = `${error.message} ${error.stack ?? ''} ${JSON.stringify(error)} ${String(error.cause ?? '')}`;
      expect(everything).not.toContain(SECRET_KEY);
    }
    expect(errors[1]?.message).toMatch(/did not accept the API key in Settings \(HTTP 401\)/);
  });

  it('is removed from a simulation error the service echoes it in', async () => {
    const simulationError = { errorCode: 'TRANSACTION_ERROR', error: `auth ${SECRET_KEY} failed` };
    const { client } = scriptedClient(
      [json(200, exactInQuote()), json(200, swapAnswer({ simulationError }))],
      {
        apiKey: SECRET_KEY,
      },
    );
    const quote = await client.quote(params);
    const swap = await client.swap({ quote, userPublicKey: USER });
    expect(swap.signable).toBe(false);
    expect(swap.simulationFailure?.serviceText).toBe('auth [API key] failed');
    expect(JSON.stringify(swap.simulationFailure)).not.toContain(SECRET_KEY);
  });

  it('is refused when it holds characters a header cannot carry, without quoting it', () => {
    const { fetch } = scriptedFetch([]);
    const make = () =>
      createSwapApiClient({
        baseUrl: BASE_URL,
        apiKey: 'abc\ndef',
        fetch,
        wait: realWait,
        now: Date.now,
        timeoutMs: 1,
        retries: 0,
      });
    expect(make).toThrow(/Paste it again in Settings/);
    expect(make).not.toThrow(/abc/);
  });

  it('keeps the query of the base URL and still adds the parameters', async () => {
    const { client, requests } = scriptedClient([json(200, exactInQuote())], {
      baseUrl: 'https://swap.example.test/v6/?tenant=a',
    });
    await client.quote(params);
    expect(requests[0]?.url.pathname).toBe('/v6/quote');
    expect(requests[0]?.url.searchParams.get('tenant')).toBe('a');
    expect(requests[0]?.url.searchParams.get('amount')).toBe('1000000000');
  });
});

describe('base URL and Retry-After parsing', () => {
  it('refuses a base URL that is not http(s)', () => {
    const { fetch } = scriptedFetch([]);
    expect(() =>
      createSwapApiClient({
        baseUrl: 'ftp://x',
        fetch,
        wait: realWait,
        now: Date.now,
        timeoutMs: TIMEOUT_MS,
        retries: 0,
      }),
    ).toThrow(/must be an http or https URL/);
  });

  it('reads delay-seconds and dates, and ignores anything else', () => {
    const now = Date.UTC(2026, 0, 1);
    expect(parseRetryAfter('3', now)).toBe(3000);
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
    expect(parseRetryAfter('Wed, 31 Dec 2025 00:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter(null, now)).toBeUndefined();
  });
});
