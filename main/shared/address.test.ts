import { describe, expect, it } from 'vitest';
import { assertAddress, isAddress } from './address';

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
