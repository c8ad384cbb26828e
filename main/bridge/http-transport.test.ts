import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { METHOD_NAMES } from '../../preload/contract';
import type { Handlers } from './handler-types';
import {
  TOKEN_HEADER,
  createHttpTransport,
  newBridgeToken,
  previewSenderPolicy,
} from './http-transport';
import { createRegistry } from './registry';

const ADDRESS = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T';
const LIMIT = 4096;
const seen: string[] = [];

const account = { address: ADDRESS, label: 'A', kind: 'generated' as const, createdAt: 'now' };
const named: Partial<Handlers> = {
  'app.info': async () => ({
    version: '9.9.9',
    lock: 'unlocked',
    shell: 'web-preview',
    network: {
      id: 'sandbox',
      label: 's',
      rpcUrl: 'r',
      swapApiUrl: 'w',
      swapApiFlavour: 'v6' as const,
      isSandbox: true,
    },
  }),
  'accounts.list': async () => ({ accounts: [], current: null }),
  'accounts.create': async ({ label }) => {
    seen.push(`create ${label ?? ''}`);
    return account;
  },
  'accounts.import': async () => [account],
  'accounts.rename': async () => account,
  'accounts.remove': async () => ({ accounts: [], current: null }),
  'accounts.select': async () => ({ accounts: [account], current: ADDRESS }),
  'balances.get': async ({ address }) => ({ address, lamports: '5', tokens: [], slot: 1 }),
  'sandbox.fund': async () => ({ signatures: [] }),
};
// Methods not named above answer null, so the test holds as the contract grows.
const handlers = {
  ...Object.fromEntries(METHOD_NAMES.map((name) => [name, async () => null])),
  ...named,
} as unknown as Handlers;

let server: Server;
let origin = '';
const token = newBridgeToken();

beforeAll(async () => {
  const registry = createRegistry({ handlers, policy: previewSenderPolicy(() => origin) });
  const transport = createHttpTransport({
    registry,
    token,
    origin: () => origin,
    maxBodyBytes: LIMIT,
  });
  server = createServer((req, res) => {
    if (!transport.handle(req, res)) {
      res.writeHead(404);
      res.end('static');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

interface Call {
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** A raw HTTP request (fetch would not let a test set Origin or Host freely). */
function call({ path, method = 'POST', headers = {}, body }: Call): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  json: unknown;
}> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${origin}${path}`, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        let json: unknown = text;
        try {
          json = JSON.parse(text);
        } catch {
          // Not JSON: kept as text.
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
      });
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const good = (): Record<string, string> => ({
  origin,
  'content-type': 'application/json',
  [TOKEN_HEADER]: token,
});

/** A call of `method` from the trusted page with `body`: what every method test sends. */
const post = (method: string, body: string) =>
  call({ path: `/bridge/${method}`, headers: good(), body });

describe('HTTP bridge transport', () => {
  it('answers a valid call with the Result as JSON and no CORS header', async () => {
    const response = await post('app.info', '{}');
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({ ok: true, value: { version: '9.9.9' } });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('passes the JSON body to the handler after the schema', async () => {
    const response = await post('balances.get', JSON.stringify({ address: ADDRESS }));
    expect(response.json).toEqual({
      ok: true,
      value: { address: ADDRESS, lamports: '5', tokens: [], slot: 1 },
    });
  });

  it('refuses a missing token with 401 UNTRUSTED_SENDER', async () => {
    const headers = good();
    delete headers[TOKEN_HEADER];
    const response = await call({ path: '/bridge/accounts.create', headers, body: '{}' });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } });
  });

  it('refuses a wrong token, including one that differs in the last character or length', async () => {
    const last = token.at(-1) === 'a' ? 'b' : 'a';
    for (const wrong of [`${token.slice(0, -1)}${last}`, token.slice(0, -1), `${token}0`, '']) {
      const response = await call({
        path: '/bridge/accounts.create',
        headers: { ...good(), [TOKEN_HEADER]: wrong },
        body: '{"label":"x"}',
      });
      expect(response.status).toBe(401);
      expect(response.json).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } });
    }
    expect(seen).not.toContain('create x');
  });

  it('refuses the right token from another Origin, or with no Origin', async () => {
    for (const other of ['http://127.0.0.1:1', 'http://localhost' + origin.slice(16), 'null']) {
      const response = await call({
        path: '/bridge/accounts.create',
        headers: { ...good(), origin: other },
        body: '{"label":"y"}',
      });
      expect(response.status).toBe(403);
      expect(response.json).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } });
    }
    const headers = good();
    delete headers.origin;
    expect((await call({ path: '/bridge/accounts.create', headers, body: '{}' })).status).toBe(403);
    expect(seen).not.toContain('create y');
  });

  it('refuses a request whose Host is not the preview (DNS rebinding)', async () => {
    const response = await call({
      path: '/bridge/app.info',
      headers: { ...good(), host: 'rebound.example:80' },
      body: '{}',
    });
    expect(response.json).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } });
  });

  it('refuses a body above the limit with 413, declared or streamed', async () => {
    const big = JSON.stringify({ secret: 'x'.repeat(LIMIT) });
    const declared = await post('accounts.import', big);
    expect(declared.status).toBe(413);
    expect(declared.json).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    const streamed = await call({
      path: '/bridge/accounts.import',
      headers: { ...good(), 'transfer-encoding': 'chunked' },
      body: big,
    });
    expect(streamed.status).toBe(413);
  });

  it('checks the sender before anything about the body', async () => {
    const big = JSON.stringify({ secret: 'x'.repeat(LIMIT) });
    const response = await call({
      path: '/bridge/accounts.import',
      headers: { ...good(), [TOKEN_HEADER]: 'wrong', 'content-type': 'text/plain' },
      body: big,
    });
    expect(response.status).toBe(401);
    expect(response.json).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } });
  });

  it('refuses a body that is not JSON without quoting it', async () => {
    const response = await call({
      path: '/bridge/accounts.import',
      headers: good(),
      body: '{"secret": "do-not-echo-me',
    });
    expect(response.status).toBe(400);
    expect(response.json).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    expect(JSON.stringify(response.json)).not.toContain('do-not-echo-me');
  });

  it('requires application/json, so cross-site "simple" requests never reach a handler', async () => {
    const response = await call({
      path: '/bridge/accounts.create',
      headers: { ...good(), 'content-type': 'text/plain' },
      body: '{"label":"z"}',
    });
    expect(response.status).toBe(415);
    expect(seen).not.toContain('create z');
  });

  it('answers UNKNOWN_METHOD with 404 and INVALID_REQUEST with 400', async () => {
    const unknown = await post('accounts.export', '{}');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ ok: false, error: { code: 'UNKNOWN_METHOD' } });
    const invalid = await post('balances.get', '{"address":42}');
    expect(invalid.status).toBe(400);
    expect(invalid.json).toMatchObject({ ok: false, error: { code: 'INVALID_REQUEST' } });
    // An address that is not one is the method's own answer, as a handler's check says it.
    const address = await post('balances.get', JSON.stringify({ address: 'z'.repeat(44) }));
    expect(address.status).toBe(200);
    expect(address.json).toMatchObject({ ok: false, error: { code: 'INVALID_ADDRESS' } });
  });

  it('refuses other verbs, including a CORS preflight', async () => {
    const preflight = await call({
      path: '/bridge/app.info',
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:1',
        'access-control-request-method': 'POST',
        'access-control-request-headers': `content-type,${TOKEN_HEADER}`,
      },
    });
    expect(preflight.status).toBeGreaterThanOrEqual(400);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const get = await call({ path: '/bridge/app.info', method: 'GET', headers: good() });
    expect(get.status).toBe(405);
  });

  it('leaves other paths to the next handler', async () => {
    const response = await call({ path: '/index.html', method: 'GET' });
    expect(response.status).toBe(404);
    expect(response.json).toBe('static');
  });
});

describe('newBridgeToken', () => {
  it('makes 32 random bytes, different each time', () => {
    const a = newBridgeToken();
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(newBridgeToken()).not.toBe(a);
  });
});
