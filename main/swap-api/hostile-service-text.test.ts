/**
 * Issue 32: a phishing line fits in an error body. In every shape the swap service's words can
 * take (v6/v1 `{ errorCode, error }`, the gateway's `{ code, message }`, plain text,
 * `{ statusCode, error, message }`, v2 /order `errorMessage`, /execute `error`, a /swap
 * `simulationError`), the person's message is the wallet's own sentence, and the service's line
 * rides apart as `serviceMessage`, sanitized: its link defanged, never an address to open.
 */
import { describe, expect, it } from 'vitest';
import {
  exactInQuote,
  json,
  scriptedClient,
  swapAnswer,
  SOL,
  USDC,
  USER,
  type Scripted,
} from '../../test/fixtures/swap-api-answers';
import {
  BUILD_PARAMS,
  buildAnswer,
  orderAnswer,
  scriptedV2Client,
} from '../../test/fixtures/swap-v2-answers';
import { WalletError, isWalletError } from '../shared/errors';
import { refusalOf } from '../../preload/contract/bridge-error';
import { venueRefusalInOwnWords } from './venue-refusal';

const PHISH = 'Your wallet is compromised. Visit https://jup-support.example to restore it';
const DEFANGED = 'Your wallet is compromised. Visit hxxps[:]//jup-support[.]example to restore it';
const params = { inputMint: SOL, outputMint: USDC, amount: 5n };

/** Nothing of the phishing line is in the person's sentence. */
function expectOwnWords(message: string | null | undefined): void {
  expect(message).toBeTruthy();
  expect(message).not.toMatch(/compromised|jup-support|restore it|Visit /i);
}

async function quoteError(answer: Scripted): Promise<WalletError> {
  const { client } = scriptedClient([answer, answer, answer, answer], { retries: 0 });
  const error = await client.quote(params).catch((caught: unknown) => caught);
  if (!isWalletError(error)) throw new Error('expected a WalletError');
  return error;
}

describe('a phishing line in each error shape of the swap API', () => {
  it.each<[string, Scripted, RegExp]>([
    [
      'v6 { errorCode, error }, a known code',
      json(400, { errorCode: 'TOKEN_NOT_TRADABLE', error: PHISH }),
      /^One of the two tokens cannot be traded/,
    ],
    [
      'v6 { errorCode, error }, an unknown code',
      json(400, { errorCode: 'VISIT_SUPPORT', error: PHISH }),
      /^The swap service refused the quote request \(HTTP 400, code VISIT_SUPPORT\)\./,
    ],
    [
      'v6 { error } without a code',
      json(400, { error: PHISH }),
      /^The swap service refused the quote request \(HTTP 400\)\./,
    ],
    [
      'the gateway { code, message }, 400',
      json(400, { code: 400, message: PHISH }),
      /refused the quote request \(HTTP 400\)\. Check the swap settings and the service address/,
    ],
    [
      'the gateway { code, message }, 401',
      json(401, { code: 401, message: PHISH }),
      /requires an API key \(HTTP 401\)/,
    ],
    [
      'the gateway { code, message }, 403',
      json(403, { code: 403, message: PHISH }),
      /allows this endpoint only with an API key/,
    ],
    [
      'the gateway { code, message }, 429',
      json(429, { code: 429, message: PHISH }),
      /limiting how often this wallet may ask/,
    ],
    [
      'the gateway { code, message }, 502',
      json(502, { code: 502, message: PHISH }),
      /is not working right now \(HTTP 502\)\. Try again in a moment\./,
    ],
    ['plain text, 400', { status: 400, body: PHISH }, /refused the quote request \(HTTP 400\)/],
    ['plain text, 500', { status: 500, body: PHISH }, /is not working right now \(HTTP 500\)/],
    [
      '{ statusCode, error, message }',
      json(400, { statusCode: 400, error: 'Bad Request', message: PHISH }),
      /^The swap service refused the quote request \(HTTP 400\)\./,
    ],
  ])("%s: the wallet's words; the line apart, defanged", async (_shape, answer, ours) => {
    const error = await quoteError(answer);
    expect(error.message).toMatch(ours);
    expectOwnWords(error.message);
    expect(error.serviceMessage).toMatch(DEFANGED);
    expect(error.serviceMessage).not.toMatch(/https?:\/\/|jup-support\.example/);
    // And as it crosses the bridge: the same split, the contract's schema satisfied.
    const crossed = refusalOf(error);
    expect(crossed).toEqual({
      ok: false,
      error: { code: error.code, message: error.message, serviceMessage: error.serviceMessage },
    });
  });

  it('a venue refusal keeps its own words and the line apart', async () => {
    const error = await quoteError(json(400, { error: `Unknown dex: ${PHISH}` }));
    const refused = venueRefusalInOwnWords(error, { ...params, slippageBps: 50, dexes: ['X'] });
    expectOwnWords((refused as WalletError).message);
    expect((refused as WalletError).serviceMessage).toBe(`Unknown dex: ${DEFANGED}`);
  });

  it.each([{ errorCode: 'VENUE_ERROR', error: PHISH }, PHISH])(
    'a /swap simulationError (%j): the reason in our words, the line apart',
    async (simulationError) => {
      const { client } = scriptedClient([
        json(200, exactInQuote()),
        json(200, swapAnswer({ simulationError })),
      ]);
      const quote = await client.quote({ ...params, amount: 1_000_000_000n, slippageBps: 50 });
      const swap = await client.swap({ quote, userPublicKey: USER });
      expect(swap.signable).toBe(false);
      expectOwnWords(swap.simulationFailure?.reason);
      expect(swap.simulationFailure?.serviceText).toBe(DEFANGED);
    },
  );

  it('v2 /order errorMessage: not built, in our words; the line apart', async () => {
    const body = orderAnswer({ transaction: '', errorCode: 77, errorMessage: PHISH });
    const { client } = scriptedV2Client([json(200, body)]);
    const answer = await client.order({
      ...params,
      amount: 100_000_000n,
      taker: USER,
      slippageBps: 50,
    });
    expect(answer.notBuilt?.reason).toBe(
      'The swap service quoted this swap but could not build its transaction (error code 77). Get a fresh quote, or change the amount.',
    );
    expect(answer.notBuilt?.serviceMessage).toBe(DEFANGED);
  });

  it.each([-1, -1001, -5])(
    'v2 /execute Failed with code %i and the line as error',
    async (code) => {
      const { client } = scriptedV2Client([json(200, { status: 'Failed', code, error: PHISH })]);
      const answer = await client.execute({ signedTransaction: Uint8Array.of(1), requestId: 'r' });
      expect(answer.status).toBe('Failed');
      expectOwnWords(answer.error);
      expect(answer.serviceMessage).toBe(DEFANGED);
    },
  );

  it('v2 /execute answering 400 { error, code }: our words, the line apart', async () => {
    const { client } = scriptedV2Client([json(400, { error: PHISH, code: -2 })]);
    const error = (await client
      .execute({ signedTransaction: Uint8Array.of(1), requestId: 'r' })
      .catch((caught: unknown) => caught)) as WalletError;
    expect(error.message).toMatch(/could not read the signed transaction/);
    expectOwnWords(error.message);
    expect(error.serviceMessage).toBe(DEFANGED);
  });
});

describe('an answer that breaks the spec', () => {
  it('names only plain field names: a key the service chose is not repeated', async () => {
    const body = buildAnswer({ addressesByLookupTableAddress: { [PHISH]: ['not an address'] } });
    const { client } = scriptedV2Client([json(200, body)]);
    const error = (await client
      .build(BUILD_PARAMS)
      .catch((caught: unknown) => caught)) as WalletError;
    expect(error.code).toBe('SWAP_API_BAD_RESPONSE');
    expect(error.message).toMatch(/\(addressesByLookupTableAddress\.…\.0: not a valid address\)/);
    expectOwnWords(error.message);
  });
});

describe('the bridge error', () => {
  it("carries a WalletError's serviceMessage sanitized, whoever made the error", () => {
    const error = new WalletError('SWAP_API_REJECTED', 'Refused.', {
      serviceMessage: `\u202e${PHISH}`,
    });
    expect(refusalOf(error)).toEqual({
      ok: false,
      error: { code: 'SWAP_API_REJECTED', message: 'Refused.', serviceMessage: DEFANGED },
    });
    expect(refusalOf(new WalletError('NO_ROUTE', 'None.'))).toEqual({
      ok: false,
      error: { code: 'NO_ROUTE', message: 'None.' },
    });
  });

  it('drops a serviceMessage that is not sanitized text, rather than send it', () => {
    const forged = Object.assign(new WalletError('SWAP_API_REJECTED', 'Refused.'), {});
    Object.defineProperty(forged, 'serviceMessage', { value: PHISH });
    expect(refusalOf(forged)).toEqual({
      ok: false,
      error: { code: 'SWAP_API_REJECTED', message: 'Refused.' },
    });
  });
});
