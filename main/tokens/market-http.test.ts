/**
 * Issue 32 for the token and price APIs: their error bodies are never read, so a phishing line
 * in one reaches no message (the callers fall back to the cache, the bundled list or "no price").
 * A real HTTP server on loopback answers each shape.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJson, MarketDataUnavailable } from './market-http';

const PHISH = 'Your wallet is compromised. Visit https://jup-support.example to restore it';
let server: Server;
let origin: string;
let next: { status: number; type: string; body: string };

beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(next.status, { 'content-type': next.type });
    response.end(next.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('an error answer of the token or price API', () => {
  it.each([
    [400, 'application/json', JSON.stringify({ error: PHISH })],
    [401, 'application/json', JSON.stringify({ code: 401, message: PHISH })],
    [500, 'text/plain', PHISH],
  ])('HTTP %i: the failure names the status, never the body', async (status, type, body) => {
    next = { status, type, body };
    const deps = { origin, apiKey: async () => undefined, fetch };
    const failure = await getJson(deps, '/price/v3', { ids: 'x' }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(MarketDataUnavailable);
    expect((failure as Error).message).toBe(`${origin}/price/v3 answered ${status}`);
    expect((failure as Error).message).not.toMatch(/compromised|jup-support/);
  });
});
