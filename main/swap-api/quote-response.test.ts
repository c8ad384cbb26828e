import { describe, expect, it } from 'vitest';
import type { QuoteParams } from './types';
import { parseQuoteResponse } from './quote-response';
import {
  exactInQuote,
  exactOutQuote,
  hop,
  json,
  scriptedClient,
  SOL,
  USDC,
  USDT,
  POOL_B,
} from '../../test/fixtures/swap-api-answers';

const exactIn: QuoteParams = {
  inputMint: SOL,
  outputMint: USDC,
  amount: 1_000_000_000n,
  slippageBps: 50,
};
const exactOut: QuoteParams = {
  inputMint: SOL,
  outputMint: USDC,
  amount: 25_000_000n,
  swapMode: 'ExactOut',
};

function parse(body: Record<string, unknown>, params: QuoteParams = exactIn) {
  const raw = JSON.stringify(body);
  return parseQuoteResponse(raw, JSON.parse(raw), params, 42);
}

function rejection(body: Record<string, unknown>, params: QuoteParams = exactIn): string {
  try {
    parse(body, params);
  } catch (error) {
    expect(error).toMatchObject({ code: 'SWAP_API_BAD_RESPONSE' });
    return (error as Error).message;
  }
  throw new Error('expected the answer to be refused');
}

describe('GET /quote answer validation', () => {
  it('returns a good ExactIn quote with bigint amounts, the hops and the raw text', () => {
    const body = { ...exactInQuote(), someFutureField: { nested: true } };
    const quote = parse(body);
    expect(quote).toMatchObject({
      inputMint: SOL,
      outputMint: USDC,
      inAmount: 1_000_000_000n,
      outAmount: 150_250_000n,
      otherAmountThreshold: 149_498_750n,
      swapMode: 'ExactIn',
      slippageBps: 50,
      platformFee: null,
      priceImpactPct: '0.0012',
      contextSlot: 1234,
      timeTaken: 0.012,
      receivedAt: 42,
    });
    expect(quote.routePlan).toEqual([
      expect.objectContaining({
        inputMint: SOL,
        outputMint: USDC,
        inAmount: 1_000_000_000n,
        feeAmount: 25n,
        shareBps: 10_000,
      }),
    ]);
    expect(quote.raw).toBe(JSON.stringify(body));
  });

  it('returns a good two-hop ExactOut quote', () => {
    const quote = parse(exactOutQuote(), exactOut);
    expect(quote.outAmount).toBe(25_000_000n);
    expect(quote.otherAmountThreshold).toBe(166_830_000n);
    expect(quote.routePlan.map((step) => [step.inputMint, step.outputMint])).toEqual([
      [SOL, USDT],
      [USDT, USDC],
    ]);
  });

  it('accepts a split route whose shares add up to 100%, with bps and the extras', () => {
    const quote = parse(
      exactInQuote({
        routePlan: [
          { ...hop(SOL, USDC, '600000000', '90150000', 60), bps: 6000 },
          { ...hop(SOL, USDC, '400000000', '60100000', 40, POOL_B), bps: 4000 },
        ],
        platformFee: { amount: '300500', feeBps: 20 },
        swapUsdValue: '150.25',
      }),
      { ...exactIn, platformFeeBps: 20 },
    );
    expect(quote.routePlan.map((step) => step.shareBps)).toEqual([6000, 4000]);
    expect(quote.platformFee).toEqual({ amount: 300_500n, feeBps: 20 });
    expect(quote.swapUsdValue).toBe('150.25');
  });

  it('accepts automatic slippage within the maximum asked for', () => {
    const quote = parse(exactInQuote({ slippageBps: 120, computedAutoSlippage: 120 }), {
      ...exactIn,
      autoSlippage: true,
      maxAutoSlippageBps: 300,
    });
    expect(quote.computedAutoSlippage).toBe(120);
  });

  it('reads extras outside the official schemas leniently: unreadable is null, not a refusal', () => {
    const quote = parse(
      exactInQuote({ swapUsdValue: 150.25, computedAutoSlippage: 'auto' }),
      exactIn,
    );
    expect(quote.swapUsdValue).toBeNull();
    expect(quote.computedAutoSlippage).toBeNull();
    expect(quote.outAmount).toBe(150_250_000n);
  });

  it.each([
    ['an amount with a decimal point', { outAmount: '150250000.5' }, /outAmount/],
    ['an amount as a JSON number', { inAmount: 1000000000 }, /inAmount/],
    ['an amount with a sign', { otherAmountThreshold: '-1' }, /otherAmountThreshold/],
    ['an amount past u64', { outAmount: '18446744073709551616' }, /outAmount/],
    ['an amount in exponent form', { outAmount: '1.5e8' }, /outAmount/],
    ['a missing outAmount', { outAmount: undefined }, /outAmount/],
    ['a missing routePlan', { routePlan: undefined }, /routePlan/],
    ['an empty routePlan', { routePlan: [] }, /routePlan/],
    ['a mint that is not an address', { outputMint: 'USDC' }, /outputMint/],
    ['an unknown swap mode', { swapMode: 'BestEffort' }, /swapMode/],
    ['slippage as text', { slippageBps: '50' }, /slippageBps/],
    ['a platform fee without feeBps', { platformFee: { amount: '10' } }, /platformFee/],
    ['a price impact that is not numeric', { priceImpactPct: 'high' }, /priceImpactPct/],
    [
      'a hop amount that is not an integer',
      { routePlan: [hop(SOL, USDC, '1e9', '150250000')] },
      /routePlan/,
    ],
    [
      'a hop with percent above 100',
      { routePlan: [hop(SOL, USDC, '1000000000', '150250000', 101)] },
      /routePlan/,
    ],
  ])('refuses %s', (_name, change, message) => {
    expect(rejection(exactInQuote(change))).toMatch(message);
  });

  it.each([
    [
      'a route that starts from another token',
      [hop(USDT, USDC, '1', '1')],
      /spends a token no earlier step produced/,
    ],
    [
      'a route that ends at another token',
      [hop(SOL, USDT, '1', '1')],
      /does not end at the token you receive/,
    ],
    [
      'hops that do not chain',
      [hop(SOL, USDT, '1', '1'), hop(SOL, USDC, '1', '1')],
      /more than 100%/,
    ],
    ['a route that drops part of a token', [hop(SOL, USDC, '1', '1', 60)], /does not pass on all/],
    [
      'a route that leaves an intermediate token behind',
      [hop(SOL, USDT, '1', '1'), hop(SOL, USDC, '1', '1', 0)],
      /does not pass on all/,
    ],
    ['a hop from a token to itself', [hop(SOL, SOL, '1', '1'), hop(SOL, USDC, '1', '1')], /itself/],
    [
      'a cycle back to the input token',
      [hop(SOL, USDT, '1', '1'), hop(USDT, SOL, '1', '1'), hop(SOL, USDC, '1', '1')],
      /already spends/,
    ],
  ])('refuses %s', (_name, routePlan, message) => {
    expect(rejection(exactInQuote({ routePlan }))).toMatch(message);
  });

  it('refuses an answer for other tokens or another mode than asked', () => {
    expect(rejection(exactInQuote(), { ...exactIn, outputMint: USDT })).toMatch(
      /different token to receive/,
    );
    expect(rejection(exactInQuote(), { ...exactIn, inputMint: USDT })).toMatch(
      /different token to pay/,
    );
    expect(
      rejection(exactInQuote(), { ...exactIn, swapMode: 'ExactOut', amount: 150_250_000n }),
    ).toMatch(/answers ExactIn to an ExactOut request/);
  });

  it('refuses an ExactIn quote spending another amount or promising a minimum above its output', () => {
    expect(rejection(exactInQuote(), { ...exactIn, amount: 999_999_999n })).toMatch(
      /input amount differs/,
    );
    expect(rejection(exactInQuote({ otherAmountThreshold: '150250001' }))).toMatch(
      /minimum received is above/,
    );
  });

  it('refuses an ExactOut quote delivering another amount or with a maximum below its input', () => {
    expect(rejection(exactOutQuote({ outAmount: '24999999' }), exactOut)).toMatch(
      /exact output amount differs/,
    );
    expect(rejection(exactOutQuote({ otherAmountThreshold: '165999999' }), exactOut)).toMatch(
      /maximum spent is below/,
    );
  });

  // Issue 15, class 1: a hostile service echoes the person's slippage but sends a bound of its
  // own. The bound is the wallet's: outAmount × (1 − slippage) ExactIn, inAmount × (1 +
  // slippage) ExactOut, with one base unit of rounding either way and nothing looser.
  it('refuses an ExactIn minimum looser than the slippage chosen (half the output at 0.50%)', () => {
    // 150,250,000 × 0.995 = 149,498,750: the exact bound is accepted, one unit less is not.
    expect(parse(exactInQuote({ otherAmountThreshold: '149498750' })).otherAmountThreshold).toBe(
      149_498_750n,
    );
    expect(rejection(exactInQuote({ otherAmountThreshold: '149498749' }))).toMatch(
      /minimum received \(149498749 base units\) is below the 149498750 that a slippage of 0.50% allows: the service's bound does not match the chosen slippage/,
    );
    expect(rejection(exactInQuote({ otherAmountThreshold: '75125000' }))).toMatch(
      /the service's bound does not match the chosen slippage/,
    );
  });

  it('refuses an ExactOut maximum looser than the slippage chosen (twice the input at 0.50%)', () => {
    const params = { ...exactOut, slippageBps: 50 };
    // 166,000,000 × 1.005 = 166,830,000.
    expect(parse(exactOutQuote(), params).otherAmountThreshold).toBe(166_830_000n);
    expect(rejection(exactOutQuote({ otherAmountThreshold: '166830001' }), params)).toMatch(
      /maximum spent \(166830001 base units\) is above the 166830000 that a slippage of 0.50% allows/,
    );
    expect(rejection(exactOutQuote({ otherAmountThreshold: '332000000' }), params)).toMatch(
      /the service's bound does not match the chosen slippage/,
    );
  });

  it('holds a tighter service bound: the transaction enforces it, so the screens show it', () => {
    const quote = parse(exactInQuote({ otherAmountThreshold: '150000000' }));
    expect(quote.otherAmountThreshold).toBe(150_000_000n);
  });

  it('with automatic slippage, bounds by the service’s slippage, itself within the maximum', () => {
    const auto: QuoteParams = {
      ...exactIn,
      slippageBps: undefined,
      autoSlippage: true,
      maxAutoSlippageBps: 300,
    };
    // 120 bps: 150,250,000 × 0.988 = 148,447,000.
    const body = { slippageBps: 120, computedAutoSlippage: 120 };
    expect(
      parse(exactInQuote({ ...body, otherAmountThreshold: '148447000' }), auto)
        .otherAmountThreshold,
    ).toBe(148_447_000n);
    expect(rejection(exactInQuote({ ...body, otherAmountThreshold: '148446999' }), auto)).toMatch(
      /slippage of 1.20% allows/,
    );
  });

  it('takes the service default of 0.50% when no slippage was sent, and holds the quote to it', () => {
    const { slippageBps: _sent, ...unsent } = exactIn;
    expect(rejection(exactInQuote({ slippageBps: 300 }), unsent)).toMatch(
      /slippage of 3.00% instead of the 0.50% you chose/,
    );
  });

  it('refuses a slippage or platform fee other than asked for', () => {
    expect(rejection(exactInQuote({ slippageBps: 300 }))).toMatch(
      /slippage of 3.00% instead of the 0.50% you chose/,
    );
    expect(
      rejection(exactInQuote({ slippageBps: 500 }), {
        ...exactIn,
        autoSlippage: true,
        maxAutoSlippageBps: 300,
      }),
    ).toMatch(/above the maximum/);
    expect(rejection(exactInQuote({ platformFee: { amount: '1000', feeBps: 50 } }))).toMatch(
      /platform fee of 50 bps instead of 0/,
    );
    expect(
      rejection(exactInQuote({ platformFee: { amount: '1000', feeBps: 50 } }), {
        ...exactIn,
        platformFeeBps: 20,
      }),
    ).toMatch(/50 bps instead of 20/);
  });

  it('says the service answered something the wallet cannot trust', async () => {
    const { client } = scriptedClient([json(200, exactInQuote({ outAmount: 'lots' }))]);
    await expect(client.quote(exactIn)).rejects.toThrow(
      /swap service answered something the wallet can't trust/,
    );
  });
});
