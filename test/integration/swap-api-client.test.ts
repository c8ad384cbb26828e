/**
 * The swap API client against a real HTTP server on loopback (node:http on 127.0.0.1:0) that
 * answers spec-shaped bodies and error bodies, standing in for a remote swap service: real
 * fetch, real sockets, real timers.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSwapApiClient, realWait, type SwapApiClientOptions } from '../../main/swap-api';
import {
  exactInQuote,
  exactOutQuote,
  PAYEE_ATA,
  SOL,
  swapAnswer,
  USDC,
  USER,
} from '../fixtures/swap-api-answers';

interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
}

type Reply = (res: ServerResponse, seen: Seen) => void;

const sendJson =
  (status: number, body: unknown, headers: Record<string, string> = {}): Reply =>
  (res) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

let server: Server;
let baseUrl: string;
const seen: Seen[] = [];
const replies = new Map<string, Reply[]>();

function script(path: string, ...list: Reply[]): void {
  replies.set(path, list);
}

function client(options: Partial<SwapApiClientOptions> = {}) {
  return createSwapApiClient({
    baseUrl,
    fetch,
    wait: realWait,
    now: Date.now,
    timeoutMs: 2_000,
    retries: 2,
    backoffBaseMs: 50,
    ...options,
  });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const entry: Seen = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      seen.push(entry);
      const reply = replies.get(url.pathname)?.shift();
      if (reply === undefined) {
        sendJson(404, { errorCode: 'NOT_FOUND', error: `no route ${url.pathname}` })(res, entry);
      } else {
        reply(res, entry);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v6`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  replies.clear();
});

describe('swap API client over real HTTP', () => {
  it('quotes ExactIn with every parameter on the wire and the API key header', async () => {
    script('/v6/quote', sendJson(200, exactInQuote({ slippageBps: 75 })));
    const quote = await client({ apiKey: 'integration-key' }).quote({
      inputMint: SOL,
      outputMint: USDC,
      amount: 1_000_000_000n,
      slippageBps: 75,
      swapMode: 'ExactIn',
      dexes: ['Whirlpool', 'Raydium CLMM'],
      excludeDexes: ['Phoenix'],
      restrictIntermediateTokens: true,
      onlyDirectRoutes: false,
      asLegacyTransaction: false,
      maxAccounts: 48,
      autoSlippage: false,
      maxAutoSlippageBps: 300,
      autoSlippageCollisionUsdValue: 500,
    });
    expect(quote.outAmount).toBe(150_250_000n);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.method).toBe('GET');
    expect(Object.fromEntries(seen[0]?.query ?? [])).toEqual({
      inputMint: SOL,
      outputMint: USDC,
      amount: '1000000000',
      slippageBps: '75',
      swapMode: 'ExactIn',
      dexes: 'Whirlpool,Raydium CLMM',
      excludeDexes: 'Phoenix',
      restrictIntermediateTokens: 'true',
      onlyDirectRoutes: 'false',
      asLegacyTransaction: 'false',
      maxAccounts: '48',
      autoSlippage: 'false',
      maxAutoSlippageBps: '300',
      autoSlippageCollisionUsdValue: '500',
    });
    expect(seen[0]?.headers['x-api-key']).toBe('integration-key');
  });

  it('sends no x-api-key header without a key', async () => {
    script('/v6/quote', sendJson(200, exactInQuote()));
    await client().quote({ inputMint: SOL, outputMint: USDC, amount: 1_000_000_000n });
    expect(seen[0]?.headers).not.toHaveProperty('x-api-key');
  });

  it('pays exactly 25 USDC: ExactOut quote, then POST /swap with the quote text verbatim', async () => {
    const quoteText = JSON.stringify(exactOutQuote(), null, 2);
    script('/v6/quote', sendJson(200, quoteText));
    script('/v6/swap', sendJson(200, swapAnswer()));
    const api = client();
    const quote = await api.quote({
      inputMint: SOL,
      outputMint: USDC,
      amount: 25_000_000n,
      swapMode: 'ExactOut',
    });
    expect(quote.outAmount).toBe(25_000_000n);
    const swap = await api.swap({
      quote,
      userPublicKey: USER,
      destinationTokenAccount: PAYEE_ATA,
      prioritizationFeeLamports: 0n,
    });
    expect(swap.signable).toBe(true);
    expect(swap.lastValidBlockHeight).toBe(279_000_123);
    const post = seen[1];
    expect(post?.method).toBe('POST');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(post?.body.startsWith(`{"quoteResponse":${quoteText},`)).toBe(true);
    expect(JSON.parse(post?.body ?? '')).toEqual({
      quoteResponse: exactOutQuote(),
      userPublicKey: USER,
      destinationTokenAccount: PAYEE_ATA,
      prioritizationFeeLamports: 0,
    });
  });

  it('waits out a 429 with Retry-After: 1, then answers', async () => {
    script(
      '/v6/quote',
      sendJson(429, { code: 429, message: 'Rate limit exceeded' }, { 'retry-after': '1' }),
      sendJson(200, exactInQuote()),
    );
    const started = Date.now();
    await client().quote({ inputMint: SOL, outputMint: USDC, amount: 1_000_000_000n });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(seen).toHaveLength(2);
  });

  it('gives up on a service that keeps answering 429', async () => {
    const limit = sendJson(429, { errorCode: 'RATE_LIMITED', error: 'slow down' });
    script('/v6/quote', limit, limit, limit);
    await expect(
      client().quote({ inputMint: SOL, outputMint: USDC, amount: 1_000_000_000n }),
    ).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/add an API key for this network in Settings/),
    });
    expect(seen).toHaveLength(3);
  });

  it('maps an error body to words', async () => {
    script(
      '/v6/quote',
      sendJson(400, { errorCode: 'TOKEN_NOT_TRADABLE', error: 'The token is not tradable' }),
    );
    await expect(
      client().quote({ inputMint: SOL, outputMint: USDC, amount: 5n }),
    ).rejects.toMatchObject({
      code: 'SWAP_API_REJECTED',
      message:
        'One of the two tokens cannot be traded on the swap service. Check the mint address, or choose another token.',
    });
  });

  it('refuses a quote that breaks the spec', async () => {
    script('/v6/quote', sendJson(200, exactInQuote({ routePlan: [] })));
    await expect(
      client().quote({ inputMint: SOL, outputMint: USDC, amount: 1_000_000_000n }),
    ).rejects.toMatchObject({ code: 'SWAP_API_BAD_RESPONSE' });
  });

  it('says so when the answer is not JSON', async () => {
    script('/v6/quote', (res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>hello</html>');
    });
    await expect(
      client().quote({ inputMint: SOL, outputMint: USDC, amount: 1_000_000_000n }),
    ).rejects.toThrow(/the answer is not JSON/);
  });

  it('times out a service that never answers', async () => {
    script('/v6/quote', () => undefined);
    const started = Date.now();
    await expect(
      client({ timeoutMs: 300 }).quote({
        inputMint: SOL,
        outputMint: USDC,
        amount: 1_000_000_000n,
      }),
    ).rejects.toMatchObject({
      code: 'SWAP_API_UNREACHABLE',
      message: expect.stringContaining(`${baseUrl} did not answer within 300 ms`),
    });
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('names the base URL when nothing listens there', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      client({ baseUrl: `http://127.0.0.1:${port}/v6`, retries: 1 }).quote({
        inputMint: SOL,
        outputMint: USDC,
        amount: 1n,
      }),
    ).rejects.toMatchObject({
      code: 'SWAP_API_UNREACHABLE',
      message: `Could not reach the swap service at http://127.0.0.1:${port}/v6 (the connection was refused). Check your connection and the address in Settings.`,
    });
  });
});
