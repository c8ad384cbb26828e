import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { describe, expect, it } from 'vitest';
import { recordSecret } from '../../test/harness/secrets-log';
import { WalletError } from '../shared/errors';
import { assertValidPhrase, normalisePhrase, phraseToSeed } from './recovery-phrase';

function errorOf(run: () => unknown): WalletError {
  try {
    run();
  } catch (error) {
    if (error instanceof WalletError) return error;
    throw error;
  }
  throw new Error('expected a WalletError');
}

describe('recovery phrases', () => {
  it('normalises spacing, case, numbering and commas', () => {
    expect(normalisePhrase('  Legal WINNER\n\tthank,  year ')).toBe('legal winner thank year');
    expect(normalisePhrase('1. legal 2. winner 3) thank 10: year')).toBe('legal winner thank year');
  });

  it('derives the BIP39 seeds of the published vectors, with and without a passphrase', () => {
    // Trezor's BIP39 vectors use the passphrase "TREZOR"; the plain seed is the well-known
    // 5eb00bbd... of the all-"abandon" phrase.
    const phrase = `${'abandon '.repeat(11)}about`;
    expect(Buffer.from(phraseToSeed(phrase, 'TREZOR')).toString('hex')).toBe(
      'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
    );
    expect(Buffer.from(phraseToSeed(phrase)).toString('hex')).toMatch(
      /^5eb00bbddcf069084889a8ab9155568165f5c453/,
    );
  });

  it('accepts 12, 15, 18, 21 and 24 words', () => {
    for (const strength of [128, 160, 192, 224, 256]) {
      const phrase = generateMnemonic(wordlist, strength);
      recordSecret('recovery-phrase', phrase);
      expect(() => assertValidPhrase(phrase)).not.toThrow();
    }
  });

  it('names the word count when it is wrong', () => {
    const phrase = generateMnemonic(wordlist, 128);
    recordSecret('recovery-phrase', phrase);
    const error = errorOf(() => assertValidPhrase(phrase.split(' ').slice(0, 11).join(' ')));
    expect(error.code).toBe('INVALID_RECOVERY_PHRASE');
    expect(error.message).toMatch(/12, 15, 18, 21 or 24 words; this one has 11/);
  });

  it('names an unknown word by its position, never by the word', () => {
    const words = generateMnemonic(wordlist, 128).split(' ');
    recordSecret('recovery-phrase', words.join(' '));
    words[4] = 'walletx';
    const error = errorOf(() => assertValidPhrase(words.join(' ')));
    expect(error.message).toBe(
      'Word 5 is not in the BIP39 English word list. Check the spelling of that word.',
    );
    words[8] = 'qqq';
    expect(errorOf(() => assertValidPhrase(words.join(' '))).message).toMatch(/^Words 5, 9 are/);
  });

  it('reports a checksum mismatch when two words are swapped', () => {
    // 'legal winner thank year wave sausage worth useful legal winner thank yellow' is a BIP39
    // vector; swapping its last two words breaks the checksum.
    const error = errorOf(() =>
      assertValidPhrase(
        'legal winner thank year wave sausage worth useful legal winner yellow thank',
      ),
    );
    expect(error.code).toBe('INVALID_RECOVERY_PHRASE');
    expect(error.message).toMatch(/checksum does not match/);
    expect(error.message).not.toMatch(/legal|winner|yellow/);
  });
});
