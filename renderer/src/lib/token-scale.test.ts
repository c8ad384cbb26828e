/**
 * The screens' side of Scaled UI Amount (issue 35): what a person reads for a scaled mint, what
 * their typing becomes (rounded down), Max as the raw balance, and a quote made stale by a
 * multiplier change, in words.
 */
import { describe, expect, it } from 'vitest';
import {
  formatMintUnits,
  maxText,
  multiplierChangeText,
  multipliersOf,
  rememberMultipliers,
} from './token-scale';
import { readAmountInput } from './token-amount';
import { formatTokenAmount } from './token-display';

const XSTK = 'CGQW5zJTsxJzyUbfGWFFwVTDFTGBvifnJpoE3y2HtfuW';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const xstk = {
  mint: XSTK,
  symbol: 'XSTK',
  name: 'Scaled Stock Token',
  decimals: 8,
  tokenProgram: 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
  verified: true,
} as const;

describe('a scaled mint on the screens', () => {
  rememberMultipliers([{ mint: XSTK, multiplier: 1.5 }, { mint: USDC }]);

  it('reads balances and amounts scaled, a plain mint as it is', () => {
    expect(formatMintUnits('100000000000', 8, XSTK, { group: true })).toBe('1,500');
    expect(formatMintUnits('1500000', 6, USDC)).toBe('1.5');
    expect(formatTokenAmount('10000000', xstk as never)).toBe('0.15 XSTK');
  });

  it('turns what is typed into raw units rounding down, and Max into the raw balance', () => {
    // 0.15 XSTK typed at 1.5× is 0.1 raw.
    expect(readAmountInput('0.15', 8, XSTK)).toEqual({ state: 'valid', baseUnits: 10_000_000n });
    // 0.00000001 XSTK cannot be sent at 1.5×: rounding down leaves nothing.
    expect(readAmountInput('0.00000001', 8, XSTK)).toEqual({
      state: 'invalid',
      message: 'Enter an amount above zero.',
    });
    // An odd raw balance shows truncated; Max still sends every raw unit of it.
    const balance = 333_333_333n;
    const text = maxText(balance, 8, XSTK);
    expect(text).toBe('4.99999999');
    expect(readAmountInput(text, 8, XSTK)).toEqual({ state: 'valid', baseUnits: balance });
  });

  it('says a quote is stale once the multiplier it was shown at changed', () => {
    const atQuote = multipliersOf([USDC, XSTK]);
    expect(atQuote).toEqual({ [XSTK]: 1.5 });
    expect(multiplierChangeText(atQuote, () => 'XSTK')).toBeNull();
    rememberMultipliers([{ mint: XSTK, multiplier: 3 }]);
    expect(multiplierChangeText(atQuote, () => 'XSTK')).toBe(
      "XSTK's multiplier changed from 1.5× to 3× since this quote: its XSTK amounts are stale. Refresh the quote before you review.",
    );
    rememberMultipliers([{ mint: XSTK, multiplier: 1.5 }]);
  });
});
