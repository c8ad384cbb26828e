import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { U64_MAX } from '../shared/amount';
import type { Address } from '../shared/address';
import type { QuoteParams } from './types';
import { encodeQuoteParams, validateQuoteParams } from './quote-params';
import {
  exactInQuote,
  json,
  scriptedClient,
  SOL,
  USDC,
} from '../../test/fixtures/swap-api-answers';

const base: QuoteParams = { inputMint: SOL, outputMint: USDC, amount: 1_000_000_000n };

function errorOf(params: QuoteParams): { code: string; message: string } {
  try {
    validateQuoteParams(params);
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected the parameters to be rejected');
}

describe('GET /quote parameter encoding', () => {
  it('sends only the required parameters when nothing else is set', () => {
    expect(encodeQuoteParams(base).toString()).toBe(
      `inputMint=${SOL}&outputMint=${USDC}&amount=1000000000`,
    );
  });

  it('encodes every parameter of the spec in the form the service reads', () => {
    const query = encodeQuoteParams({
      ...base,
      amount: 18_446_744_073_709_551_615n,
      slippageBps: 75,
      swapMode: 'ExactIn',
      dexes: ['Whirlpool', ' Raydium CLMM '],
      excludeDexes: ['Meteora DLMM', 'Phoenix'],
      restrictIntermediateTokens: true,
      onlyDirectRoutes: false,
      asLegacyTransaction: true,
      platformFeeBps: 20,
      maxAccounts: 40,
      autoSlippage: false,
      maxAutoSlippageBps: 300,
      autoSlippageCollisionUsdValue: 1000.5,
    });
    expect(Object.fromEntries(query)).toEqual({
      inputMint: SOL,
      outputMint: USDC,
      amount: '18446744073709551615',
      slippageBps: '75',
      swapMode: 'ExactIn',
      dexes: 'Whirlpool,Raydium CLMM',
      excludeDexes: 'Meteora DLMM,Phoenix',
      restrictIntermediateTokens: 'true',
      onlyDirectRoutes: 'false',
      asLegacyTransaction: 'true',
      platformFeeBps: '20',
      maxAccounts: '40',
      autoSlippage: 'false',
      maxAutoSlippageBps: '300',
      autoSlippageCollisionUsdValue: '1000.5',
    });
  });

  it('puts the encoded parameters on the wire as the query of <base>/quote', async () => {
    const { client, requests } = scriptedClient([json(200, exactInQuote())]);
    await client.quote({
      ...base,
      slippageBps: 50,
      dexes: ['Raydium CLMM', 'Whirlpool'],
      onlyDirectRoutes: true,
    });
    expect(requests).toHaveLength(1);
    const [request] = requests;
    expect(request?.method).toBe('GET');
    expect(request?.url.origin + request?.url.pathname).toBe('https://swap.example.test/v6/quote');
    // URLSearchParams writes spaces as '+', which the service decodes back to spaces.
    expect(request?.url.search).toBe(
      `?inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&slippageBps=50&dexes=Raydium+CLMM%2CWhirlpool&onlyDirectRoutes=true`,
    );
    expect(request?.url.searchParams.get('dexes')).toBe('Raydium CLMM,Whirlpool');
  });
});

describe('GET /quote parameter checks (before any request)', () => {
  it.each([
    [
      'a mint that is not base58',
      { inputMint: 'not-a-mint' as Address },
      'INVALID_ADDRESS',
      /token you pay/,
    ],
    [
      'a mint of 31 bytes',
      { outputMint: '3HM5YFcs9kmecD3DyY63QDgp2pwkVXc4xd8ATvSuV44' as Address },
      'INVALID_ADDRESS',
      /token you receive/,
    ],
    ['the same token on both sides', { outputMint: SOL }, 'INVALID_SWAP_REQUEST', /same token/],
    ['a zero amount', { amount: 0n }, 'INVALID_AMOUNT', /greater than zero/],
    ['a negative amount', { amount: -5n }, 'INVALID_AMOUNT', /greater than zero/],
    ['an amount beyond u64', { amount: 1n << 64n }, 'INVALID_AMOUNT', /larger than/],
    [
      'slippage above 10000 bps',
      { slippageBps: 10_001 },
      'INVALID_SWAP_REQUEST',
      /Slippage.*0 to 10000/,
    ],
    ['fractional slippage', { slippageBps: 0.5 }, 'INVALID_SWAP_REQUEST', /Slippage/],
    [
      'a platform fee above 10000 bps',
      { platformFeeBps: 10_001 },
      'INVALID_SWAP_REQUEST',
      /platform fee/,
    ],
    ['a fractional platform fee', { platformFeeBps: 2.5 }, 'INVALID_SWAP_REQUEST', /platform fee/],
    ['max accounts of zero', { maxAccounts: 0 }, 'INVALID_SWAP_REQUEST', /Max accounts/],
    [
      'max accounts with ExactOut',
      { swapMode: 'ExactOut', maxAccounts: 30 },
      'INVALID_SWAP_REQUEST',
      /cannot be used with an exact-output/,
    ],
    [
      'an unknown swap mode',
      { swapMode: 'Exact' as 'ExactIn' },
      'INVALID_SWAP_REQUEST',
      /ExactIn or ExactOut/,
    ],
    ['a venue with a comma', { dexes: ['Orca,Raydium'] }, 'INVALID_SWAP_REQUEST', /comma/],
    ['an empty venue list', { excludeDexes: [] }, 'INVALID_SWAP_REQUEST', /at least one venue/],
    [
      'a negative USD value',
      { autoSlippageCollisionUsdValue: -1 },
      'INVALID_SWAP_REQUEST',
      /USD value/,
    ],
    [
      'auto slippage cap above 10000',
      { autoSlippage: true, maxAutoSlippageBps: 20_000 },
      'INVALID_SWAP_REQUEST',
      /auto slippage/,
    ],
  ] as const)('rejects %s', (_name, change, code, message) => {
    const error = errorOf({ ...base, ...change } as QuoteParams);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('accepts the bounds: 0 and 10000 bps, amount 1 and u64 max', () => {
    expect(() =>
      validateQuoteParams({ ...base, slippageBps: 0, platformFeeBps: 10_000, amount: 1n }),
    ).not.toThrow();
    expect(() =>
      validateQuoteParams({ ...base, slippageBps: 10_000, amount: (1n << 64n) - 1n }),
    ).not.toThrow();
  });

  it('makes no request when a parameter is wrong', async () => {
    const { client, requests } = scriptedClient([json(200, exactInQuote())]);
    await expect(
      client.quote({ ...base, swapMode: 'ExactOut', maxAccounts: 20 }),
    ).rejects.toMatchObject({
      code: 'INVALID_SWAP_REQUEST',
    });
    expect(requests).toHaveLength(0);
  });
});

describe('GET /quote encoding, for any valid parameters', () => {
  it('reads back as the same values on the service side', () => {
    const label = fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,20}[A-Za-z0-9]$/);
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: U64_MAX }),
        fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
        fc.option(fc.array(label, { minLength: 1, maxLength: 4 }), { nil: undefined }),
        fc.option(fc.boolean(), { nil: undefined }),
        (amount, slippageBps, dexes, onlyDirectRoutes) => {
          const params: QuoteParams = { ...base, amount, slippageBps, dexes, onlyDirectRoutes };
          validateQuoteParams(params);
          const query = new URLSearchParams(encodeQuoteParams(params).toString());
          expect(BigInt(query.get('amount') ?? '')).toBe(amount);
          expect(query.get('slippageBps')).toBe(
            slippageBps === undefined ? null : String(slippageBps),
          );
          expect(query.get('dexes')?.split(',')).toEqual(dexes);
          expect(query.get('onlyDirectRoutes')).toBe(
            onlyDirectRoutes === undefined ? null : String(onlyDirectRoutes),
          );
          expect([...query.keys()].length).toBe(new Set(query.keys()).size);
        },
      ),
    );
  });
});
