import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  amountToUiAmountForScaledUiAmountMintWithoutSimulation,
  uiAmountToAmountForScaledUiAmountMintWithoutSimulation,
  ScaledUiAmountConfigLayout,
} from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import {
  decodeScaledUiAmountConfig,
  encodeScaledUiAmountConfig,
  formatScaledUnits,
  multiplierAt,
  multiplierText,
  parseScaledUnits,
  scaledAtomic,
} from './scaled-amount';
import { formatUnits, parseUnits } from './amount';

// Multipliers as issuers set them: splits (2, 3, 10), reverse splits (0.1, 0.25), dividends
// folded in (1.0039...), and any positive f64 of a sensible range.
const multiplier = fc.oneof(
  fc.constantFrom(1, 2, 3, 10, 0.5, 0.25, 0.1, 1.5, 1.0039, 1.4861347, 1.0183317967386898),
  fc.double({ min: 0.001, max: 1000, noNaN: true, noDefaultInfinity: true }),
);
const decimals = fc.integer({ min: 0, max: 9 });
// Raw amounts up to 2^53, where the f64 both sides use holds every integer.
const raw = fc.bigInt({ min: 0n, max: 2n ** 53n - 1n });

describe('raw → UI, against @solana/spl-token 0.4.15', () => {
  it('shows the same number as amountToUiAmountForScaledUiAmountMintWithoutSimulation', () => {
    fc.assert(
      fc.property(raw, decimals, multiplier, (amount, places, scale) => {
        const ours = formatScaledUnits(amount, places, scale);
        const theirs = amountToUiAmountForScaledUiAmountMintWithoutSimulation(
          amount,
          places,
          scale,
        );
        expect(Number(ours)).toBe(Number(theirs));
        // Never exponent notation, never more fractional digits than the mint has.
        expect(ours).toMatch(new RegExp(`^\\d+(\\.\\d{1,${Math.max(places, 1)}})?$`));
      }),
      { numRuns: 5000 },
    );
  });

  it('reads a split: 1 share at 1.5× with 8 decimals is 1.5', () => {
    expect(formatScaledUnits(100_000_000n, 8, 1.5)).toBe('1.5');
    expect(formatScaledUnits(1n, 6, 0.5)).toBe('0');
    expect(formatScaledUnits(3n, 6, 0.5)).toBe('0.000001');
    expect(formatScaledUnits(1_000_000n, 6, 1)).toBe(formatUnits(1_000_000n, 6));
  });
});

describe('UI → raw, against @solana/spl-token 0.4.15', () => {
  const typed = fc
    .tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), decimals)
    .map(([atomic, places]) => ({ text: formatUnits(atomic, places), places }));

  it('converts as uiAmountToAmountForScaledUiAmountMintWithoutSimulation, rounding down', () => {
    let differences = 0;
    fc.assert(
      fc.property(typed, multiplier, ({ text, places }, scale) => {
        const ours = parseScaledUnits(text, places, scale);
        const theirs = uiAmountToAmountForScaledUiAmountMintWithoutSimulation(text, places, scale);
        const typedAtomic = parseUnits(text, places);
        // What the raw amount shows never exceeds what the person typed.
        expect(scaledAtomic(ours, scale) <= typedAtomic).toBe(true);
        if (ours !== theirs) {
          // Within one raw unit: spl-token reads the digits through parseFloat(ui) * 10^decimals,
          // whose f64 can land a hair either side of the exact product.
          differences++;
          expect(ours > theirs ? ours - theirs : theirs - ours).toBe(1n);
        }
      }),
      { numRuns: 5000 },
    );
    expect(differences).toBeLessThan(500);
  });

  it('never asks for more than the balance when the shown balance is typed back', () => {
    // f64 does not round-trip (0.25000000000000006 turns 4 raw into "1", and "1" into 3 raw):
    // that is why Max sends the raw balance rather than converting its text back.
    fc.assert(
      fc.property(raw, decimals, multiplier, (amount, places, scale) => {
        const back = parseScaledUnits(formatScaledUnits(amount, places, scale), places, scale);
        expect(scaledAtomic(back, scale) <= scaledAtomic(amount, scale)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it('round-trips the shown amount for 2×, 4× and 0.5× (1.5× cannot: 5 raw shows 7, and 7 converts to 4)', () => {
    // Up to 2^50 raw, so that the scaled amount too stays below 2^53.
    const amounts = fc.bigInt({ min: 0n, max: 2n ** 50n });
    fc.assert(
      fc.property(amounts, decimals, fc.constantFrom(2, 0.5, 4), (amount, places, scale) => {
        const shown = formatScaledUnits(amount, places, scale);
        expect(formatScaledUnits(parseScaledUnits(shown, places, scale), places, scale)).toBe(
          shown,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it('refuses text that is not an amount, in words', () => {
    expect(() => parseScaledUnits('1,5', 6, 2)).toThrow(/digits with an optional decimal point/);
    expect(() => parseScaledUnits('1.1234567', 6, 2)).toThrow(/at most 6 digits/);
    expect(() => parseScaledUnits('1', 6, 0)).toThrow(/multiplier is not a positive number/);
  });
});

describe('the multiplier in force', () => {
  const config = { multiplier: 1.5, newMultiplier: 3, newMultiplierEffectiveTimestamp: 1000n };
  it('switches to the new multiplier at its timestamp, as the program does', () => {
    expect(multiplierAt(config, 999)).toBe(1.5);
    expect(multiplierAt(config, 1000)).toBe(3);
    expect(multiplierAt(config, 1000.9)).toBe(3);
  });

  it('reads and writes the 56 bytes exactly as spl-token’s ScaledUiAmountConfigLayout', () => {
    const authority = new PublicKey('XsDoVfqeBukxuZHWhdvWHBhgEHjGNst4MLodqsJHzoB');
    const ours = encodeScaledUiAmountConfig(authority.toBytes(), config);
    const theirs = Buffer.alloc(ScaledUiAmountConfigLayout.span);
    ScaledUiAmountConfigLayout.encode({ authority, ...config }, theirs);
    expect(Buffer.from(ours).equals(theirs)).toBe(true);
    const decoded = decodeScaledUiAmountConfig(theirs);
    expect(decoded.multiplier).toBe(1.5);
    expect(decoded.newMultiplier).toBe(3);
    expect(decoded.newMultiplierEffectiveTimestamp).toBe(1000n);
  });

  it('names it as a person reads it', () => {
    expect(multiplierText(1.5)).toBe('1.5×');
    expect(multiplierText(1.0183317967386898)).toBe('1.01833179674×');
  });
});
