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
 * Addresses met before (issue 36). Every answer of the swap service and the RPC names the same
 * few dozen accounts, and each check or encoding is a base58 conversion (a few µs each, some
 * thousands per review); both are pure functions of their input, so remembering them can never
 * answer wrongly. Bounded: past the limit each starts over.
 */
const LIMIT = 8192;
const known = new Map<string, string>();
const encoded = new Map<string, string>();

function remember(map: Map<string, string>, key: string, value: string): void {
  if (map.size >= LIMIT) map.clear();
  map.set(key, value);
}

/**
 * True when `value` is a base58 string that decodes to exactly 32 bytes.
 * @example isAddress('So11111111111111111111111111111111111111112') // true
 */
export function isAddress(value: unknown): value is Address {
  if (typeof value !== 'string') return false;
  if (known.has(value)) return true;
  if (!BASE58.test(value)) return false;
  try {
    if (bs58.decode(value).length !== 32) return false;
  } catch {
    return false;
  }
  remember(known, value, value);
  return true;
}

/**
 * The base58 address of 32 key bytes, as `bs58.encode` answers it, remembered.
 * @example addressOf(data.subarray(32, 64)) // a token account's owner
 */
export function addressOf(bytes: Uint8Array): Address {
  const id = String.fromCharCode(...bytes);
  let address = encoded.get(id);
  if (address === undefined) {
    address = bs58.encode(bytes);
    remember(encoded, id, address);
  }
  return address as Address;
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
