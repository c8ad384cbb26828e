import { describe, expect, it } from 'vitest';
import {
  describeAccount,
  formatSol,
  formatUnits,
  isPositiveAmount,
  shortenAddress,
} from './format';

describe('formatUnits', () => {
  it('shows zero as 0 whatever the decimals', () => {
    expect(formatUnits('0', 9)).toBe('0');
    expect(formatUnits('0', 0)).toBe('0');
    expect(formatUnits(0n, 6)).toBe('0');
  });

  it('shows one base unit exactly', () => {
    expect(formatUnits('1', 9)).toBe('0.000000001');
    expect(formatUnits('1', 6)).toBe('0.000001');
    expect(formatUnits('1', 0)).toBe('1');
  });

  it('keeps all 9 decimals of a lamport amount', () => {
    expect(formatUnits('123456789', 9)).toBe('0.123456789');
    expect(formatUnits('1999999999', 9)).toBe('1.999999999');
  });

  it('drops trailing zeros and the point of whole amounts', () => {
    expect(formatUnits('1500000000', 9)).toBe('1.5');
    expect(formatUnits('1000000000', 9)).toBe('1');
    expect(formatUnits('10', 1)).toBe('1');
    expect(formatUnits('100', 1)).toBe('10');
  });

  it('is exact far beyond 2^53', () => {
    // u64::MAX lamports, and a value a float would round.
    expect(formatUnits('18446744073709551615', 9)).toBe('18446744073.709551615');
    expect(formatUnits('9007199254740993', 0)).toBe('9007199254740993');
    const huge = '123456789012345678901234567890123456789';
    expect(formatUnits(huge, 18)).toBe('123456789012345678901.234567890123456789');
  });

  it('groups thousands on request without touching the fraction', () => {
    expect(formatUnits('123456789000', 6, { group: true })).toBe('123,456.789');
    expect(formatUnits('1000000000000000', 9, { group: true })).toBe('1,000,000');
    expect(formatUnits('999', 0, { group: true })).toBe('999');
    expect(formatUnits('1000123456', 9, { group: true })).toBe('1.000123456');
  });

  it('cuts, never rounds up, when limiting fraction digits', () => {
    expect(formatUnits('1999999999', 9, { maxFractionDigits: 2 })).toBe('1.99');
    expect(formatUnits('1000000001', 9, { maxFractionDigits: 4 })).toBe('1');
    expect(formatUnits('5', 9, { maxFractionDigits: 0 })).toBe('0');
  });

  it('handles negative amounts (balance changes)', () => {
    expect(formatUnits('-1500000', 6)).toBe('-1.5');
    expect(formatUnits('-1', 9, { maxFractionDigits: 2 })).toBe('0');
  });

  it('refuses what is not an integer amount', () => {
    expect(() => formatUnits('1.5', 9)).toThrow(RangeError);
    expect(() => formatUnits('', 9)).toThrow(RangeError);
    expect(() => formatUnits('1e9', 9)).toThrow(RangeError);
    expect(() => formatUnits('12', -1)).toThrow(RangeError);
    expect(() => formatUnits('12', 1.5)).toThrow(RangeError);
  });
});

describe('formatSol', () => {
  it('formats lamports as grouped SOL', () => {
    expect(formatSol('2500000000')).toBe('2.5 SOL');
    expect(formatSol('0')).toBe('0 SOL');
    expect(formatSol('1')).toBe('0.000000001 SOL');
    expect(formatSol('1234000000000')).toBe('1,234 SOL');
  });
});

describe('shortenAddress', () => {
  it('keeps the ends of a long address and leaves short text alone', () => {
    expect(shortenAddress('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin')).toBe('9xQe…VFin');
    expect(shortenAddress('abc')).toBe('abc');
  });
});

describe('isPositiveAmount', () => {
  it('tells a funded balance from an empty or malformed one', () => {
    expect(isPositiveAmount('1')).toBe(true);
    expect(isPositiveAmount('0')).toBe(false);
    expect(isPositiveAmount('-5')).toBe(false);
    expect(isPositiveAmount('x')).toBe(false);
  });
});

describe('describeAccount', () => {
  it('says an unresolved lookup-table entry in words, never its placeholder (issue 32)', () => {
    expect(describeAccount('unresolved:3oy9ojnsDzqmMNi87Gs7Hn5v3MPVqnWjG9k8BmzKR7yW:13', 6)).toBe(
      'an account from lookup table 3oy9…R7yW, entry 13, that the network could not resolve',
    );
    expect(describeAccount('9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin', 6)).toBe(
      '9xQeWv…usVFin',
    );
  });
});
