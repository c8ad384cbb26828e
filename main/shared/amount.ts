/**
 * Token amounts: bigint base units in code, decimal strings only at the edges. Pure (no Node),
 * shared by main and the renderer.
 */
import { WalletError } from './errors';

/** Largest SPL token amount (u64). */
export const U64_MAX = (1n << 64n) - 1n;

const BASE_UNITS_TEXT = /^(0|[1-9]\d*)$/;
const USER_UNITS_TEXT = /^\d+(\.\d+)?$/;
/** Token decimals are a u8 on chain; no real mint goes past a few dozen. */
const MAX_DECIMALS = 255;

/** True when `value` is a bigint in 0..U64_MAX. */
export function isU64(value: unknown): value is bigint {
  return typeof value === 'bigint' && value >= 0n && value <= U64_MAX;
}

/**
 * Parses a decimal integer string of base units ("1500000") into a bigint; undefined when the
 * text is not a plain non-negative integer (no sign, exponent, separators or leading zeros).
 * @example parseBaseUnits('1500000') // 1500000n
 */
export function parseBaseUnits(text: string): bigint | undefined {
  return BASE_UNITS_TEXT.test(text) ? BigInt(text) : undefined;
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new WalletError('INVALID_AMOUNT', `A token cannot have ${decimals} decimals.`);
  }
}

/**
 * Converts an amount typed in user units ("1.5") into base units for a token with `decimals`
 * decimals. Throws `INVALID_AMOUNT` for anything but plain decimal text, for more fractional
 * digits than the token has, and for amounts beyond u64.
 * @example parseUnits('1.5', 6) // 1500000n
 */
export function parseUnits(text: string, decimals: number): bigint {
  checkDecimals(decimals);
  const trimmed = text.trim();
  if (!USER_UNITS_TEXT.test(trimmed)) {
    throw new WalletError(
      'INVALID_AMOUNT',
      'Enter the amount as digits with an optional decimal point, like 1.5.',
    );
  }
  const [whole = '0', fraction = ''] = trimmed.split('.');
  if (fraction.length > decimals) {
    throw new WalletError(
      'INVALID_AMOUNT',
      decimals === 0
        ? 'This token has no decimals: enter a whole number.'
        : `This token has ${decimals} decimals: enter at most ${decimals} digits after the point.`,
    );
  }
  const value = BigInt(whole + fraction.padEnd(decimals, '0'));
  if (value > U64_MAX) {
    throw new WalletError('INVALID_AMOUNT', 'The amount is larger than any token balance can be.');
  }
  return value;
}

/**
 * Formats base units as user units, without trailing zeros ("1.5", "0.000001", "42").
 * @example formatUnits(1500000n, 6) // '1.5'
 */
export function formatUnits(value: bigint, decimals: number): string {
  checkDecimals(decimals);
  return scaledText(value, decimals);
}

/**
 * `value / 10^scale` as decimal text without trailing zeros, for any scale: formatUnits checks
 * a token's decimals first, a parsed price's scale may go past them (usd.ts).
 */
export function scaledText(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
