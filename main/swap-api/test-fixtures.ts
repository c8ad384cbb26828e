/**
 * Spec-shaped bodies and a scripted fetch for the swap API client's tests. The fetch answers
 * real `Response` objects in order and records every request, so tests assert on what went over
 * the wire; the clock's `wait` records each delay instead of sleeping.
 */
import type { Address } from '../shared/address';
import type { FetchLike, Wait } from './http-transport';
import { createSwapApiClient, type SwapApiClientOptions } from './client';

export const SOL = 'So11111111111111111111111111111111111111112' as Address;
export const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
export const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB' as Address;
export const POOL_A = '4ddPhmh8U9hZycwSTwg4hdTdxnewMeWXZAmh5x2FgD6D' as Address;
export const POOL_B = '993iJXXv85hfdpAco2szbyT7gtMoBtxuWfEYxEFp3UwN' as Address;
export const USER = 'J94RTcnNHth5tqWbcx1KW1ESn9e8y5EhZqqhn2DX3foN' as Address;
export const FEE_ACCOUNT = '7wJKDzzVQA3ANatZmNPPumFq1Ez2stF6j8xJaAJxFvP1' as Address;
export const PAYEE_ATA = '2TF6H1dp84iSLi6XfvT79xf5dgnDzr331keikKJpxH87' as Address;
export const TRACKER = 'EJEjGCNJB8LAppSxyMzHxoFLjvPmiREURuyNaiwQgVLo' as Address;
export const BASE_URL = 'https://swap.example.test/v6';
export const TIMEOUT_MS = 10_000;

type Json = Record<string, unknown>;

export function hop(
  input: string,
  output: string,
  inAmount: string,
  outAmount: string,
  percent = 100,
  ammKey: string = POOL_A,
): Json {
  return {
    swapInfo: {
      ammKey,
      label: 'Whirlpool',
      inputMint: input,
      outputMint: output,
      inAmount,
      outAmount,
      feeAmount: '25',
      feeMint: input,
    },
    percent,
  };
}

/** An ExactIn SOL -> USDC quote for 1 SOL, one hop, 50 bps. */
export function exactInQuote(overrides: Json = {}): Json {
  return {
    inputMint: SOL,
    inAmount: '1000000000',
    outputMint: USDC,
    outAmount: '150250000',
    otherAmountThreshold: '149498750',
    swapMode: 'ExactIn',
    slippageBps: 50,
    platformFee: null,
    priceImpactPct: '0.0012',
    routePlan: [hop(SOL, USDC, '1000000000', '150250000')],
    contextSlot: 1234,
    timeTaken: 0.012,
    ...overrides,
  };
}

/** An ExactOut SOL -> USDC quote delivering exactly 25 USDC, two hops through USDT. */
export function exactOutQuote(overrides: Json = {}): Json {
  return {
    inputMint: SOL,
    inAmount: '166000000',
    outputMint: USDC,
    outAmount: '25000000',
    otherAmountThreshold: '166830000',
    swapMode: 'ExactOut',
    slippageBps: 50,
    platformFee: null,
    priceImpactPct: '0',
    routePlan: [
      hop(SOL, USDT, '166000000', '25010000'),
      hop(USDT, USDC, '25010000', '25000000', 100, POOL_B),
    ],
    contextSlot: 1235,
    timeTaken: 0.02,
    ...overrides,
  };
}

/** A spec-shaped POST /swap answer (the bytes are arbitrary; the client does not decode them). */
export function swapAnswer(overrides: Json = {}): Json {
  return {
    swapTransaction: Buffer.from('a serialized transaction').toString('base64'),
    lastValidBlockHeight: 279_000_123,
    prioritizationFeeLamports: 5000,
    computeUnitLimit: 200_000,
    simulationError: null,
    ...overrides,
  };
}

export interface Recorded {
  url: URL;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
}

export type Scripted =
  { status: number; body: string; headers?: Record<string, string> } | 'hang' | 'network-error';

export function json(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Scripted {
  return {
    status,
    body: JSON.stringify(body),
    headers: { 'content-type': 'application/json', ...headers },
  };
}

/** A fetch that answers the scripted responses in order and records each request. */
export function scriptedFetch(script: Scripted[]): { fetch: FetchLike; requests: Recorded[] } {
  const requests: Recorded[] = [];
  const fetch: FetchLike = async (url, init) => {
    requests.push({
      url: new URL(url),
      method: init.method,
      headers: { ...init.headers },
      body: init.body,
    });
    const next = script.shift();
    if (next === undefined) throw new Error('test script ran out of answers');
    if (next === 'network-error') {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect'), { code: 'ECONNREFUSED' }),
      });
    }
    if (next === 'hang') {
      return new Promise((_resolve, reject) => {
        init.signal.addEventListener('abort', () =>
          reject(new DOMException('aborted', 'AbortError')),
        );
      });
    }
    return new Response(next.body, { status: next.status, headers: next.headers ?? {} });
  };
  return { fetch, requests };
}

/**
 * A `wait` that never sleeps: backoff delays are recorded and resolve at once; the timeout
 * wait (TIMEOUT_MS) resolves at once only when `timeoutsFire`, otherwise when its signal aborts.
 */
export function testClock(timeoutsFire = false): {
  wait: Wait;
  delays: number[];
  now: () => number;
} {
  const delays: number[] = [];
  const wait: Wait = (ms, signal) => {
    if (ms === TIMEOUT_MS && !timeoutsFire) {
      return new Promise((resolve) => signal?.addEventListener('abort', () => resolve()));
    }
    if (ms !== TIMEOUT_MS) delays.push(ms);
    return Promise.resolve();
  };
  return { wait, delays, now: () => Date.UTC(2026, 10, 22, 3, 0, 0) };
}

/** A client over a scripted fetch and the test clock. */
export function scriptedClient(
  script: Scripted[],
  options: Partial<SwapApiClientOptions> & { timeoutsFire?: boolean } = {},
) {
  const { fetch, requests } = scriptedFetch(script);
  const clock = testClock(options.timeoutsFire);
  const client = createSwapApiClient({
    baseUrl: BASE_URL,
    fetch,
    wait: clock.wait,
    now: clock.now,
    timeoutMs: TIMEOUT_MS,
    retries: 3,
    ...options,
  });
  return { client, requests, delays: clock.delays };
}
