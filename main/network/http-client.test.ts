/**
 * The review's HTTP client against a real local server: it answers what fetch answers, keeps
 * its connection, decodes a compressed body, hands a redirect to fetch, and fails as fetch
 * fails (so callers' words for a refused connection stay right).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpClient } from './http-client';

let server: Server;
let url = '';
const connections = new Set<unknown>();
const seen: { method: string; path: string; body: string; type: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      connections.add(req.socket);
      seen.push({
        method: req.method ?? '',
        path: req.url ?? '',
        body,
        type: req.headers['content-type'] ?? '',
      });
      if (req.url === '/moved') {
        res.writeHead(307, { location: '/echo' }).end();
        return;
      }
      if (req.url === '/gzip') {
        res.writeHead(200, { 'content-encoding': 'gzip', 'x-kind': 'zipped' });
        res.end(gzipSync(JSON.stringify({ zipped: true })));
        return;
      }
      res.writeHead(req.url === '/missing' ? 404 : 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ method: req.method, body }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const noFallback = async (): Promise<never> => {
  throw new Error('fetch was not to be called');
};

describe('createHttpClient', () => {
  it('posts and answers status, headers and body as fetch does, over one kept connection', async () => {
    const http = createHttpClient(noFallback);
    connections.clear();
    for (let i = 0; i < 5; i += 1) {
      const answer = await http(`${url}/echo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"n":${i}}`,
      });
      expect(answer.status).toBe(200);
      expect(answer.ok).toBe(true);
      expect(answer.headers.get('Content-Type')).toBe('application/json');
      expect(await answer.json()).toEqual({ method: 'POST', body: `{"n":${i}}` });
    }
    expect(connections.size).toBe(1);
    const missing = await http(`${url}/missing`);
    expect([missing.status, missing.ok]).toEqual([404, false]);
  });

  it('decodes a gzip body, and hands a redirect to fetch', async () => {
    const http = createHttpClient((to, init) => fetch(to, init));
    const zipped = await http(`${url}/gzip`);
    expect(await zipped.json()).toEqual({ zipped: true });
    expect(zipped.headers.get('x-kind')).toBe('zipped');
    seen.length = 0;
    const moved = await http(`${url}/moved`, { method: 'POST', body: 'x' });
    expect(await moved.json()).toEqual({ method: 'POST', body: 'x' });
    expect(seen.map((s) => s.path)).toEqual(['/moved', '/moved', '/echo']);
  });

  it('fails as fetch fails: a refused connection is "fetch failed" with the system error as cause', async () => {
    const http = createHttpClient(noFallback);
    const failure = await http('http://127.0.0.1:1/').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(TypeError);
    expect((failure as TypeError).message).toBe('fetch failed');
    expect(((failure as TypeError).cause as { code?: string }).code).toBe('ECONNREFUSED');
  });

  it('stops at an abort', async () => {
    const http = createHttpClient(noFallback);
    const abort = new AbortController();
    abort.abort();
    await expect(http(`${url}/echo`, { signal: abort.signal })).rejects.toThrow();
  });
});
