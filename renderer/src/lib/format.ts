/**
 * Display formatting for amounts and addresses. Amounts arrive from the bridge as decimal
 * strings of base units; they are handled as bigint so that no digit is lost to a float (a
 * JavaScript number is exact only up to 2^53, about 9,007,199 SOL in lamports).
 */

/** Lamports per SOL, as the exponent: 1 SOL = 10^9 lamports. */
export const SOL_DECIMALS = 9;

const BASE_UNITS = /^-?\d+$/;

export interface FormatUnitsOptions {
  /** Group the whole part in thousands with a thin comma: 1,234,567.5. Default false. */
  group?: boolean;
  /**
   * Keep at most this many fraction digits, cutting (never rounding up) the rest, so that a
   * shown balance is never more than what is there. Default: all of them.
   */
  maxFractionDigits?: number;
}

/**
 * Turns an amount in base units into a decimal string in user units, exactly.
 * Trailing zeros of the fraction are dropped; a whole amount has no decimal point.
 *
 * @throws RangeError when `amount` is not an integer string or `decimals` is not 0..255.
 * @example formatUnits('1500000000', 9) // '1.5'
 * @example formatUnits('1', 9) // '0.000000001'
 * @example formatUnits('123456789000', 6, { group: true }) // '123,456.789'
 */
export function formatUnits(
  amount: string | bigint,
  decimals: number,
  options: FormatUnitsOptions = {},
): string {
  const text = typeof amount === 'bigint' ? amount.toString() : amount.trim();
  if (!BASE_UNITS.test(text)) throw new RangeError(`Not an amount in base units: "${text}"`);
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new RangeError(`Decimals must be an integer from 0 to 255, got ${decimals}`);
  }
  const value = BigInt(text);
  const negative = value < 0n;
  const magnitude = negative ? -value : value;
  const scale = 10n ** BigInt(decimals);
  const whole = (magnitude / scale).toString();
  let fraction = decimals === 0 ? '' : (magnitude % scale).toString().padStart(decimals, '0');
  if (options.maxFractionDigits !== undefined) {
    fraction = fraction.slice(0, Math.max(0, options.maxFractionDigits));
  }
  fraction = fraction.replace(/0+$/, '');
  const wholeShown = options.group ? groupThousands(whole) : whole;
  const sign = negative && (magnitude / scale > 0n || fraction !== '') ? '-' : '';
  return fraction ? `${sign}${wholeShown}.${fraction}` : `${sign}${wholeShown}`;
}

/** 1234567 -> 1,234,567 (string in, string out: no float on the way). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Lamports to a SOL amount for display, grouped, e.g. '1,000.25 SOL'.
 * @example formatSol('2500000000') // '2.5 SOL'
 */
export function formatSol(lamports: string | bigint): string {
  return `${formatUnits(lamports, SOL_DECIMALS, { group: true })} SOL`;
}

/**
 * A short form of a base58 address for tight places (the full one stays in the accessible
 * name and the copy button): 'AbCd…WxYz'.
 */
export function shortenAddress(address: string, keep = 4): string {
  if (address.length <= keep * 2 + 1) return address;
  return `${address.slice(0, keep)}…${address.slice(-keep)}`;
}

/**
 * An account of the review's list, shortened: an entry of a lookup table the network could not
 * resolve (the review's placeholder `unresolved:<table>:<index>`) is said in words, never cut
 * short as if it were an address (issue 32).
 */
export function describeAccount(address: string, keep = 4): string {
  const entry = /^unresolved:([1-9A-HJ-NP-Za-km-z]+):(\d+)$/.exec(address);
  if (entry === null) return shortenAddress(address, keep);
  return `an account from lookup table ${shortenAddress(entry[1]!)}, entry ${entry[2]}, that the network could not resolve`;
}

/** True when a decimal base-unit string is above zero. */
export function isPositiveAmount(amount: string): boolean {
  return BASE_UNITS.test(amount) && BigInt(amount) > 0n;
}
