/**
 * The person's slippage on the /order path (issue 32), over the real v2 client and a scripted
 * service: a plain (gasless) order is asked without `slippageBps`, so its answer's slippage is
 * held to the person's as a cap; one looser, in its slippage or its minimum, is refused at the
 * quote in words naming both figures and what to do; the intent the guard judges by carries the
 * person's slippage, not the service's. An answer from a router the wallet left out is refused.
 *
 * Real answer: test/fixtures/real-world/swap/ultra-2025-04-order-aggregator.json (jup-ag/docs
 * `docs/101-ultra-api/1-get-order.md` @ d4b95c9a), an Ultra /order answer asked without
 * slippage: RTSE chose 100 bps (its `slippageBps`), minimum 12,577,697 of 12,698,391.
 */
import { describe, expect, it } from 'vitest';
import { swapV2QuoteDeps } from '../../../test/fixtures/swap-v2-quote-deps';
import { json, SOL, USDC } from '../../../test/fixtures/swap-api-answers';
import { orderAnswer } from '../../../test/fixtures/swap-v2-answers';
import { realWorldJson } from '../../../test/fixtures/real-world';
import type { Scripted } from '../../../test/fixtures/swap-api-answers';
import type { Quote } from '../../swap-api';
import { intentOf } from '../swap-review';
import { quoteSwapV2 } from './swap-v2';
import { checkOrderQuote } from './order-quote-checks';

/** A person under 0.01 SOL (asked plainly) or over it (asked with their slippage). */
function deps(script: Scripted[], lamports: number) {
  return swapV2QuoteDeps('meta-aggregator', script, {
    connection: { getMultipleAccountsInfo: async () => [{ lamports }] },
  });
}

const GASLESS = 5_000_000;
const FUNDED = 2_000_000_000;

const request = (bps: number, amount = '100000000') =>
  ({
    inputMint: SOL,
    outputMint: USDC,
    amount,
    swapMode: 'ExactIn',
    slippage: { bps },
  }) as never;

/** The fixture's order (100,000,000 → 15,000,000) at `bps`, its minimum exactly that bound. */
const orderAt = (bps: number, overrides: Record<string, unknown> = {}) =>
  orderAnswer({
    slippageBps: bps,
    otherAmountThreshold: String((15_000_000n * BigInt(10_000 - bps)) / 10_000n),
    ...overrides,
  });

describe("a gasless /order is held to the person's slippage", () => {
  it('refuses 4% where the person chose 0.5%, naming both and what to do; nothing else asked', async () => {
    const { deps: d, requests } = deps([json(200, orderAt(400))], GASLESS);
    const refused = quoteSwapV2(d, request(50));
    await expect(refused).rejects.toMatchObject({ code: 'SWAP_NOT_SIGNABLE' });
    await expect(refused).rejects.toThrow(
      'The swap service set a slippage of 4.00% on this order, more than the 0.50% you chose, so anyone trading just before it lands could take the difference. Nothing was signed. A gasless order cannot be asked for a slippage: the service picks it, and the wallet holds it to yours. To swap at 0.50%, keep at least 0.01 SOL in this account (the wallet then asks for your slippage and you pay the network fee), or, if you accept 4.00%, raise your slippage to it and get a new quote.',
    );
    // Asked plainly (the docs: gasless only without optional parameters), once.
    expect(requests).toHaveLength(1);
    expect(requests[0]!.url.searchParams.has('slippageBps')).toBe(false);
  });

  it('refuses a minimum below the person’s bound even where the stated slippage is within it', () => {
    // 0.30% stated, but the minimum is the one of 4% (the client's parse refuses this pair
    // first, in its own words; the check holds on its own as well).
    const quote = { outAmount: 15_000_000n, otherAmountThreshold: 14_400_000n, slippageBps: 30 };
    expect(() =>
      checkOrderQuote(
        { router: 'metis', quote: quote as Quote },
        { chosenSlippageBps: 50, plain: true },
      ),
    ).toThrow(
      "The swap service's minimum for this order (14400000 base units) is below the 14925000 that your slippage of 0.50% allows",
    );
  });

  it('accepts a tighter slippage; the intent carries the person’s slippage, the minimum the answer’s', async () => {
    const { deps: d } = deps([json(200, orderAt(30))], GASLESS);
    const stored = await quoteSwapV2(d, request(50));
    expect(stored.quote.slippageBps).toBe(30);
    const intent = intentOf(stored.quote, stored.extra);
    expect(intent.slippageBps).toBe(50);
    expect(intent.otherAmountThreshold).toBe(14_955_000n);
  });

  it('on the real Ultra answer (RTSE 1.00%): refused at 0.50%, accepted at 1.00% and at 2.00%', async () => {
    const real = realWorldJson('swap/ultra-2025-04-order-aggregator.json');
    const tight = deps([json(200, real)], GASLESS);
    await expect(quoteSwapV2(tight.deps, request(50))).rejects.toThrow(
      /set a slippage of 1\.00% on this order, more than the 0\.50% you chose/,
    );
    for (const bps of [100, 200]) {
      const { deps: d } = deps([json(200, real)], GASLESS);
      const stored = await quoteSwapV2(d, request(bps));
      expect(stored.quote.otherAmountThreshold).toBe(12_577_697n);
      expect(intentOf(stored.quote, stored.extra).slippageBps).toBe(bps);
    }
  });
});

describe('the routers the wallet leaves out', () => {
  it.each([
    ['dflow', 'DFlow'],
    ['okx', 'OKX'],
  ])('refuses a %s fill on a manual order (asked without it), naming it', async (router, name) => {
    const { deps: d, requests } = deps([json(200, orderAt(50, { router }))], FUNDED);
    await expect(quoteSwapV2(d, request(50))).rejects.toThrow(
      `The swap service answered with a ${name} fill although the wallet asked it to leave ${name} out`,
    );
    expect(requests[0]!.url.searchParams.get('excludeRouters')).toBe('dflow,okx');
  });

  it('refuses a DFlow fill on a plain order too, in its own words', async () => {
    const { deps: d } = deps([json(200, orderAt(50, { router: 'dflow' }))], GASLESS);
    await expect(quoteSwapV2(d, request(50))).rejects.toThrow(
      'The swap service answered with a DFlow fill, whose program the wallet cannot read',
    );
  });

  it('accepts Metis and JupiterZ', async () => {
    for (const router of ['metis', 'jupiterz']) {
      const { deps: d } = deps([json(200, orderAt(50, { router }))], FUNDED);
      const stored = await quoteSwapV2(d, request(50));
      expect(stored.extra.v2?.path).toBe('meta-aggregator');
    }
  });
});

describe('a manual /order must echo the slippage it was asked for', () => {
  it('refuses 4% where 0.5% was sent, naming both', async () => {
    const { deps: d, requests } = deps([json(200, orderAt(400))], FUNDED);
    await expect(quoteSwapV2(d, request(50))).rejects.toThrow(
      /a slippage of 4\.00% instead of the 0\.50% you chose/,
    );
    expect(requests[0]!.url.searchParams.get('slippageBps')).toBe('50');
  });
});
