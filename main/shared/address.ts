/**
 * Solana addresses as a branded type: a base58 string that decodes to exactly 32 bytes.
 * Pure (no Node), so the renderer can validate a pasted mint or recipient the same way main does.
 */
import bs58 from 'bs58';
import { WalletError } from './errors';

/** A base58 string that decodes to 32 bytes (a public key, mint, token account or program). */
export type Address = string & { readonly __brand: 'Address' };

// Longest base58 text of 32 bytes is 44 characters; the shortest is 32 (leading zero bytes
// become '1's, so an all-zero key is 32 characters). Checking the length first keeps a pasted
// megabyte of text from reaching the decoder.
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;

/**
 * True when `value` is a base58 string that decodes to exactly 32 bytes.
 * @example isAddress('So11111111111111111111111111111111111111112') // true
 */
export function isAddress(value: unknown): value is Address {
  if (typeof value !== 'string' || !BASE58.test(value)) return false;
  try {
    return bs58.decode(value).length === 32;
  } catch {
    return false;
  }
}

/**
 * Returns `value` as an Address or throws `INVALID_ADDRESS` naming what was wrong.
 * @param what how the person knows the field, e.g. 'The token you pay'.
 * @example const mint = assertAddress(input, 'The token you pay');
 */
export function assertAddress(value: unknown, what = 'The address'): Address {
  if (!isAddress(value)) {
    throw new WalletError(
      'INVALID_ADDRESS',
      `${what} is not a valid Solana address (base58 text of a 32-byte key). Check it and paste it again.`,
    );
  }
  return value;
}
