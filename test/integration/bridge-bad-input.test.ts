/**
 * Bad input through the web preview's real HTTP bridge, against its own sandbox (issue 26):
 * - an address that matches the base58 pattern without decoding to 32 bytes (44 'z's decode to
 *   33 bytes, 32 '2's to 24) is INVALID_ADDRESS on every method, never INTERNAL with a stack in
 *   main's log (balances.get and fees.deriveAccount used to throw inside web3.js);
 * - swap.quote with a venue label the swap service does not know answers in the wallet's own
 *   words, never the service's text that repeats the label;
 * - a review of a quote evicted from the 64-quote store says it was evicted and why;
 * - a request that announces a body and never sends it is answered 408 within seconds, by the
 *   bridge and by the sandbox's server.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Result } from '../../main/shared/result';
import { VENUE_REFUSAL_MESSAGE } from '../../main/swap-api/venue-refusal';
import { startPreview, type RunningPreview } from '../harness/preview';
import { firstAccount } from './wallet-setup';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** Base58 text of the right length that is not a 32-byte key. */
const NOT_KEYS = ['z'.repeat(44), '2'.repeat(32)];

let preview: RunningPreview;

async function bridge<T>(method: string, body: unknown): Promise<Result<T>> {
  const response = await fetch(`${preview.origin}/bridge/${method}`, {
    method: 'POST',
    headers: {
      origin: preview.origin,
      'content-type': 'application/json',
      'x-swapdesk-token': preview.token,
    },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Result<T>;
}

function value<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

/** Sends headers announcing `length` bytes of body, then nothing; resolves with the answer. */
function stalledRequest(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', 'content-length': '100' },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: Date.now() - started }));
    });
    req.on('error', reject);
    req.flushHeaders();
    req.write('{"address"');
  });
}

beforeAll(async () => {
  preview = await startPreview();
}, 60_000);

afterAll(async () => {
  await preview?.stop();
});

describe('an address that is base58 text of the right length but not a 32-byte key', () => {
  const requests = (bad: string): [string, Record<string, unknown>][] => [
    ['balances.get', { address: bad }],
    ['balances.watch', { address: bad }],
    ['sandbox.fund', { address: bad }],
    ['fees.deriveAccount', { referralAccount: bad, mint: SOL }],
    ['fees.deriveAccount', { referralAccount: SOL, mint: bad }],
    ['fees.checkAccount', { mint: bad, address: SOL }],
    ['tokens.lookup', { mint: bad }],
    ['tokens.logo', { mint: bad }],
    ['swap.quote', { inputMint: bad, outputMint: USDC, amount: '1000', slippage: { bps: 50 } }],
  ];

  it.each(NOT_KEYS)(
    'is INVALID_ADDRESS on every method that takes one (%s), with no stack in main’s log',
    async (bad) => {
      const logBefore = preview.stderr().length;
      for (const [method, body] of requests(bad)) {
        const result = await bridge(method, body);
        expect(result, method).toMatchObject({
          ok: false,
          error: {
            code: 'INVALID_ADDRESS',
            message: expect.stringMatching(/is not a Solana address|must be a Solana address/),
          },
        });
        if (!result.ok) expect(result.error.message).not.toContain(bad);
      }
      const log = preview.stderr().slice(logBefore);
      expect(log).not.toMatch(/\bat .*\.(js|ts):\d+/);
      expect(log).not.toContain('failed');
    },
    30_000,
  );

  it('a request with an address and another fault is INVALID_REQUEST naming both', async () => {
    const result = await bridge('balances.get', { address: NOT_KEYS[0], extra: 1 });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'INVALID_REQUEST',
        message: expect.stringMatching(/address must be a Solana address.*unexpected field extra/),
      },
    });
  });
});

describe('swap.quote with a venue the swap service does not know', () => {
  it.each([['<img src=x onerror=alert(1)>'], ['Not A Venue At All'], ['Orca Whirlpool"; DROP']])(
    'answers in the wallet’s own words, never the service’s echo of %s',
    async (strange) => {
      for (const key of ['excludeDexes', 'dexes'] as const) {
        const result = await bridge('swap.quote', {
          inputMint: SOL,
          outputMint: USDC,
          amount: '1000000',
          slippage: { bps: 50 },
          options: { [key]: [strange] },
        });
        expect(result, key).toMatchObject({
          ok: false,
          error: { code: 'SWAP_API_REJECTED', message: VENUE_REFUSAL_MESSAGE },
        });
      }
    },
  );

  it('still quotes with a venue the service knows excluded', async () => {
    const quote = value(
      await bridge<{ quoteId: string }>('swap.quote', {
        inputMint: SOL,
        outputMint: USDC,
        amount: '1000000',
        slippage: { bps: 50 },
        options: { excludeDexes: ['Sandbox Market Maker'] },
      }),
    );
    expect(quote.quoteId).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('a review of a quote the 64-quote store no longer holds', () => {
  it('says it was evicted by newer quotes and to ask for a new one', async () => {
    await firstAccount(async (method: string, request: unknown) =>
      value(await bridge(method, request)),
    );
    const quote = (amount: number) =>
      bridge<{ quoteId: string }>('swap.quote', {
        inputMint: SOL,
        outputMint: USDC,
        amount: String(1_000_000 + amount),
        slippage: { bps: 50 },
      }).then(value);
    const first = await quote(0);
    for (let i = 1; i <= 64; i += 1) await quote(i);
    const result = await bridge('swap.review', { quoteId: first.quoteId });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'QUOTE_NOT_FOUND',
        message: expect.stringMatching(
          /dropped: more than 64 newer quotes were made after it.*Ask for a new quote/,
        ),
      },
    });
    if (!result.ok) expect(result.error.message).not.toMatch(/too old/);
  }, 60_000);

  it('says plainly when the wallet never had the quote', async () => {
    const result = await bridge('swap.review', { quoteId: '00000000-0000-4000-8000-000000000000' });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'QUOTE_NOT_FOUND',
        message: expect.stringMatching(/has no quote with this id/),
      },
    });
  });
});

describe('a request that announces a body and never sends it', () => {
  it('is answered 408 by the bridge within seconds, in words', async () => {
    const answer = await stalledRequest(`${preview.origin}/bridge/balances.get`, {
      origin: preview.origin,
      'x-swapdesk-token': preview.token,
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST', message: expect.stringMatching(/did not arrive within/) },
    });
    expect(answer.ms).toBeLessThan(8_000);
  }, 20_000);

  it('is cut off by the sandbox server (JSON-RPC, swap API, faucet) within seconds', async () => {
    const answers = await Promise.all(
      ['', '/v6/swap', '/sandbox/faucet'].map((path) =>
        stalledRequest(`${preview.rpcUrl}${path}`, {}),
      ),
    );
    for (const answer of answers) {
      expect(answer.status).toBe(408);
      expect(answer.ms).toBeLessThan(13_000);
    }
  }, 20_000);
});
