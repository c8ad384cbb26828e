import { describe, expect, it } from 'vitest';
import { contract } from '../../preload/contract';
import type { Address } from '../shared/address';
import { parseQuoteResponse } from '../swap-api/quote-response';
import { createQuoteBook } from './quote-book';
import { AUTO_PRIORITY_FEE_MAX_LAMPORTS, intentOf, quotePlan } from './swap-review';
import { quoteView } from './views';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const parse = (payload: unknown) => contract['swap.quote'].request.parse(payload);

describe('quote plan', () => {
  it('turns every option of swap.quote into quote parameters and /swap extras', () => {
    const { params, extras } = quotePlan(
      parse({
        inputMint: SOL,
        outputMint: USDC,
        amount: '18446744073709551615',
        swapMode: 'ExactOut',
        slippage: { auto: true, maxBps: 300 },
        options: {
          onlyDirectRoutes: true,
          restrictIntermediateTokens: false,
          dexes: ['Whirlpool', 'Raydium CLMM'],
          excludeDexes: [],
          maxAccounts: 40,
          asLegacyTransaction: true,
          priorityFee: { kind: 'level', level: 'veryHigh', maxLamports: '2000000' },
        },
      }),
    );
    expect(params).toEqual({
      inputMint: SOL,
      outputMint: USDC,
      amount: 18446744073709551615n,
      swapMode: 'ExactOut',
      autoSlippage: true,
      maxAutoSlippageBps: 300,
      onlyDirectRoutes: true,
      restrictIntermediateTokens: false,
      dexes: ['Whirlpool', 'Raydium CLMM'],
      maxAccounts: 40,
      asLegacyTransaction: true,
    });
    expect(extras).toEqual({
      asLegacyTransaction: true,
      prioritizationFee: {
        priorityLevelWithMaxLamports: { priorityLevel: 'veryHigh', maxLamports: 2_000_000n },
      },
      maxPriorityFeeLamports: 2_000_000n,
    });
  });

  it('bounds every priority fee form, auto included', () => {
    const base = { inputMint: SOL, outputMint: USDC, amount: '1', slippage: { bps: 50 } };
    const fee = (priorityFee: unknown) =>
      quotePlan(parse({ ...base, options: { priorityFee } })).extras;
    expect(quotePlan(parse(base)).extras).toMatchObject({
      prioritizationFee: 0n,
      maxPriorityFeeLamports: 0n,
    });
    expect(fee({ kind: 'lamports', lamports: '12345' })).toMatchObject({
      prioritizationFee: 12345n,
      maxPriorityFeeLamports: 12345n,
    });
    expect(fee({ kind: 'auto' }).maxPriorityFeeLamports).toBe(AUTO_PRIORITY_FEE_MAX_LAMPORTS);
    expect(quotePlan(parse(base)).params).toMatchObject({ slippageBps: 50, swapMode: 'ExactIn' });
  });

  it('refuses amounts that are not base-unit decimal text, and unknown fields', () => {
    const base = { inputMint: SOL, outputMint: USDC, slippage: { bps: 50 } };
    for (const amount of [1, '1.5', '-1', '01', '1e9', '184467440737095516150', '']) {
      expect(contract['swap.quote'].request.safeParse({ ...base, amount }).success).toBe(false);
    }
    expect(
      contract['swap.quote'].request.safeParse({ ...base, amount: '1', feeAccount: SOL }).success,
    ).toBe(false);
    expect(
      contract['swap.quote'].request.safeParse({
        ...base,
        amount: '1',
        slippage: { bps: 50, auto: true },
      }).success,
    ).toBe(false);
    expect(
      contract['swap.quote'].request.safeParse({
        ...base,
        amount: '1',
        options: { dexes: ['a,b'] },
      }).success,
    ).toBe(false);
  });
});

describe('quote view', () => {
  it('answers amounts as strings, minimum received, route hops and times', () => {
    const body = {
      inputMint: SOL,
      inAmount: '1000000000',
      outputMint: USDC,
      outAmount: '150000000',
      otherAmountThreshold: '149250000',
      swapMode: 'ExactIn',
      slippageBps: 50,
      platformFee: { amount: '30000', feeBps: 2 },
      priceImpactPct: '0.0012',
      routePlan: [
        {
          swapInfo: {
            ammKey: 'HJPjoWUrhoZzkNfRpHuieeFk9WcZWjwy6PBjZ81ngndJ',
            label: 'Whirlpool',
            inputMint: SOL,
            outputMint: USDC,
            inAmount: '1000000000',
            outAmount: '150000000',
            feeAmount: '3000',
            feeMint: SOL,
          },
          percent: 100,
        },
      ],
      contextSlot: 99,
      timeTaken: 0.01,
    };
    const quote = parseQuoteResponse(
      JSON.stringify(body),
      body,
      {
        inputMint: SOL as Address,
        outputMint: USDC as Address,
        amount: 1_000_000_000n,
        slippageBps: 50,
        platformFeeBps: 2,
      },
      Date.parse('2026-11-22T03:00:00Z'),
    );
    const book = createQuoteBook<null>({ now: () => Date.parse('2026-11-22T03:00:00Z') });
    const view = quoteView(book.add(quote, null, 'sandbox'));
    expect(view).toMatchObject({
      inAmount: '1000000000',
      outAmount: '150000000',
      minimumReceived: '149250000',
      maximumSpent: null,
      platformFee: { amount: '30000', feeBps: 2 },
      priceImpactPct: '0.0012',
      quotedAt: '2026-11-22T03:00:00.000Z',
      expiresAt: '2026-11-22T03:02:00.000Z',
      route: [{ label: 'Whirlpool', inAmount: '1000000000', feeAmount: '3000', percent: 100 }],
    });
    expect(JSON.stringify(view)).not.toContain('"raw"');
    expect(
      intentOf(quote, {
        asLegacyTransaction: false,
        prioritizationFee: 0n,
        maxPriorityFeeLamports: 0n,
      }),
    ).toMatchObject({ amount: 1_000_000_000n, otherAmountThreshold: 149_250_000n });
  });
});
