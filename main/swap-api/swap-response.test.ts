import { describe, expect, it } from 'vitest';
import {
  parseProgramLabels,
  parseSwapInstructionsResponse,
  parseSwapResponse,
} from './swap-response';
import {
  exactInQuote,
  json,
  POOL_A,
  scriptedClient,
  SOL,
  swapAnswer,
  USDC,
  USER,
} from '../../test/fixtures/swap-api-answers';

function refusal(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    expect(error).toMatchObject({ code: 'SWAP_API_BAD_RESPONSE' });
    return (error as Error).message;
  }
  throw new Error('expected the answer to be refused');
}

const instruction = (data = 'AQID') => ({
  programId: POOL_A,
  accounts: [{ pubkey: USER, isSigner: true, isWritable: true }],
  data,
});

describe('POST /swap answer', () => {
  it('returns the transaction bytes, the block height and the extras, signable', () => {
    const swap = parseSwapResponse(
      swapAnswer({
        dynamicSlippageReport: { slippageBps: 40 },
        prioritizationType: { computeBudget: {} },
      }),
    );
    expect(new TextDecoder().decode(swap.transaction)).toBe('a serialized transaction');
    expect(swap).toMatchObject({
      lastValidBlockHeight: 279_000_123,
      prioritizationFeeLamports: 5000n,
      computeUnitLimit: 200_000,
      dynamicSlippageReport: { slippageBps: 40 },
      signable: true,
      simulationFailure: null,
    });
  });

  it.each([
    [
      'slippage (6001 as hex in the log text)',
      'Error processing Instruction 3: custom program error: 0x1771',
      6001,
      /slippage tolerance/,
    ],
    ['a Token-2022 platform fee (6014)', 'custom program error: 0x177e', 6014, /Token-2022/],
    [
      'an exact-out mismatch (6017)',
      '{"InstructionError":[2,{"Custom":6017}]}',
      6017,
      /exact output amount/,
    ],
    [
      'insufficient funds (6024)',
      'Program failed: custom program error: 0x1788',
      6024,
      /does not hold enough/,
    ],
  ])('flags a failed simulation as not signable, in words: %s', (_name, error, code, reason) => {
    const swap = parseSwapResponse(
      swapAnswer({ simulationError: { errorCode: 'TRANSACTION_ERROR', error } }),
    );
    expect(swap.signable).toBe(false);
    expect(swap.simulationFailure).toMatchObject({
      serviceCode: 'TRANSACTION_ERROR',
      programError: code,
    });
    expect(swap.simulationFailure?.reason).toMatch(reason);
  });

  it('flags a simulation error without a program error in its own words, the service text apart', () => {
    const swap = parseSwapResponse(
      swapAnswer({
        simulationError: { errorCode: 'VENUE_ERROR', error: 'Venue paused\u202e by operator' },
      }),
    );
    expect(swap.signable).toBe(false);
    expect(swap.simulationFailure?.reason).toBe(
      "The swap service's own test run of this transaction failed (VENUE_ERROR), so it cannot be signed. Get a fresh quote and try again.",
    );
    expect(swap.simulationFailure?.serviceText).toBe('Venue paused by operator');
  });

  it.each([
    ['Simulation failed: "AccountNotFound"', /paying account does not exist on this network yet/],
    [
      'Transaction results in an account (1) with InsufficientFundsForRent',
      /keep the token accounts of this swap open/,
    ],
    ['InsufficientFundsForFee', /not enough SOL to pay the network fee/],
    ['Transfer: insufficient lamports 10, need 2039280', /does not hold enough for this swap/],
    ['Blockhash not found', /expired before it could be checked/],
    ['Program Tokenkeg failed: custom program error: 0x1', /test run of this transaction failed/],
  ])('says in words what the runtime error %j means', (error, reason) => {
    const swap = parseSwapResponse(
      swapAnswer({ simulationError: { errorCode: 'TRANSACTION_ERROR', error } }),
    );
    expect(swap.signable).toBe(false);
    expect(swap.simulationFailure?.reason).toMatch(reason);
    expect(swap.simulationFailure?.programError).toBeUndefined();
  });

  it.each([
    ['a missing transaction', { swapTransaction: undefined }, /swapTransaction/],
    [
      'a transaction that is not base64',
      { swapTransaction: 'not base64!' },
      /swapTransaction: not base64/,
    ],
    ['an empty transaction', { swapTransaction: '' }, /swapTransaction/],
    ['a block height as text', { lastValidBlockHeight: '279000123' }, /lastValidBlockHeight/],
    ['a negative block height', { lastValidBlockHeight: -1 }, /lastValidBlockHeight/],
  ])('refuses %s', (_name, change, message) => {
    expect(refusal(() => parseSwapResponse(swapAnswer(change)))).toMatch(message);
  });

  it('returns a flagged answer through the client, so the signer can refuse it', async () => {
    const { client } = scriptedClient([
      json(200, exactInQuote()),
      json(
        200,
        swapAnswer({
          simulationError: {
            errorCode: 'TRANSACTION_ERROR',
            error: 'custom program error: 0x1771',
          },
        }),
      ),
    ]);
    const quote = await client.quote({ inputMint: SOL, outputMint: USDC, amount: 1_000_000_000n });
    const swap = await client.swap({ quote, userPublicKey: USER });
    expect(swap.signable).toBe(false);
    expect(swap.simulationFailure?.programError).toBe(6001);
  });
});

describe('POST /swap-instructions answer', () => {
  it('returns the instructions with decoded data and the lookup tables', () => {
    const parts = parseSwapInstructionsResponse({
      computeBudgetInstructions: [instruction()],
      setupInstructions: [],
      swapInstruction: instruction('AAEC'),
      cleanupInstruction: null,
      otherInstructions: [],
      addressLookupTableAddresses: [POOL_A],
      prioritizationFeeLamports: 0,
    });
    expect(Array.from(parts.swapInstruction.data)).toEqual([0, 1, 2]);
    expect(parts.addressLookupTableAddresses).toEqual([POOL_A]);
    expect(parts.tokenLedgerInstruction).toBeNull();
    expect(parts.signable).toBe(true);
  });

  it('refuses a swap instruction with an account that is not an address', () => {
    const bad = {
      ...instruction(),
      accounts: [{ pubkey: 'nobody', isSigner: false, isWritable: false }],
    };
    expect(refusal(() => parseSwapInstructionsResponse({ swapInstruction: bad }))).toMatch(
      /swapInstruction.accounts.0.pubkey/,
    );
  });
});

describe('GET /program-id-to-label answer', () => {
  it('returns venue labels by program id', () => {
    expect(parseProgramLabels({ [POOL_A]: 'Whirlpool' })).toEqual(new Map([[POOL_A, 'Whirlpool']]));
  });

  it('refuses a key that is not a program id', () => {
    expect(refusal(() => parseProgramLabels({ whirlpool: 'Whirlpool' }))).toMatch(/not an address/);
  });
});
