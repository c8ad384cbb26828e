import { describe, expect, it, vi } from 'vitest';
import type { MarketFacts } from '../review/market-warnings';
import { contract } from '../../preload/contract';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import { pausedWords } from '../tokens/mint-extension-data';
import { nextCheckPhase } from './issue-ticket';
import { parseQuoteResponse } from '../swap-api/quote-response';
import { createQuoteBook } from './quote-book';
import {
  AUTO_PRIORITY_FEE_MAX_LAMPORTS,
  intentOf,
  quotePlan,
  reviewStoredSwap,
  type SwapReviewDeps,
} from './swap-review';
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

  it("keeps the person's fixed slippage for the guard, none for an automatic one (issue 32)", () => {
    const base = { inputMint: SOL, outputMint: USDC, amount: '1' };
    expect(quotePlan(parse({ ...base, slippage: { bps: 75 } })).extras.chosenSlippageBps).toBe(75);
    const auto = quotePlan(parse({ ...base, slippage: { auto: true, maxBps: 300 } })).extras;
    expect(auto).not.toHaveProperty('chosenSlippageBps');
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

/** A quote as GET /quote answers it (1 SOL to 150 USDC, a 2 bps platform fee). */
function sampleQuote() {
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
  return parseQuoteResponse(
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
}

describe('quote view', () => {
  it('answers amounts as strings, minimum received, route hops and times', () => {
    const quote = sampleQuote();
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
    // Issue 32: a venue label is the service's text: shown inert (no link, no bidi) and short.
    const [hop] = quote.routePlan;
    const hostile = {
      ...quote,
      routePlan: [
        { ...hop!, label: 'Claim your refund at https://jup-support.example\u202e today' },
      ],
    };
    expect(quoteView(book.add(hostile, null, 'sandbox')).route[0]?.label).toBe(
      'Claim your refund at hxxps[:]//jup-support[.]ex…',
    );
    expect(
      intentOf(quote, {
        asLegacyTransaction: false,
        prioritizationFee: 0n,
        maxPriorityFeeLamports: 0n,
      }),
    ).toMatchObject({ amount: 1_000_000_000n, otherAmountThreshold: 149_250_000n });
    // The guard's slippage is the person's where they chose one, never the service's figure.
    const extras = {
      asLegacyTransaction: false,
      prioritizationFee: 0n,
      maxPriorityFeeLamports: 0n,
    };
    expect(intentOf(quote, { ...extras, chosenSlippageBps: 100 }).slippageBps).toBe(100);
    expect(intentOf(quote, extras).slippageBps).toBe(50);
  });
});

describe('review of a stored swap', () => {
  const extras = { asLegacyTransaction: false, prioritizationFee: 0n, maxPriorityFeeLamports: 0n };
  const account = 'HJPjoWUrhoZzkNfRpHuieeFk9WcZWjwy6PBjZ81ngndJ' as Address;

  /** Deps whose /swap waits for `release` and then answers a swap the service cannot sign. */
  function depsWithHeldSwap(market: () => Promise<MarketFacts>) {
    const events: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const deps = {
      api: async () => ({
        swap: async () => {
          events.push('/swap asked');
          await held;
          events.push('/swap answered');
          return {
            signable: false,
            simulationFailure: { reason: 'The service could not simulate it.' },
          };
        },
      }),
      market: () => {
        events.push('market asked');
        return market();
      },
    } as unknown as SwapReviewDeps;
    return { deps, events, release };
  }

  it('asks the market facts (Pyth prices, verified marks) while the service builds the transaction', async () => {
    const { deps, events, release } = depsWithHeldSwap(async () => ({}) as MarketFacts);
    const stored = { quote: sampleQuote(), extra: extras } as never;
    const review = reviewStoredSwap(deps, stored, account);
    await new Promise((resolve) => setTimeout(resolve, 5));
    // Both out before /swap has answered: the facts depend on the intent alone (issue 26). The
    // request to the service goes first, so the facts' own work does not hold it back.
    expect(events).toEqual(['/swap asked', 'market asked']);
    release();
    await expect(review).rejects.toMatchObject({
      code: 'SWAP_NOT_SIGNABLE',
      message: 'The service could not simulate it.',
    });
  });

  it('leaves no unhandled failure when the market read fails and /swap fails too', async () => {
    const { deps, release } = depsWithHeldSwap(() => Promise.reject(new Error('RPC down')));
    const stored = { quote: sampleQuote(), extra: extras } as never;
    const review = reviewStoredSwap(deps, stored, account);
    release();
    // /swap's refusal is the one the person reads (vitest fails a run on an unhandled rejection).
    await expect(review).rejects.toMatchObject({ code: 'SWAP_NOT_SIGNABLE' });
  });

  it("reads the pause while the service builds, and a paused token's refusal wins over /swap's answer", async () => {
    const { deps, events, release } = depsWithHeldSwap(async () => ({}) as MarketFacts);
    const stored = { quote: sampleQuote(), extra: extras } as never;
    const paused = new WalletError('TOKEN_PAUSED', pausedWords('USDC'));
    const pauseCheck = nextCheckPhase().then(() => {
      events.push('pause read');
      throw paused;
    });
    const outcome = reviewStoredSwap(deps, stored, account, pauseCheck).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(events).toEqual(['/swap asked', 'pause read', 'market asked']);
    // Said at once, while /swap is still on its way; and when the service then cannot sign it
    // (a paused token fails its simulation), the person still reads why.
    expect(await outcome).toBe(paused);
    release();
  });

  it('issues nothing before the pause check passed', async () => {
    const { deps, release } = depsWithHeldSwap(async () => ({}) as MarketFacts);
    let pass!: () => void;
    const pauseCheck = new Promise<void>((resolve) => (pass = resolve));
    const settled = vi.fn();
    const stored = { quote: sampleQuote(), extra: extras } as never;
    const review = reviewStoredSwap(deps, stored, account, pauseCheck).finally(settled);
    release();
    await new Promise((resolve) => setTimeout(resolve, 5));
    // /swap has answered, but the review waits for the check.
    expect(settled).not.toHaveBeenCalled();
    pass();
    await expect(review).rejects.toMatchObject({ code: 'SWAP_NOT_SIGNABLE' });
  });
});
