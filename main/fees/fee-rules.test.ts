import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import { isWalletError } from '../shared/errors';
import { feeMintFor, highFeeWarning, splitFee } from './fee-rules';

const SOL = 'So11111111111111111111111111111111111111112' as Address;
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;

function refusal(run: () => unknown): { code: string; message: string } {
  try {
    run();
  } catch (error) {
    if (isWalletError(error)) return { code: error.code, message: error.message };
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('fee mint of a swap (spec 2.4, section 8)', () => {
  const exactIn = { swapMode: 'ExactIn' as const, inputMint: SOL, outputMint: USDC };
  const exactOut = { ...exactIn, swapMode: 'ExactOut' as const };

  it('ExactIn prefers the output mint, else the input mint', () => {
    expect(feeMintFor(exactIn, () => true)).toBe(USDC);
    expect(feeMintFor(exactIn, (m) => m === SOL)).toBe(SOL);
    expect(feeMintFor(exactIn, (m) => m === USDC)).toBe(USDC);
  });

  it('ExactOut takes the input mint only', () => {
    expect(feeMintFor(exactOut, () => true)).toBe(SOL);
    const refused = refusal(() => feeMintFor(exactOut, (m) => m === USDC));
    expect(refused.code).toBe('FEE_ACCOUNT_MISSING');
    expect(refused.message).toContain(SOL);
  });

  it('no fee account for either mint is FEE_ACCOUNT_MISSING naming both', () => {
    const refused = refusal(() => feeMintFor(exactIn, () => false));
    expect(refused.code).toBe('FEE_ACCOUNT_MISSING');
    expect(refused.message).toContain(SOL);
    expect(refused.message).toContain(USDC);
  });
});

describe('fee split and warning', () => {
  it('the operator keeps 2.5% rounded down, the integrator the rest', () => {
    expect(splitFee(1000n)).toEqual({ integrator: 975n, operator: 25n });
    expect(splitFee(39n)).toEqual({ integrator: 39n, operator: 0n });
    expect(splitFee(41n)).toEqual({ integrator: 40n, operator: 1n });
    expect(splitFee(0n)).toEqual({ integrator: 0n, operator: 0n });
  });

  it('warns above 100 bps only', () => {
    expect(highFeeWarning(100)).toBeNull();
    expect(highFeeWarning(20)).toBeNull();
    expect(highFeeWarning(101)).toMatch(/101 bps \(1\.01%\) is above/);
  });
});
