/**
 * The quote side of /order answers read as the service meant them (issue 32 point 6), from the
 * answer through the real v2 client to what the quote shows:
 *
 * - the price impact from `priceImpact` (official OpenAPI, test/fixtures/real-world/schema/
 *   jup-ag-docs-1dda348d-openapi-swap-v2.yaml: "percentage points (e.g. -0.1 = -0.1%)"), its
 *   sign kept: a positive one is the person's gain, not a cost; the deprecated `priceImpactPct`
 *   only where it is all there is (the real Ultra answer of 2025,
 *   test/fixtures/real-world/swap/ultra-2025-04-order-aggregator.json, jup-ag/docs
 *   `docs/101-ultra-api/1-get-order.md` @ d4b95c9a);
 * - a fee whose amount the answer does not state (`PlatformFee.amount` is optional in the
 *   schema; the Ultra answer states `feeBps` 5 alone) has no amount, never 0, and its token is
 *   the one the answer names or none.
 */
import { describe, expect, it } from 'vitest';
import { SOL, USDC, USER, json } from '../../../test/fixtures/swap-api-answers';
import { orderAnswer, scriptedV2Client } from '../../../test/fixtures/swap-v2-answers';
import { answerValidator, expectValid } from '../../../test/fixtures/openapi-v2';
import { realWorldJson } from '../../../test/fixtures/real-world';
import { orderFeeTerms } from '../../fees/order-fees';

const order200 = answerValidator('/order', 'get', '200');
const ULTRA = 'swap/ultra-2025-04-order-aggregator.json';

async function read(body: Record<string, unknown>, taker: string = USER) {
  const { client } = scriptedV2Client([json(200, body)]);
  return client.order({
    inputMint: SOL,
    outputMint: USDC,
    amount: 100_000_000n,
    taker: taker as never,
    slippageBps: Number(body.slippageBps),
  });
}

describe('the price impact of an /order answer', () => {
  it('a negative priceImpact is a cost: -0.01 percentage points is a fraction of 0.0001', async () => {
    const answer = await read(orderAnswer({ priceImpact: -0.01, priceImpactPct: '0.0001' }));
    expect(answer.quote.priceImpactPct).toBe('0.0001');
  });

  it('a positive priceImpact is the person’s gain, whatever the deprecated field says', async () => {
    // The deprecated field loses the sign: it would show this gain as a 0.25% cost.
    const body = orderAnswer({ priceImpact: 0.25, priceImpactPct: '0.0025' });
    expectValid(order200, body);
    const answer = await read(body);
    expect(answer.quote.priceImpactPct).toBe('-0.0025');
    expect(answer.priceImpact).toBe(0.25);
  });

  it('zero stays zero, and the deprecated field alone is read as it was (the real Ultra answer)', async () => {
    expect((await read(orderAnswer({ priceImpact: -0 }))).quote.priceImpactPct).toBe('0');
    const real = realWorldJson(ULTRA);
    const answer = await read(real, real.taker as string);
    expect(answer.quote.priceImpactPct).toBe('0.0000261921556639999999999997');
  });
});

describe('a fee whose amount the answer does not state', () => {
  it('has no amount (not 0) and the token the answer names', async () => {
    const body = orderAnswer({ platformFee: { feeBps: 10, feeMint: SOL }, feeBps: 10 });
    expectValid(order200, body);
    const answer = await read(body);
    expect(answer.platformFee).toEqual({ amount: null, feeBps: 10, feeMint: SOL });
    const terms = await orderFeeTerms(undefined, null, answer);
    expect(terms.serviceFee).toEqual({ by: 'Jupiter', feeBps: 10, amount: null, mint: SOL });
  });

  it('the real Ultra answer states 5 bps and no amount nor token: neither is made up', async () => {
    const real = realWorldJson(ULTRA);
    const answer = await read(real, real.taker as string);
    const terms = await orderFeeTerms(undefined, null, answer);
    expect(terms.serviceFee).toEqual({ by: 'Jupiter', feeBps: 5, amount: null, mint: null });
  });

  it('a stated amount is kept as stated', async () => {
    const answer = await read(orderAnswer());
    const terms = await orderFeeTerms(undefined, null, answer);
    expect(terms.serviceFee).toEqual({ by: 'Jupiter', feeBps: 2, amount: 200_000n, mint: SOL });
  });
});
