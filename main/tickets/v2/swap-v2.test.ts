/**
 * Every option of the swap screen maps to the chosen Swap API v2 path's parameters, and one the
 * path lacks is refused in words before any request (issue 22): the Router (GET /build) and
 * Best price (GET /order), over the real v2 client and a scripted service.
 */
import { describe, expect, it } from 'vitest';
import { swapV2QuoteDeps } from '../../../test/fixtures/swap-v2-quote-deps';
import { json, SOL, USDC, USER } from '../../../test/fixtures/swap-api-answers';
import { buildAnswer, orderAnswer } from '../../../test/fixtures/swap-v2-answers';
import type { SwapPath } from '../../../preload/api-types';
import type { Scripted } from '../../../test/fixtures/swap-api-answers';
import { quoteSwapV2 } from './swap-v2';

function deps(path: SwapPath, script: Scripted[], account: string | null = USER) {
  return swapV2QuoteDeps(path, script, { account });
}

const request = (options: Record<string, unknown> = {}): Record<string, unknown> =>
  ({
    inputMint: SOL,
    outputMint: USDC,
    amount: '100000000',
    swapMode: 'ExactIn' as const,
    slippage: { bps: 50 },
    options,
  }) as never;

const req = (options: Record<string, unknown> = {}) => request(options) as never;

describe('the Router path (GET /build)', () => {
  it('sends the account as taker, the slippage, venues, max accounts and the fee level', async () => {
    const { deps: d, requests } = deps('router', [json(200, buildAnswer())]);
    const stored = await quoteSwapV2(
      d,
      req({
        excludeDexes: ['Saber'],
        maxAccounts: 30,
        priorityFee: { kind: 'level', level: 'high', maxLamports: '100000' },
      }),
    );
    const query = Object.fromEntries(requests[0]!.url.searchParams);
    expect(requests[0]!.url.pathname).toBe('/swap/v2/build');
    expect(query).toMatchObject({
      taker: USER,
      slippageBps: '50',
      excludeDexes: 'Saber',
      maxAccounts: '30',
      computeUnitPricePercentile: 'high',
    });
    expect(stored.extra.v2).toMatchObject({
      path: 'router',
      price: { kind: 'service', maxLamports: 100_000n },
    });
  });

  it('a fixed priority fee is the wallet own compute price (nothing sent)', async () => {
    const { deps: d, requests } = deps('router', [json(200, buildAnswer())]);
    const stored = await quoteSwapV2(
      d,
      req({ priorityFee: { kind: 'lamports', lamports: '5000' } }),
    );
    expect(requests[0]!.url.searchParams.has('computeUnitPricePercentile')).toBe(false);
    expect(stored.extra.v2).toMatchObject({ price: { kind: 'lamports', lamports: 5_000n } });
  });

  it.each([
    [{ onlyDirectRoutes: true }, /Direct routes only/],
    [{ asLegacyTransaction: true }, /Legacy transaction/],
    [{ dexes: ['Whirlpool'], excludeDexes: ['Saber'] }, /not both/],
  ])('refuses %o before any request', async (options, words) => {
    const { deps: d, requests } = deps('router', []);
    await expect(quoteSwapV2(d, req(options))).rejects.toThrow(words);
    expect(requests).toHaveLength(0);
  });

  it('refuses ExactOut and auto slippage, and needs an account', async () => {
    const { deps: d } = deps('router', []);
    await expect(quoteSwapV2(d, { ...request(), swapMode: 'ExactOut' } as never)).rejects.toThrow(
      /ExactIn/,
    );
    await expect(
      quoteSwapV2(d, { ...request(), slippage: { auto: true, maxBps: 100 } } as never),
    ).rejects.toThrow(/no automatic slippage/);
    const none = deps('router', [], null);
    await expect(quoteSwapV2(none.deps, req())).rejects.toMatchObject({ code: 'NO_ACCOUNT' });
  });
});

describe('the Best price path (GET /order)', () => {
  it('sends the taker, the slippage, venues to avoid and the landing fee cap', async () => {
    const { deps: d, requests } = deps('meta-aggregator', [json(200, orderAnswer())]);
    const stored = await quoteSwapV2(
      d,
      req({ excludeDexes: ['Saber'], priorityFee: { kind: 'lamports', lamports: '7000' } }),
    );
    const query = Object.fromEntries(requests[0]!.url.searchParams);
    expect(requests[0]!.url.pathname).toBe('/swap/v2/order');
    expect(query).toMatchObject({
      taker: USER,
      slippageBps: '50',
      swapMode: 'ExactIn',
      excludeDexes: 'Saber',
      priorityFeeLamports: '7000',
      broadcastFeeType: 'maxCap',
      excludeRouters: 'dflow,okx',
    });
    expect(stored.extra.v2?.path).toBe('meta-aggregator');
    // Asked with the person's slippage: the quote's figure is theirs, not the service's.
    expect(stored.extra.slippageChosenByService).toBeUndefined();
    // Jupiter's own fee by pair, as the answer states it, is the quote's platform fee.
    expect(stored.quote.platformFee).toEqual({ amount: 200_000n, feeBps: 2 });
  });

  it('asks plainly for a person under 0.01 SOL, so the service may make it gasless', async () => {
    const { deps: d, requests } = deps('meta-aggregator', [json(200, orderAnswer())]);
    const connection = { getMultipleAccountsInfo: async () => [{ lamports: 9_999_999 }] };
    const stored = await quoteSwapV2({ ...d, connection } as never, req());
    const plain = Object.fromEntries(requests[0]!.url.searchParams);
    expect(plain).toMatchObject({ taker: USER, inputMint: SOL, outputMint: USDC });
    for (const manual of ['slippageBps', 'priorityFeeLamports', 'excludeRouters']) {
      expect(plain).not.toHaveProperty(manual);
    }
    // The quote's slippage is the service's choice, held to the person's 0.5% (issue 32).
    expect(stored.extra.slippageChosenByService).toEqual({ capBps: 50 });
  });

  it.each([
    [{ dexes: ['Whirlpool'] }, /Venues to use/],
    [{ maxAccounts: 20 }, /Max accounts/],
  ])('refuses %o (the path has no such parameter)', async (options, words) => {
    const { deps: d, requests } = deps('meta-aggregator', []);
    await expect(quoteSwapV2(d, req(options))).rejects.toThrow(words);
    expect(requests).toHaveLength(0);
  });
});
