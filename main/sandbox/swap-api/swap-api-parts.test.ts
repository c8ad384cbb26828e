import { describe, expect, it } from 'vitest';
import { SwapApiError } from './api-error';
import { resolvePriorityFee } from './priority-fee';
import { parseQuoteParams } from './quote-params';
import { otherAmountThreshold, splitPlatformFee } from './slippage';
import { consumedUnits } from './swap-service';
import { parseSwapRequest } from './swap-request';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

function errorCodeOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof SwapApiError ? error.errorCode : 'not a SwapApiError';
  }
  return undefined;
}

describe('parseQuoteParams', () => {
  const base = `inputMint=${SOL}&outputMint=${USDC}&amount=1000`;

  it('applies the documented defaults', () => {
    const params = parseQuoteParams(new URLSearchParams(base));
    expect(params).toMatchObject({
      swapMode: 'ExactIn',
      slippageBps: 50,
      autoSlippage: false,
      maxAutoSlippageBps: 400,
      restrictIntermediateTokens: true,
      onlyDirectRoutes: false,
      platformFeeBps: 0,
      maxAccounts: null,
      dexes: null,
    });
    expect(params.amount).toBe(1000n);
  });

  it('reads lists comma-separated, repeated, or both', () => {
    const mixed = parseQuoteParams(
      new URLSearchParams(`${base}&dexes=Raydium CPMM,Sandbox Market Maker&dexes=Raydium CPMM`),
    );
    expect([...(mixed.dexes ?? [])].sort()).toEqual(['Raydium CPMM', 'Sandbox Market Maker']);
    const excluded = parseQuoteParams(
      new URLSearchParams(`${base}&excludeDexes=Sandbox Market Maker&excludeDexes=Raydium CPMM`),
    );
    expect([...excluded.excludeDexes].sort()).toEqual(['Raydium CPMM', 'Sandbox Market Maker']);
  });

  it('keeps amounts beyond 2^53 exact', () => {
    const params = parseQuoteParams(
      new URLSearchParams(`inputMint=${SOL}&outputMint=${USDC}&amount=18446744073709551615`),
    );
    expect(params.amount).toBe(18446744073709551615n);
  });

  it('refuses maxAccounts above 64 with Jupiter\u2019s code', () => {
    expect(errorCodeOf(() => parseQuoteParams(new URLSearchParams(`${base}&maxAccounts=65`)))).toBe(
      'MAX_ACCOUNT_GREATER_THAN_MAX',
    );
    expect(
      errorCodeOf(() => parseQuoteParams(new URLSearchParams(`${base}&maxAccounts=64`))),
    ).toBeUndefined();
  });
});

describe('otherAmountThreshold', () => {
  it('is the minimum output in ExactIn, rounded down', () => {
    expect(otherAmountThreshold('ExactIn', 0n, 1_000_001n, 50)).toBe(995_000n);
  });

  it('is the maximum input in ExactOut, above inAmount even at zero slippage', () => {
    expect(otherAmountThreshold('ExactOut', 1_000_001n, 0n, 50)).toBe(1_005_002n);
    expect(otherAmountThreshold('ExactOut', 1_000n, 0n, 0)).toBe(1_001n);
  });

  it('refuses a bound beyond u64', () => {
    expect(errorCodeOf(() => otherAmountThreshold('ExactOut', (1n << 64n) - 1n, 0n, 10))).toBe(
      'CANNOT_COMPUTE_OTHER_AMOUNT_THRESHOLD',
    );
  });
});

describe('splitPlatformFee', () => {
  it('gives the operator 2.5% (rounded down) and the integrator the rest', () => {
    expect(splitPlatformFee(1_000n)).toEqual({ integrator: 975n, operator: 25n });
    expect(splitPlatformFee(39n)).toEqual({ integrator: 39n, operator: 0n });
    expect(splitPlatformFee(41n)).toEqual({ integrator: 40n, operator: 1n });
  });
});

describe('resolvePriorityFee', () => {
  it('turns a lamport total into a unit price the runtime charges at most that total for', () => {
    const plan = resolvePriorityFee(10_000, null, 60_000);
    expect(plan.microLamports).toBe(166_666n);
    expect(plan.prioritizationFeeLamports).toBe(10_000n);
  });

  it('caps a priority level at maxLamports and maps a tip to a transfer', () => {
    const level = {
      priorityLevelWithMaxLamports: { priorityLevel: 'veryHigh' as const, maxLamports: 1_000 },
    };
    expect(resolvePriorityFee(level, null, 100_000).prioritizationFeeLamports).toBe(1_000n);
    const tip = resolvePriorityFee({ jitoTipLamports: 777 }, null, 100_000);
    expect([tip.jitoTipLamports, tip.microLamports, tip.prioritizationFeeLamports]).toEqual([
      777n,
      0n,
      777n,
    ]);
  });

  it('charges price × limit for computeUnitPriceMicroLamports, rounded up', () => {
    expect(resolvePriorityFee(null, 1_500, 100_001).prioritizationFeeLamports).toBe(151n);
  });
});

describe('consumedUnits', () => {
  it('adds the top-level instructions only (a CPI is inside its caller\u2019s figure)', () => {
    const logs = [
      'Program ComputeBudget111111111111111111111111111111 invoke [1]',
      'Program ComputeBudget111111111111111111111111111111 success',
      'Program ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL invoke [1]',
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [2]',
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA consumed 1000 of 190000 compute units',
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success',
      'Program ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL consumed 5000 of 199000 compute units',
      'Program ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL success',
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA invoke [1]',
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA consumed 150 of 194000 compute units',
      'Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success',
    ];
    expect(consumedUnits(logs)).toBe(5_150);
  });
});

describe('parseSwapRequest addresses', () => {
  const quote = {
    inputMint: 'So11111111111111111111111111111111111111112',
    inAmount: '1000',
    outputMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    outAmount: '150',
    otherAmountThreshold: '149',
    swapMode: 'ExactIn',
    slippageBps: 50,
    routePlan: [
      {
        swapInfo: {
          ammKey: '11111111111111111111111111111111',
          inputMint: 'So11111111111111111111111111111111111111112',
          outputMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
          inAmount: '1000',
          outAmount: '150',
        },
        percent: 100,
      },
    ],
  };
  const request = (userPublicKey: string) => () =>
    parseSwapRequest({ quoteResponse: quote, userPublicKey });

  it('takes the text of any 32-byte key, leading zero bytes (1s) too', () => {
    for (const key of [
      '11111111111111111111111111111111',
      '1111111111111111111111111111111z',
      'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4',
    ]) {
      expect(request(key)().userPublicKey).toBe(key);
    }
  });

  it('refuses text that is not the base58 of 32 bytes', () => {
    for (const key of [
      '1111111111111111111111111111111', // 31 bytes
      '111111111111111111111111111111111', // 33 bytes
      'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4z', // more than 32 bytes
      'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV0', // 0 is not base58
      '',
    ]) {
      expect(request(key)).toThrow(SwapApiError);
    }
  });
});
