import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  recorded,
  startRecordedApiServer,
  type RecordedApiServer,
} from '../../test/fixtures/recorded-api-server';
import { MAINNET_MINTS } from '../../test/fixtures/mainnet-mints';
import { formatUsd, parseDecimal, usdValue } from '../shared/usd';
import { parsePriceAnswer } from './price-answer';
import { createPriceService } from './price-service';

const { SOL, USDC, BONK } = MAINNET_MINTS;
// Price API v3's published example (source named in the file), kept as text.
const published = recorded('price-v3-sol-usdc.json').bodyText as string;

let api: RecordedApiServer;
let clock = 0;
beforeEach(async () => {
  api = await startRecordedApiServer();
  clock = 5_000_000;
});
afterEach(() => api.close());

/** The service on the recorded API, on the test's clock; `maxMints` its bound when given. */
const service = (maxMints?: number) =>
  createPriceService({
    origin: api.origin,
    apiKey: async () => undefined,
    fetch,
    now: () => clock,
    ...(maxMints === undefined ? {} : { maxMints }),
  });

describe('the price service against the published Price API v3 answer', () => {
  it('reads each usdPrice exactly as written and values amounts in exact decimals', async () => {
    api.route('/price/v3', { status: 200, body: published });
    const prices = await service().prices([SOL, USDC, BONK]);
    expect(prices[SOL]).toEqual({ usdPrice: '147.48', asOf: 5_000_000, status: 'fresh' });
    expect(prices[USDC]?.usdPrice).toBe('0.9999');
    // The example has no BONK: missing, never zero.
    expect(prices[BONK]).toEqual({ usdPrice: null, asOf: null, status: 'missing' });
    expect(api.requests[0]?.query.get('ids')).toBe(`${SOL},${USDC},${BONK}`);
    // 12.345678901 SOL at $147.48 = $1,820.7407…: cents from bigint, not floats.
    const value = usdValue(12_345_678_901n, 9, parseDecimal(prices[SOL]!.usdPrice!)!);
    expect(formatUsd(value)).toBe('$1,820.74');
  });

  it('keeps digits a JavaScript number would lose', () => {
    const text = `{"${SOL}":{"usdPrice":147.480000000000000001},"${BONK}":{"usdPrice":1.999995e-5}}`;
    const prices = parsePriceAnswer(text);
    expect(prices.get(SOL)).toBe('147.480000000000000001');
    expect(prices.get(BONK)).toBe('0.00001999995');
  });

  it('ignores null, zero and negative prices, and entries that are not mints', () => {
    const text = `{"${SOL}":{"usdPrice":null},"${USDC}":{"usdPrice":0},"${BONK}":{"usdPrice":-1},"x":{"usdPrice":1}}`;
    expect(parsePriceAnswer(text).size).toBe(0);
  });

  it('ages prices: asks again after 30 s, keeps the old price when that fails, stale after a minute', async () => {
    api.route('/price/v3', { status: 200, body: published });
    const prices = service();
    await prices.prices([SOL]);
    clock += 10_000;
    await prices.prices([SOL]);
    expect(api.requests).toHaveLength(1); // cached for 30 s

    api.route('/price/v3', { status: 429, body: '{"code":429,"message":"Too many requests"}' });
    clock += 25_000;
    expect((await prices.prices([SOL]))[SOL]).toEqual({
      usdPrice: '147.48',
      asOf: 5_000_000,
      status: 'fresh',
    });
    clock += 40_000; // 75 s after it was fetched
    expect((await prices.prices([SOL]))[SOL]?.status).toBe('stale');
    expect(api.requests).toHaveLength(3);
  });

  it('reports every price missing when the API cannot be reached', async () => {
    const unreachable = createPriceService({
      origin: 'http://127.0.0.1:9',
      apiKey: async () => undefined,
      fetch,
      now: () => clock,
    });
    expect(await unreachable.prices([SOL])).toEqual({
      [SOL]: { usdPrice: null, asOf: null, status: 'missing' },
    });
  });
});

describe('the price service remembers a bounded number of mints', () => {
  it('forgets the least recently wanted mint past its bound, and asks for it again', async () => {
    api.route('/price/v3', { status: 200, body: published });
    const prices = service(2);
    await prices.prices([SOL]);
    await prices.prices([USDC]);
    await prices.prices([SOL]); // SOL wanted again: USDC is now the least recently wanted
    expect(api.requests).toHaveLength(2);
    await prices.prices([BONK]);
    expect(prices.size()).toBe(2);
    // SOL was kept (answered from memory, no request); USDC was forgotten and is asked again.
    expect((await prices.prices([SOL]))[SOL]).toEqual({
      usdPrice: '147.48',
      asOf: 5_000_000,
      status: 'fresh',
    });
    expect(api.requests).toHaveLength(3);
    expect((await prices.prices([USDC]))[USDC]?.usdPrice).toBe('0.9999');
    expect(api.requests).toHaveLength(4);
    expect(api.requests[3]?.query.get('ids')).toBe(USDC);
    expect(prices.size()).toBe(2);
  });

  it('answers every mint of one call that asks for more than the bound', async () => {
    api.route('/price/v3', { status: 200, body: published });
    const prices = service(1);
    const answer = await prices.prices([SOL, USDC, BONK]);
    expect(answer[SOL]?.usdPrice).toBe('147.48');
    expect(answer[USDC]?.usdPrice).toBe('0.9999');
    expect(answer[BONK]?.status).toBe('missing');
    expect(prices.size()).toBe(1);
  });

  it('holds 1,000 mints by default however many it is asked for', async () => {
    api.route('/price/v3', { status: 200, body: '{}' });
    const prices = service();
    // 30 calls of 50 mints (one request each): 1,500 mints wanted in all.
    for (let call = 0; call < 30; call += 1) {
      await prices.prices(Array.from({ length: 50 }, (_, i) => `mint-${call * 50 + i}`));
    }
    expect(api.requests).toHaveLength(30);
    expect(prices.size()).toBe(1_000);
  });
});
