import { describe, expect, it } from 'vitest';
import { describeSwapError, KNOWN_SERVICE_ERROR_CODES } from './swap-errors';
import { decodeSwapProgramError } from './program-errors';
import { json, scriptedClient, SOL, USDC } from '../../test/fixtures/swap-api-answers';

describe('describeSwapError', () => {
  it.each([
    [
      'NO_ROUTES_FOUND',
      'No route found for this pair and amount. Try a smaller amount, another token, or allow more venues.',
    ],
    [
      'COULD_NOT_FIND_ANY_ROUTE',
      'No route found for this pair and amount. Try a smaller amount, another token, or allow more venues.',
    ],
    [
      'ROUTE_PLAN_DOES_NOT_CONSUME_ALL_THE_AMOUNT',
      'There is not enough liquidity on the allowed venues to take the whole amount. Try a smaller amount, or allow more venues and multi-hop routes.',
    ],
    [
      'MARKET_NOT_FOUND',
      'The swap service does not know a venue or market this request names. Clear the venue filters, or check the venue names.',
    ],
    [
      'TOKEN_NOT_TRADABLE',
      'One of the two tokens cannot be traded on the swap service. Check the mint address, or choose another token.',
    ],
    [
      'NOT_SUPPORTED',
      'The swap service does not support this request. Try an exact-input swap, another token, or fewer advanced options.',
    ],
    [
      'CIRCULAR_ARBITRAGE_IS_DISABLED',
      'You pay and receive the same token. Choose a different token to receive.',
    ],
    [
      'CANNOT_COMPUTE_OTHER_AMOUNT_THRESHOLD',
      'The swap service could not work out the slippage bound for this quote. Try another slippage setting or a smaller amount.',
    ],
    [
      'MAX_ACCOUNT_GREATER_THAN_MAX',
      'The maximum number of accounts is above what the swap service allows. Lower "Max accounts" in the advanced options, or clear it.',
    ],
    [
      'INVALID_COMPUTE_UNIT_PRICE_AND_PRIORITIZATION_FEE',
      'Set either a priority fee or a compute unit price, not both.',
    ],
    [
      'FAILED_TO_GET_SWAP_AND_ACCOUNT_METAS',
      'The swap service could not build a transaction from this quote; it may be out of date. Get a fresh quote and try again.',
    ],
  ])('%s has its own message', (code, message) => {
    expect(describeSwapError(code, { status: 400, request: 'the quote request' })).toBe(message);
  });

  it('covers every known code of API-NOTES', () => {
    expect(KNOWN_SERVICE_ERROR_CODES).toHaveLength(11);
    for (const code of KNOWN_SERVICE_ERROR_CODES) {
      expect(describeSwapError(code)).not.toMatch(/refused the request/);
    }
  });

  it.each(['NO_ROUTES_FOUND', 'COULD_NOT_FIND_ANY_ROUTE'])(
    '%s in ExactOut suggests another token: only three venues serve it',
    (code) => {
      const message = describeSwapError(code, { swapMode: 'ExactOut' });
      expect(message).toMatch(/^No exact-output route found/);
      expect(message).toMatch(/Only three venues/);
      expect(message).toMatch(/try paying with another token/);
    },
  );

  it('names an unknown code with the status and what was refused, in its own words', () => {
    expect(describeSwapError('SOMETHING_NEW', { status: 400, request: 'the quote request' })).toBe(
      'The swap service refused the quote request (HTTP 400, code SOMETHING_NEW). Check the swap settings, or try again later.',
    );
    expect(describeSwapError(undefined, {})).toBe(
      'The swap service refused the request (no error code). Check the swap settings, or try again later.',
    );
    // A code is reduced to what codes are made of: no dots, so no host name.
    expect(describeSwapError('jup-support.example', { status: 400 })).toMatch(
      /\(HTTP 400, code jup-supportexample\)/,
    );
    expect(describeSwapError('<script>alert(1)</script>', {})).toMatch(
      /\(code scriptalert1script\)/,
    );
  });
});

describe('service error bodies through the client', () => {
  const params = { inputMint: SOL, outputMint: USDC, amount: 5n };

  it.each(KNOWN_SERVICE_ERROR_CODES.map((code) => [code]))(
    'maps a 400 with %s to its message',
    async (code) => {
      const { client } = scriptedClient([json(400, { errorCode: code, error: 'service words' })]);
      const error = await client.quote(params).catch((caught: unknown) => caught);
      expect(error).toMatchObject({
        code:
          code === 'NO_ROUTES_FOUND' || code === 'COULD_NOT_FIND_ANY_ROUTE'
            ? 'NO_ROUTE'
            : 'SWAP_API_REJECTED',
        message: describeSwapError(code),
        status: 400,
        serviceCode: code,
      });
    },
  );

  it('maps an ExactOut no-route answer to the exact-output advice', async () => {
    const { client } = scriptedClient([
      json(400, { errorCode: 'COULD_NOT_FIND_ANY_ROUTE', error: 'Could not find any route' }),
    ]);
    await expect(client.quote({ ...params, swapMode: 'ExactOut' })).rejects.toThrow(
      /Only three venues serve exact-output/,
    );
  });

  it('maps an unknown code to its own words, the service text apart, and does not retry a 400', async () => {
    const { client, requests } = scriptedClient([
      json(400, { errorCode: 'AMOUNT_TOO_SMALL', error: 'Amount is too small\r\n' }),
    ]);
    await expect(client.quote(params)).rejects.toMatchObject({
      code: 'SWAP_API_REJECTED',
      message:
        'The swap service refused the quote request (HTTP 400, code AMOUNT_TOO_SMALL). Check the swap settings, or try again later.',
      serviceMessage: 'Amount is too small',
    });
    expect(requests).toHaveLength(1);
  });

  it('says what to do for a 404 that is not the service error shape (wrong base URL)', async () => {
    const { client } = scriptedClient([{ status: 404, body: '<html>Not Found</html>' }]);
    await expect(client.quote(params)).rejects.toMatchObject({
      code: 'SWAP_API_REJECTED',
      message:
        'The swap service at https://swap.example.test/v6 answered HTTP 404 without an error the wallet understands. Check the swap service address in Settings.',
    });
  });

  it.each([
    [
      'a gateway body',
      json(404, { code: 404, message: 'Route not found' }),
      'The swap service at https://swap.example.test/v6 refused the quote request (HTTP 404). Check the swap settings and the service address in Settings, or try again later.',
      'Route not found',
    ],
    [
      'a plain-text body',
      { status: 400, body: 'Failed to deserialize query string: missing field `inputMint`' },
      'The swap service at https://swap.example.test/v6 refused the quote request (HTTP 400). Check the swap settings and the service address in Settings, or try again later.',
      'Failed to deserialize query string: missing field `inputMint`',
    ],
    [
      'an error with a message',
      json(400, { statusCode: 400, error: 'Bad Request', message: 'amount must be a string' }),
      'The swap service refused the quote request (HTTP 400). Check the swap settings, or try again later.',
      'Bad Request: amount must be a string',
    ],
  ])(
    'says it in its own words when the service answers with %s and no errorCode; the words apart',
    async (_shape, answer, message, said) => {
      const { client } = scriptedClient([answer]);
      await expect(client.quote(params)).rejects.toMatchObject({
        code: 'SWAP_API_REJECTED',
        message,
        serviceMessage: said,
      });
    },
  );

  it('asks for an API key on 401 without one', async () => {
    const { client } = scriptedClient([{ status: 401, body: 'Unauthorized' }]);
    await expect(client.quote(params)).rejects.toThrow(
      /requires an API key \(HTTP 401\)\. Add one for this network in Settings/,
    );
  });
});

describe('decodeSwapProgramError', () => {
  it.each([
    [6001, '0x1771', 'SlippageToleranceExceeded'],
    [6014, '0x177e', 'IncorrectTokenProgramID'],
    [6017, '0x1781', 'ExactOutAmountNotMatched'],
    [6024, '0x1788', 'InsufficientFunds'],
  ])('decodes %i (%s) from a number, hex, log text and an InstructionError', (code, hex, name) => {
    for (const form of [
      code,
      hex,
      `Program X failed: custom program error: ${hex}`,
      { InstructionError: [4, { Custom: code }] },
      `{"Custom":${code}}`,
    ]) {
      expect(decodeSwapProgramError(form)).toMatchObject({ code, hex, name });
    }
  });

  it('describes an unknown program error by number, and finds none in other text', () => {
    expect(decodeSwapProgramError(6099)?.message).toMatch(/error 6099 \(0x17d3\)/);
    expect(decodeSwapProgramError('Blockhash not found')).toBeUndefined();
    // Below 6000 the number belongs to another program (0x1 is the token program's).
    expect(decodeSwapProgramError('custom program error: 0x1')).toBeUndefined();
    expect(decodeSwapProgramError(null)).toBeUndefined();
  });
});
