/**
 * BIP39 recovery phrases (English word list): normalisation, validation with errors that say
 * what is wrong without repeating the phrase, and the seed. Words are named by position only,
 * so an error message or a log line never carries a word of someone's phrase.
 */
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { WalletError } from '../shared/errors';

const WORD_COUNTS = [12, 15, 18, 21, 24];
const WORDS = new Set(wordlist);

/**
 * NFKD (as BIP39 requires), lower case, single spaces; the number prefixes and commas people
 * keep when they copy a phrase from a numbered list ("1. word 2. word", "word, word") are dropped.
 */
export function normalisePhrase(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[,;]/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '' && !/^\d{1,2}[.):]?$/.test(word))
    .join(' ');
}

function invalidPhrase(message: string): WalletError {
  return new WalletError('INVALID_RECOVERY_PHRASE', message);
}

/**
 * Checks a normalised phrase: word count, every word in the list, checksum. Throws
 * INVALID_RECOVERY_PHRASE naming the first problem.
 */
export function assertValidPhrase(phrase: string): void {
  const words = phrase === '' ? [] : phrase.split(' ');
  if (!WORD_COUNTS.includes(words.length)) {
    throw invalidPhrase(
      `A recovery phrase has 12, 15, 18, 21 or 24 words; this one has ${words.length}. Check that no word is missing or doubled.`,
    );
  }
  const unknown = words.flatMap((word, index) => (WORDS.has(word) ? [] : [index + 1]));
  if (unknown.length > 0) {
    const which =
      unknown.length === 1 ? `Word ${unknown[0]} is` : `Words ${unknown.join(', ')} are`;
    throw invalidPhrase(
      `${which} not in the BIP39 English word list. Check the spelling of ${unknown.length === 1 ? 'that word' : 'those words'}.`,
    );
  }
  if (!validateMnemonic(phrase, wordlist)) {
    throw invalidPhrase(
      'Every word is in the BIP39 word list, but the checksum does not match: a word is wrong or two words are swapped. Check the phrase against your backup.',
    );
  }
}

/**
 * The 64-byte BIP39 seed of a valid, normalised phrase. `passphrase` is the optional BIP39
 * passphrase (some wallets call it the 25th word); empty by default, as in Phantom and Solflare.
 */
export function phraseToSeed(phrase: string, passphrase = ''): Uint8Array {
  assertValidPhrase(phrase);
  return mnemonicToSeedSync(phrase, passphrase.normalize('NFKD'));
}
