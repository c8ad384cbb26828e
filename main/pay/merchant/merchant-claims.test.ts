/** A merchant's label or message stating another amount than its transaction pays (issue 34). */
import { describe, expect, it } from 'vitest';
import { claimRefusals, statedAmounts } from './merchant-claims';

const USDC_5 = { symbol: 'USDC', decimals: 6, amount: 5_000_000n };

describe('merchant claims', () => {
  it('finds amounts written before or after the symbol, and dollars for a dollar token', () => {
    expect(statedAmounts('Coffee 1.00 USDC, or USDC 2, or $3.50', 'USDC')).toEqual([
      '1.00',
      '2',
      '3.50',
    ]);
    expect(statedAmounts('$3.50', 'BONK')).toEqual([]);
  });

  it('refuses a claim of another amount, in words', () => {
    expect(claimRefusals('shop.example', ['Pay 1.00 USDC'], USDC_5)).toEqual([
      'shop.example says "1.00 USDC", but its transaction pays 5 USDC. Do not approve it; ask the merchant which is right.',
    ]);
  });

  it('accepts a claim of the very amount, and text that names none', () => {
    expect(claimRefusals('shop.example', ['Pay 5.00 USDC', 'Order 42', null], USDC_5)).toEqual([]);
    expect(claimRefusals('shop.example', ['Pay 1 USDC'], { ...USDC_5, symbol: null })).toEqual([]);
  });
});
