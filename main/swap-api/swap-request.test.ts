import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import type { Quote, SwapRequest } from './types';
import { encodeSwapBody, validateSwapRequest } from './swap-request';
import {
  exactInQuote,
  exactOutQuote,
  FEE_ACCOUNT,
  json,
  PAYEE_ATA,
  scriptedClient,
  SOL,
  swapAnswer,
  TRACKER,
  USDC,
  USER,
} from '../../test/fixtures/swap-api-answers';

// The service's text, with odd spacing and a field the wallet does not model holding a number
// past 2^53 that JSON.parse would round: the wallet must send it back byte for byte.
const RAW_QUOTE = JSON.stringify(exactInQuote()).replace(
  '"contextSlot":1234',
  '"contextSlot" : 1234, "routeId": 9007199254740993',
);

async function quoteFromService(raw = RAW_QUOTE): Promise<Quote> {
  const { client } = scriptedClient([{ status: 200, body: raw }]);
  return client.quote({
    inputMint: SOL,
    outputMint: USDC,
    amount: 1_000_000_000n,
    slippageBps: 50,
  });
}

function rejection(request: SwapRequest): { code: string; message: string } {
  try {
    validateSwapRequest(request);
  } catch (error) {
    return error as { code: string; message: string };
  }
  throw new Error('expected the request to be refused');
}

describe('POST /swap body', () => {
  it('sends the quote back exactly as received, and only the fields that are set', async () => {
    const quote = await quoteFromService();
    const body = encodeSwapBody({ quote, userPublicKey: USER });
    expect(body).toBe(`{"quoteResponse":${RAW_QUOTE},"userPublicKey":"${USER}"}`);
    expect(JSON.parse(body)).toEqual({ quoteResponse: JSON.parse(RAW_QUOTE), userPublicKey: USER });
  });

  it('encodes every field of the spec and of API-NOTES', async () => {
    const quote = await quoteFromService();
    // Every field but the quote and the lamports goes into the body exactly as given.
    const asGiven = {
      userPublicKey: USER,
      wrapAndUnwrapSol: false,
      useSharedAccounts: true,
      feeAccount: FEE_ACCOUNT,
      trackingAccount: TRACKER,
      asLegacyTransaction: false,
      useTokenLedger: false,
      destinationTokenAccount: PAYEE_ATA,
      dynamicComputeUnitLimit: true,
      skipUserAccountsRpcCalls: true,
      dynamicSlippage: { maxBps: 300 },
    };
    const body = JSON.parse(encodeSwapBody({ quote, prioritizationFeeLamports: 0n, ...asGiven }));
    expect(body).toEqual({
      quoteResponse: JSON.parse(RAW_QUOTE),
      prioritizationFeeLamports: 0,
      ...asGiven,
    });
  });

  it.each([
    ['lamports', 12_345n, 12345],
    ['auto', 'auto' as const, 'auto'],
    [
      'a priority level with a maximum',
      {
        priorityLevelWithMaxLamports: {
          priorityLevel: 'veryHigh' as const,
          maxLamports: 4_000_000n,
        },
      },
      { priorityLevelWithMaxLamports: { priorityLevel: 'veryHigh', maxLamports: 4000000 } },
    ],
    ['a Jito tip', { jitoTipLamports: 1_000n }, { jitoTipLamports: 1000 }],
  ])('encodes prioritizationFeeLamports as %s', async (_name, fee, wire) => {
    const quote = await quoteFromService();
    const body = JSON.parse(
      encodeSwapBody({ quote, userPublicKey: USER, prioritizationFeeLamports: fee }),
    );
    expect(body.prioritizationFeeLamports).toEqual(wire);
  });

  it('encodes computeUnitPriceMicroLamports as a JSON number', async () => {
    const quote = await quoteFromService();
    const body = JSON.parse(
      encodeSwapBody({ quote, userPublicKey: USER, computeUnitPriceMicroLamports: 50_000n }),
    );
    expect(body.computeUnitPriceMicroLamports).toBe(50000);
    expect(body).not.toHaveProperty('prioritizationFeeLamports');
  });

  it('posts JSON to <base>/swap with the content type of the spec', async () => {
    const { client, requests } = scriptedClient([
      json(200, exactOutQuote()),
      json(200, swapAnswer()),
    ]);
    const quote = await client.quote({
      inputMint: SOL,
      outputMint: USDC,
      amount: 25_000_000n,
      swapMode: 'ExactOut',
    });
    await client.swap({ quote, userPublicKey: USER, destinationTokenAccount: PAYEE_ATA });
    const post = requests[1];
    expect(post?.method).toBe('POST');
    expect(post?.url.href).toBe('https://swap.example.test/v6/swap');
    expect(post?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(post?.body ?? '')).toEqual({
      quoteResponse: exactOutQuote(),
      userPublicKey: USER,
      destinationTokenAccount: PAYEE_ATA,
    });
  });
});

describe('POST /swap checks (before any request)', () => {
  it.each([
    [
      'a user key that is not an address',
      { userPublicKey: 'me' as Address },
      'INVALID_ADDRESS',
      /Your account address/,
    ],
    [
      'a fee account that is not an address',
      { feeAccount: 'x' as Address },
      'INVALID_ADDRESS',
      /fee account/,
    ],
    [
      'a tracking account that is not an address',
      { trackingAccount: '0OIl' as Address },
      'INVALID_ADDRESS',
      /tracking account/,
    ],
    [
      'a destination that is not an address',
      { destinationTokenAccount: '' as Address },
      'INVALID_ADDRESS',
      /destination token account/,
    ],
    [
      'both a priority fee and a compute unit price',
      { prioritizationFeeLamports: 1000n, computeUnitPriceMicroLamports: 5n },
      'INVALID_SWAP_REQUEST',
      /either a priority fee or a compute unit price/,
    ],
    [
      'a negative priority fee',
      { prioritizationFeeLamports: -1n },
      'INVALID_SWAP_REQUEST',
      /priority fee/,
    ],
    [
      'a priority fee past 2^53',
      { prioritizationFeeLamports: 2n ** 53n },
      'INVALID_SWAP_REQUEST',
      /priority fee/,
    ],
    [
      'an unknown priority level',
      {
        prioritizationFeeLamports: {
          priorityLevelWithMaxLamports: { priorityLevel: 'max' as 'high', maxLamports: 1n },
        },
      },
      'INVALID_SWAP_REQUEST',
      /medium, high or veryHigh/,
    ],
    [
      'dynamic slippage above 10000',
      { dynamicSlippage: { maxBps: 10_001 } },
      'INVALID_SWAP_REQUEST',
      /dynamic slippage/,
    ],
  ] as const)('refuses %s', async (_name, change, code, message) => {
    const quote = await quoteFromService();
    const error = rejection({ quote, userPublicKey: USER, ...change } as SwapRequest);
    expect(error.code).toBe(code);
    expect(error.message).toMatch(message);
  });

  it('refuses a quote whose text is not one JSON object, so nothing can be spliced into the body', async () => {
    const quote = await quoteFromService();
    const forged = { ...quote, raw: '{"a":1},"userPublicKey":"someone else","x":{' };
    expect(rejection({ quote: forged, userPublicKey: USER }).message).toMatch(/quote is damaged/);
  });

  it('makes no request when the body is wrong', async () => {
    const { client, requests } = scriptedClient([
      json(200, exactInQuote()),
      json(200, swapAnswer()),
    ]);
    const quote = await client.quote({ inputMint: SOL, outputMint: USDC, amount: 1_000_000_000n });
    await expect(
      client.swap({
        quote,
        userPublicKey: USER,
        prioritizationFeeLamports: 'auto',
        computeUnitPriceMicroLamports: 1n,
      }),
    ).rejects.toMatchObject({ code: 'INVALID_SWAP_REQUEST' });
    expect(requests).toHaveLength(1);
  });
});
