import { randomBytes } from 'node:crypto';
import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { addressOf, assertAddress, isAddress } from './address';

describe('isAddress', () => {
  it.each([
    'So11111111111111111111111111111111111111112',
    'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    '11111111111111111111111111111111',
  ])('accepts the 32-byte key %s', (text) => {
    expect(isAddress(text)).toBe(true);
  });

  it.each([
    ['31 bytes', '3HM5YFcs9kmecD3DyY63QDgp2pwkVXc4xd8ATvSuV44'],
    ['33 bytes', '28kC6Jbjs3m2R9Dc2byrVZ4MpB52KXrhxhcoE2CR5n9de1'],
    ['a character outside base58 (0)', 'So1111111111111111111111111111111111111111O'],
    ['spaces', ' So11111111111111111111111111111111111111112'],
    ['an empty string', ''],
    ['a number', 42],
  ])('refuses %s', (_name, value) => {
    expect(isAddress(value)).toBe(false);
  });
});

describe('assertAddress', () => {
  it('names the field in its message', () => {
    expect(() => assertAddress('nope', 'The recipient')).toThrow(
      'The recipient is not a valid Solana address (base58 text of a 32-byte key). Check it and paste it again.',
    );
    expect(assertAddress('So11111111111111111111111111111111111111112')).toBe(
      'So11111111111111111111111111111111111111112',
    );
  });
});

describe('addressOf', () => {
  it('answers the base58 of the bytes it is given, views at any offset and reused buffers too', () => {
    const buffer = new Uint8Array(randomBytes(32 * 50 + 7));
    for (let i = 0; i < 50; i++) {
      const view = buffer.subarray(7 + 32 * i, 39 + 32 * i);
      expect(addressOf(view)).toBe(bs58.encode(view));
      // Asked again (remembered), the same answer; and the check agrees with it.
      expect(addressOf(view)).toBe(bs58.encode(view));
      expect(isAddress(addressOf(view))).toBe(true);
    }
    // The same bytes object with other contents is another address.
    const key = new Uint8Array(32);
    const zero = addressOf(key);
    key[31] = 1;
    expect(addressOf(key)).not.toBe(zero);
    expect(addressOf(key)).toBe(bs58.encode(key));
  });
});
