/**
 * The batching fetch through @solana/web3.js's own Connection against a real local HTTP server
 * speaking JSON-RPC 2.0: calls made together go as one batch and each gets its own answer;
 * a server without batches gets them one by one; a lone call is sent as it is.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Connection, PublicKey } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { batchingFetch, createRpcBatcher } from './rpc-batch';

interface Call {
  id: unknown;
  method: string;
  params?: unknown[];
}

let server: Server;
let url = '';
let refuseBatches = false;
const bodies: unknown[] = [];

function answer(call: Call): unknown {
  if (call.method === 'getBlockHeight') return { jsonrpc: '2.0', id: call.id, result: 1234 };
  if (call.method === 'getBalance') {
    const lamports = (call.params?.[0] as string).length; // distinct per address
    return { jsonrpc: '2.0', id: call.id, result: { context: { slot: 1 }, value: lamports } };
  }
  return { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'Method not found' } };
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(text) as Call | Call[];
      bodies.push(body);
      res.setHeader('content-type', 'application/json');
      if (Array.isArray(body) && refuseBatches) {
        res.statusCode = 400;
        res.end(JSON.stringify({ error: 'batch requests are not supported' }));
        return;
      }
      res.end(JSON.stringify(Array.isArray(body) ? body.map(answer) : answer(body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const A = new PublicKey('So11111111111111111111111111111111111111112');
const B = new PublicKey('11111111111111111111111111111111');

describe('batchingFetch', () => {
  it('sends calls made together as one batch, each answered with its own result', async () => {
    bodies.length = 0;
    refuseBatches = false;
    const connection = new Connection(url, { fetch: batchingFetch(fetch) });
    const [height, a, b] = await Promise.all([
      connection.getBlockHeight(),
      connection.getBalance(A),
      connection.getBalance(B),
    ]);
    expect([height, a, b]).toEqual([1234, A.toBase58().length, B.toBase58().length]);
    expect(bodies).toHaveLength(1);
    expect((bodies[0] as Call[]).map((call) => call.method).sort()).toEqual([
      'getBalance',
      'getBalance',
      'getBlockHeight',
    ]);
  });

  it('sends a lone call as it is, and calls of later turns apart', async () => {
    bodies.length = 0;
    const connection = new Connection(url, { fetch: batchingFetch(fetch) });
    expect(await connection.getBlockHeight()).toBe(1234);
    expect(await connection.getBalance(A)).toBe(A.toBase58().length);
    expect(bodies.every((body) => !Array.isArray(body))).toBe(true);
    expect(bodies).toHaveLength(2);
  });

  it('sends each call alone to a server that refuses batches, and every call is answered', async () => {
    bodies.length = 0;
    refuseBatches = true;
    const connection = new Connection(url, { fetch: batchingFetch(fetch) });
    const [height, a] = await Promise.all([connection.getBlockHeight(), connection.getBalance(A)]);
    expect([height, a]).toEqual([1234, A.toBase58().length]);
    expect(bodies.filter(Array.isArray)).toHaveLength(1);
    expect(bodies.filter((body) => !Array.isArray(body))).toHaveLength(2);
  });

  it('fails every call of a batch when the network cannot be reached', async () => {
    const connection = new Connection('http://127.0.0.1:1', { fetch: batchingFetch(fetch) });
    const results = await Promise.allSettled([
      connection.getBlockHeight(),
      connection.getBalance(A),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  });
});

describe('createRpcBatcher().call', () => {
  it("joins the batch of web3.js's calls of the same turn and answers the parsed response", async () => {
    bodies.length = 0;
    refuseBatches = false;
    const rpc = createRpcBatcher(fetch);
    const connection = new Connection(url, { fetch: rpc.fetch });
    const [height, direct, balance] = await Promise.all([
      connection.getBlockHeight(),
      rpc.call(url, 'getBlockHeight', []),
      rpc.call(url, 'getBalance', [A.toBase58()]),
    ]);
    expect(height).toBe(1234);
    expect(direct).toMatchObject({ jsonrpc: '2.0', result: 1234 });
    expect(balance).toMatchObject({ result: { value: A.toBase58().length } });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toHaveLength(3);
  });

  it('answers an error object as it came, and each call alone where batches are refused', async () => {
    bodies.length = 0;
    refuseBatches = true;
    const rpc = createRpcBatcher(fetch);
    const [missing, height] = await Promise.all([
      rpc.call(url, 'noSuchMethod', []),
      rpc.call(url, 'getBlockHeight', []),
    ]);
    expect(missing).toMatchObject({ error: { code: -32601 } });
    expect(height).toMatchObject({ result: 1234 });
    expect(bodies.filter((body) => !Array.isArray(body))).toHaveLength(2);
  });

  it('rejects when the network cannot be reached', async () => {
    const rpc = createRpcBatcher(fetch);
    await expect(rpc.call('http://127.0.0.1:1', 'getBlockHeight', [])).rejects.toThrow();
  });
});
