/**
 * Money in US dollars without JavaScript numbers (issue 11): a price is a decimal string as the
 * price API published it, a value is computed exactly in bigint (digits and a decimal scale),
 * and only the display rounds, to cents. Shared by main (the value-loss warning) and the
 * renderer (balances, quotes, payments).
 */

import { scaledText } from './amount';

/** An exact decimal: `digits / 10^scale`. */
export interface Decimal {
  digits: bigint;
  scale: number;
}

const DECIMAL_TEXT = /^(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/;

/** Parses a non-negative decimal text (`147.48`, `1.999995e-5`); null when it is not one. */
export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL_TEXT.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', fraction = '', exponentText] = match;
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > 100) return null;
  let digits = BigInt(whole + fraction);
  let scale = fraction.length - exponent;
  if (scale < 0) {
    digits *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return { digits, scale };
}

/** The USD value of `amount` base units of a token with `decimals`, at `usdPrice` per whole token. */
export function usdValue(amount: bigint, decimals: number, usdPrice: Decimal): Decimal {
  return { digits: amount * usdPrice.digits, scale: decimals + usdPrice.scale };
}

/** The digits of a and b on their common scale. */
export function alignDecimals(a: Decimal, b: Decimal): { a: bigint; b: bigint; scale: number } {
  const scale = Math.max(a.scale, b.scale);
  return {
    a: a.digits * 10n ** BigInt(scale - a.scale),
    b: b.digits * 10n ** BigInt(scale - b.scale),
    scale,
  };
}

/** |a − b| / b in basis points, rounded down; 0 when b is 0. */
export function gapBps(a: Decimal, b: Decimal): bigint {
  const { a: x, b: y } = alignDecimals(a, b);
  if (y === 0n) return 0n;
  return ((x > y ? x - y : y - x) * 10_000n) / y;
}

/** a + b, exactly. */
export function addDecimal(a: Decimal, b: Decimal): Decimal {
  const aligned = alignDecimals(a, b);
  return { digits: aligned.a + aligned.b, scale: aligned.scale };
}

/** a − b, exactly (negative digits when b is larger). */
export function subtractDecimal(a: Decimal, b: Decimal): Decimal {
  const aligned = alignDecimals(a, b);
  return { digits: aligned.a - aligned.b, scale: aligned.scale };
}

/** a × b, exactly. */
export function multiplyDecimal(a: Decimal, b: Decimal): Decimal {
  return { digits: a.digits * b.digits, scale: a.scale + b.scale };
}

/** -1, 0 or 1 as a is below, equal to or above b. */
export function compareDecimal(a: Decimal, b: Decimal): number {
  const { a: x, b: y } = alignDecimals(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whole cents, rounded half up. */
export function toCents(value: Decimal): bigint {
  if (value.scale <= 2) return value.digits * 10n ** BigInt(2 - value.scale);
  const divisor = 10n ** BigInt(value.scale - 2);
  return (value.digits + divisor / 2n) / divisor;
}

/** The exact value as decimal text, trailing zeros trimmed (`"12.3405"`). */
export function decimalText(value: Decimal): string {
  return scaledText(value.digits, value.scale);
}

/**
 * A value as a person reads it: `$1,234.56`; below a cent but not zero, `<$0.01`.
 *
 * @example formatUsd({ digits: 123456n, scale: 2 }) === '$1,234.56'
 */
export function formatUsd(value: Decimal): string {
  const cents = toCents(value);
  if (cents === 0n && value.digits > 0n) return '<$0.01';
  const whole = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${whole}.${(cents % 100n).toString().padStart(2, '0')}`;
}
