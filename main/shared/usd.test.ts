import { describe, expect, it } from 'vitest';
import {
  addDecimal,
  compareDecimal,
  decimalText,
  formatUsd,
  multiplyDecimal,
  parseDecimal,
  usdValue,
} from './usd';

const d = (text: string) => parseDecimal(text)!;

describe('USD money math', () => {
  it('reads prices as published, exponent forms included', () => {
    expect(d('147.48')).toEqual({ digits: 14748n, scale: 2 });
    expect(decimalText(d('1.999995e-5'))).toBe('0.00001999995');
    expect(decimalText(d('2E3'))).toBe('2000');
    expect(parseDecimal('-1')).toBeNull();
    expect(parseDecimal('NaN')).toBeNull();
    expect(parseDecimal('1e999')).toBeNull();
  });

  it('values amounts exactly where a float would drift', () => {
    // 0.1 + 0.2 in floats is 0.30000000000000004; here it is exact.
    expect(decimalText(addDecimal(d('0.1'), d('0.2')))).toBe('0.3');
    // 1,000,000.000001 USDC at $0.9999: every base unit counts.
    expect(decimalText(usdValue(1_000_000_000_001n, 6, d('0.9999')))).toBe('999900.0000009999');
    // 2^60 lamports of SOL at $147.48 is past Number's exact range (value checked with Python's decimal).
    const big = usdValue(2n ** 60n, 9, d('147.48'));
    expect(decimalText(big)).toBe('170032863499.41779202048');
    expect(formatUsd(big)).toBe('$170,032,863,499.42');
  });

  it('rounds only for display, half up to cents, and shows dust as <$0.01', () => {
    expect(formatUsd(d('0.005'))).toBe('$0.01');
    expect(formatUsd(d('0.0049'))).toBe('<$0.01');
    expect(formatUsd(d('0'))).toBe('$0.00');
    expect(formatUsd(d('1234.5'))).toBe('$1,234.50');
  });

  it('compares and multiplies across scales', () => {
    expect(compareDecimal(d('1.50'), d('1.5'))).toBe(0);
    expect(compareDecimal(d('1.49'), d('1.5'))).toBe(-1);
    expect(decimalText(multiplyDecimal(d('200'), d('0.0125')))).toBe('2.5');
  });
});
