/**
 * The Swap API v2 client against the official OpenAPI
 * (test/fixtures/real-world/schema/jup-ag-docs-1dda348d-openapi-swap-v2.yaml): the answers it
 * reads are schema-valid (checked with ajv here), every field the schema requires is required,
 * every field it makes nullable may be null; the query carries every option as the schema
 * names it; the error bodies (gateway, /build, /order, /execute) get words and the retry rules.
 */
import { describe, expect, it } from 'vitest';
import { SOL, USDC, USER, json } from '../../../test/fixtures/swap-api-answers';
import {
  BUILD_PARAMS,
  buildAnswer,
  orderAnswer,
  scriptedV2Client,
} from '../../../test/fixtures/swap-v2-answers';
import {
  answerValidator,
  componentSchema,
  expectValid,
  responseSchema,
} from '../../../test/fixtures/openapi-v2';
import { realWorldJson, type RealErrorAnswer } from '../../../test/fixtures/real-world';
import type { WalletError } from '../../shared/errors';
import type { SwapV2Client } from './client';

const build200 = answerValidator('/build', 'get', '200');
const order200 = answerValidator('/order', 'get', '200');
const execute200 = answerValidator('/execute', 'post', '200');

describe('the test answers are what the official schema allows', () => {
  it('build, order and execute answers validate, and the validator refuses a wrong type', () => {
    expectValid(build200, buildAnswer());
    expectValid(order200, orderAnswer());
    expectValid(execute200, { status: 'Success', signature: 'x', code: 0 });
    // The validator can fail: /order's lastValidBlockHeight is text in the schema.
    expect(order200(orderAnswer({ lastValidBlockHeight: ['300'] }))).toBe(false);
    expect(build200(buildAnswer({ cleanupInstruction: 'no' }))).toBe(false);
  });
});

describe('GET /build', () => {
  it('sends every option under the schema parameter names', async () => {
    const { client, requests } = scriptedV2Client([json(200, buildAnswer())]);
    await client.build({
      ...BUILD_PARAMS,
      excludeDexes: ['Saber'],
      maxAccounts: 40,
      platformFeeBps: 20,
      feeAccount: USDC,
      computeUnitPricePercentile: 'high',
    });
    const url = requests[0]!.url;
    expect(url.pathname).toBe('/swap/v2/build');
    const names = ['inputMint', 'outputMint', 'amount', 'taker', 'slippageBps', 'excludeDexes'];
    names.push('maxAccounts', 'platformFeeBps', 'feeAccount');
    for (const name of names) expect(url.searchParams.has(name)).toBe(true);
    expect(url.searchParams.get('computeUnitPricePercentile')).toBe('high');
    expect(url.searchParams.has('swapMode')).toBe(false);
  });

  it('reads the quote, the instructions and the table claim', async () => {
    const { client } = scriptedV2Client([json(200, buildAnswer())]);
    const answer = await client.build(BUILD_PARAMS);
    expect(answer.quote).toMatchObject({ inAmount: 100_000_000n, outAmount: 15_000_000n });
    expect(answer.quote.otherAmountThreshold).toBe(14_925_000n);
    expect(answer.quote.routePlan[0]).toMatchObject({ label: 'Whirlpool', shareBps: 10_000 });
    expect(answer.setupInstructions).toHaveLength(1);
    expect([...answer.addressesByLookupTableAddress!.keys()]).toHaveLength(1);
  });

  const required = [
    ...(componentSchema('RoutePlanStep').required as string[]).map((f) => ['routePlan.0', f]),
    ...(componentSchema('SwapInfo').required as string[]).map((f) => ['routePlan.0.swapInfo', f]),
    ...(componentSchema('Instruction').required as string[]).map((f) => ['swapInstruction', f]),
  ].filter(([, field]) => field !== 'bps'); // bps: read from percent (the real Ultra answer)
  it.each(required)('refuses an answer whose %s lacks the required %s', async (where, field) => {
    const body = buildAnswer();
    let node = body as Record<string, unknown>;
    for (const key of where!.split('.')) node = node[key] as Record<string, unknown>;
    delete node[field!];
    const { client } = scriptedV2Client([json(200, body)]);
    await expect(client.build(BUILD_PARAMS)).rejects.toMatchObject({
      code: 'SWAP_API_BAD_RESPONSE',
    });
  });

  const schema = responseSchema('/build', 'get', '200') as {
    properties: Record<string, { nullable?: boolean }>;
  };
  const nullable = Object.entries(schema.properties)
    .filter(([, property]) => property.nullable === true)
    .map(([name]) => name);
  it('knows the schema nullable fields', () => {
    expect(nullable.sort()).toEqual(
      ['addressesByLookupTableAddress', 'cleanupInstruction', 'tipInstruction'].sort(),
    );
  });
  it.each(nullable)('accepts %s as null', async (field) => {
    const body = buildAnswer({ [field]: null });
    expectValid(build200, body);
    const { client } = scriptedV2Client([json(200, body)]);
    const answer = await client.build(BUILD_PARAMS);
    expect(answer[field as 'cleanupInstruction']).toBeNull();
  });

  it('refuses a quote whose bound is looser than the chosen slippage', async () => {
    const { client } = scriptedV2Client([json(200, buildAnswer({ otherAmountThreshold: '1' }))]);
    await expect(client.build(BUILD_PARAMS)).rejects.toThrow(/does not match the chosen slippage/);
  });

  it('refuses a fee without its account, and Max accounts above 64, before any request', async () => {
    const { client, requests } = scriptedV2Client([]);
    await expect(client.build({ ...BUILD_PARAMS, platformFeeBps: 20 } as never)).rejects.toThrow(
      /fee account/,
    );
    await expect(client.build({ ...BUILD_PARAMS, maxAccounts: 65 })).rejects.toThrow(
      /Max accounts/,
    );
    expect(requests).toHaveLength(0);
  });
});

describe('GET /order', () => {
  it('reads the real Ultra /order answer as the service meant it', async () => {
    // jup-ag/docs docs/101-ultra-api/1-get-order.md @ d4b95c9a: the /order that /swap/v2 continues.
    const real = realWorldJson('swap/ultra-2025-04-order-aggregator.json');
    const { client } = scriptedV2Client([json(200, real)]);
    const answer = await client.order({
      inputMint: SOL,
      outputMint: USDC,
      amount: 100_000_000n,
      taker: '3X2LFoTQecbpqCR7G5tL1kczqBKurjKPHhKSZrJ4wgWc' as never,
      slippageBps: 100,
    });
    expect(answer.quote).toMatchObject({
      inAmount: 100_000_000n,
      outAmount: 12_698_391n,
      otherAmountThreshold: 12_577_697n,
      slippageBps: 100,
    });
    expect(answer.quote.routePlan[0]).toMatchObject({ label: 'Meteora DLMM', shareBps: 10_000 });
    expect(answer.requestId).toBe('668e8b71-a5ab-424e-83d6-51c9239e8bb5');
    expect(answer.lastValidBlockHeight).toBe(301_856_775);
    expect(answer.feeBps).toBe(5);
    expect(Buffer.from(answer.transaction!).toString('base64')).toBe(real.transaction);
    expect(answer.notBuilt).toBeNull();
  });

  it('reads a quote-only answer (no taker: transaction null)', async () => {
    const body = orderAnswer({ transaction: null, taker: null });
    expectValid(order200, body);
    const { client, requests } = scriptedV2Client([json(200, body)]);
    const answer = await client.order({
      inputMint: SOL,
      outputMint: USDC,
      amount: 100_000_000n,
      slippageBps: 50,
    });
    expect(answer.transaction).toBeNull();
    expect(requests[0]!.url.searchParams.get('swapMode')).toBe('ExactIn');
  });

  it.each(['signatureFeePayer', 'prioritizationFeePayer', 'rentFeePayer', 'taker'])(
    'accepts the nullable %s as null',
    async (field) => {
      const body = orderAnswer({ [field]: null });
      expectValid(order200, body);
      const { client } = scriptedV2Client([json(200, body)]);
      await expect(
        client.order({
          inputMint: SOL,
          outputMint: USDC,
          amount: 100_000_000n,
          taker: USER,
          slippageBps: 50,
        }),
      ).resolves.toBeDefined();
    },
  );

  it.each([
    ['metis', 1, /does not hold enough of the token you pay/],
    ['metis', 2, /enough SOL to pay this swap's network fee \(the token you pay is there\)/],
    ['metis', 3, /minimum for a gasless swap/],
    ['jupiterz', 2, /token account this market-maker fill needs/],
    ['jupiterz', 3, /could not turn it into a transaction/],
  ])('a %s route that could not build (errorCode %i) says why', async (router, code, words) => {
    const body = orderAnswer({ router, transaction: '', errorCode: code, errorMessage: 'x' });
    expectValid(order200, body);
    const { client } = scriptedV2Client([json(200, body)]);
    const answer = await client.order({
      inputMint: SOL,
      outputMint: USDC,
      amount: 100_000_000n,
      taker: USER,
      slippageBps: 50,
    });
    expect(answer.transaction).toBeNull();
    expect(answer.notBuilt?.reason).toMatch(words);
  });

  it('the real 400 "Failed to get quotes" is a pair no route joins, in plain words, not retried', async () => {
    const real = realWorldJson<RealErrorAnswer>('errors/ultra-order-400-failed-to-get-quotes.json');
    for (const ask of [
      (client: SwapV2Client): Promise<unknown> =>
        client.order({ inputMint: SOL, outputMint: USDC, amount: 1n, slippageBps: 50 }),
      (client: SwapV2Client): Promise<unknown> => client.build(BUILD_PARAMS),
    ]) {
      const { client, requests } = scriptedV2Client([json(real.status, real.body)]);
      const failure = (await ask(client).catch((error: unknown) => error)) as WalletError;
      // Issue 32: no "(no error code)", no filters or settings the person never set.
      expect({
        code: failure.code,
        message: failure.message,
        serviceMessage: failure.serviceMessage,
      }).toEqual({
        code: 'NO_ROUTE',
        message: 'No route joins these two tokens on this network. Choose another token.',
        // The service's own words ride apart, shown only behind a disclosure.
        serviceMessage: 'Failed to get quotes',
      });
      expect(requests).toHaveLength(1);
    }
  });

  it("the gateway's 429 is waited out by its reset and retried", async () => {
    const real = realWorldJson<RealErrorAnswer>('errors/gateway-429-plan.json');
    const reset = String(Math.floor(Date.UTC(2026, 10, 22, 3, 0, 2) / 1000));
    const { client, delays } = scriptedV2Client([
      json(429, real.body, { 'x-ratelimit-reset': reset }),
      json(200, orderAnswer()),
    ]);
    await client.order({
      inputMint: SOL,
      outputMint: USDC,
      amount: 100_000_000n,
      taker: USER,
      slippageBps: 50,
    });
    expect(delays).toEqual([2000]);
  });
});

describe('POST /execute', () => {
  it('sends exactly the signed bytes and the requestId', async () => {
    const { client, requests } = scriptedV2Client([
      json(200, { status: 'Success', signature: '5'.repeat(88), slot: '12', code: 0 }),
    ]);
    const bytes = Uint8Array.from([9, 8, 7]);
    const answer = await client.execute({ signedTransaction: bytes, requestId: 'r-1' });
    expect(JSON.parse(requests[0]!.body!)).toEqual({ signedTransaction: 'CQgH', requestId: 'r-1' });
    expect(answer).toMatchObject({ status: 'Success', slot: 12n, code: 0, error: null });
  });

  // Every code the docs publish (docs-v2 "Order & Execute", /execute error codes) has words.
  const codes = [-1, -2, -3, -1000, -1001, -1002, -1003, -1004, -2000, -2001, -2002, -2003, -2004];
  it.each(codes)('a Failed answer with code %i is worded', async (code) => {
    const body = { status: 'Failed', signature: '5'.repeat(88), code, error: 'x' };
    expectValid(execute200, body);
    const { client } = scriptedV2Client([json(200, body)]);
    const answer = await client.execute({ signedTransaction: Uint8Array.of(1), requestId: 'r' });
    expect(answer.status).toBe('Failed');
    expect(answer.error).not.toMatch(/reported that the swap failed/);
  });

  it('a 400 with a negative code is worded from the code', async () => {
    const { client } = scriptedV2Client([json(400, { error: 'Missing cached order', code: -1 })]);
    await expect(
      client.execute({ signedTransaction: Uint8Array.of(1), requestId: 'r' }),
    ).rejects.toThrow(/no longer has this order/);
  });
});

describe('the API key', () => {
  it('is sent as x-api-key on every path and never appears in an error', async () => {
    const key = 'k3y-Secret-0123456789';
    const { client, requests } = scriptedV2Client(
      // With a code of its own, the service's words are shown (redacted).
      [json(200, buildAnswer()), json(400, { errorCode: 'BAD_KEY', error: `bad key ${key}` })],
      { apiKey: key },
    );
    await client.build(BUILD_PARAMS);
    const failure = await client
      .order({ inputMint: SOL, outputMint: USDC, amount: 1n, slippageBps: 50 })
      .catch((error: unknown) => error as Error);
    expect(requests.map((r) => r.headers['x-api-key'])).toEqual([key, key]);
    expect((failure as WalletError).message).not.toContain(key);
    expect((failure as WalletError).serviceMessage).toBe('bad key [API key]');
  });
});
