import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatUnits, isU64, parseBaseUnits, parseUnits, U64_MAX } from './amount';

describe('parseUnits', () => {
  it.each([
    ['1.5', 6, 1_500_000n],
    ['0.000001', 6, 1n],
    ['42', 0, 42n],
    [' 7 ', 9, 7_000_000_000n],
    ['18446744073709551615', 0, U64_MAX],
    ['18446744073.709551615', 9, U64_MAX],
  ])('reads %s with %i decimals', (text, decimals, value) => {
    expect(parseUnits(text, decimals)).toBe(value);
  });

  it.each([
    ['1,5', 6, /digits with an optional decimal point/],
    ['-1', 6, /digits/],
    ['1e3', 6, /digits/],
    ['.5', 6, /digits/],
    ['1.', 6, /digits/],
    ['', 6, /digits/],
    ['0.0000001', 6, /at most 6 digits after the point/],
    ['1.5', 0, /no decimals: enter a whole number/],
    ['18446744073709551616', 0, /larger than any token balance/],
  ])('refuses %s with %i decimals', (text, decimals, message) => {
    expect(() => parseUnits(text, decimals)).toThrow(message);
  });

  it('round-trips with formatUnits for any u64 and decimals up to 12', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: U64_MAX }),
        fc.integer({ min: 0, max: 12 }),
        (value, decimals) => {
          expect(parseUnits(formatUnits(value, decimals), decimals)).toBe(value);
        },
      ),
    );
  });
});

describe('formatUnits', () => {
  it.each([
    [1_500_000n, 6, '1.5'],
    [1n, 9, '0.000000001'],
    [0n, 6, '0'],
    [42n, 0, '42'],
    [-1_250_000n, 6, '-1.25'],
  ])('writes %s with %i decimals as %s', (value, decimals, text) => {
    expect(formatUnits(value, decimals)).toBe(text);
  });
});

describe('parseBaseUnits and isU64', () => {
  it('reads only plain decimal integers', () => {
    expect(parseBaseUnits('0')).toBe(0n);
    expect(parseBaseUnits('150250000')).toBe(150_250_000n);
    for (const text of ['', '01', '+1', '-1', '1.0', '1e9', ' 1', '0x10']) {
      expect(parseBaseUnits(text)).toBeUndefined();
    }
  });

  it('bounds u64', () => {
    expect(isU64(U64_MAX)).toBe(true);
    expect(isU64(U64_MAX + 1n)).toBe(false);
    expect(isU64(-1n)).toBe(false);
    expect(isU64(5)).toBe(false);
  });
});
