import { describe, expect, it } from 'vitest';
import {
  heldBalance,
  maxSpendable,
  NATIVE_MINT,
  readAmountInput,
  SOL_FEE_RESERVE,
} from './token-amount';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

describe('the You pay amount', () => {
  it('turns user units into base units with the token decimals, exactly', () => {
    expect(readAmountInput('1.5', 6)).toEqual({ state: 'valid', baseUnits: 1_500_000n });
    expect(readAmountInput('0.000001', 6)).toEqual({ state: 'valid', baseUnits: 1n });
    expect(readAmountInput(' 12 ', 9)).toEqual({ state: 'valid', baseUnits: 12_000_000_000n });
    expect(readAmountInput('.25', 5)).toEqual({ state: 'valid', baseUnits: 25_000n });
    // 18446744073.709551615 SOL-like units: past 2^53, no float could hold it.
    expect(readAmountInput('18446744073.709551615', 9)).toEqual({
      state: 'valid',
      baseUnits: 18_446_744_073_709_551_615n,
    });
  });

  it('names the token decimals when there are too many digits after the point', () => {
    expect(readAmountInput('0.1234567', 6)).toEqual({
      state: 'invalid',
      message: 'This token has 6 decimals: enter at most 6 digits after the point.',
    });
    expect(readAmountInput('1.5', 0)).toEqual({
      state: 'invalid',
      message: 'This token has no decimals: enter a whole number.',
    });
  });

  it('refuses text that is not an amount, zero, and more than u64', () => {
    for (const text of ['abc', '1,5', '-1', '1e3', '1.2.3']) {
      expect(readAmountInput(text, 6).state).toBe('invalid');
    }
    expect(readAmountInput('0', 6)).toEqual({
      state: 'invalid',
      message: 'Enter an amount above zero.',
    });
    expect(readAmountInput('18446744073709.551616', 6).state).toBe('invalid');
    expect(readAmountInput('   ', 6)).toEqual({ state: 'empty' });
  });

  it('Max keeps the SOL reserve for fees and rent, and all of a token', () => {
    expect(maxSpendable(NATIVE_MINT, 2_000_000_000n)).toBe(2_000_000_000n - SOL_FEE_RESERVE);
    expect(maxSpendable(NATIVE_MINT, SOL_FEE_RESERVE)).toBe(0n);
    expect(maxSpendable(NATIVE_MINT, 1n)).toBe(0n);
    expect(maxSpendable(USDC, 123n)).toBe(123n);
  });
});

describe('the balance held of a token', () => {
  const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
  const balances = {
    lamports: '2000000000',
    tokens: [
      { mint: USDC, amount: '1500000' },
      { mint: USDC, amount: '250000' },
      { mint: 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN', amount: '7' },
    ],
  };

  it('is the lamports for SOL and the sum over every account of a token', () => {
    expect(heldBalance(balances, NATIVE_MINT)).toBe(2_000_000_000n);
    expect(heldBalance(balances, USDC)).toBe(1_750_000n);
    expect(heldBalance(balances, 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263')).toBe(0n);
  });

  it('is unknown while the balances or the token are', () => {
    expect(heldBalance(null, USDC)).toBeNull();
    expect(heldBalance(balances, null)).toBeNull();
  });
});
