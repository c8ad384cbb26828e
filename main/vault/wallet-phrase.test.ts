/**
 * The wallet's own phrase: the known vector "abandon ×11 about" at m/44'/501'/0'/0' against
 * ed25519-hd-key + tweetnacl (an npm implementation nobody here wrote, the test's oracle only),
 * and fresh phrases of 12 and 24 words.
 */
import { mnemonicToSeedSync, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import bs58 from 'bs58';
import { derivePath } from 'ed25519-hd-key';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { deriveAccount, newPhraseEntropy, phraseEntropy, phraseWords } from './wallet-phrase';

const ABANDON = `${'abandon '.repeat(11)}about`;

function oracle(phrase: string, path: string): string {
  const { key } = derivePath(path, Buffer.from(mnemonicToSeedSync(phrase)).toString('hex'));
  return bs58.encode(nacl.sign.keyPair.fromSeed(new Uint8Array(key)).publicKey);
}

describe('wallet phrase', () => {
  it("gives the oracle's address for abandon ×11 about at m/44'/501'/0'/0' and the next accounts", () => {
    const entropy = phraseEntropy(ABANDON);
    for (const index of [0, 1, 7]) {
      const path = `m/44'/501'/${index}'/0'`;
      const account = deriveAccount(entropy, index);
      expect([account.address, account.derivationPath]).toEqual([oracle(ABANDON, path), path]);
    }
    // The address Phantom and Solflare show for this public test phrase.
    expect(deriveAccount(entropy, 0).address).toBe('HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk');
  });

  it('makes valid phrases of 12 and 24 words from fresh entropy, never the same twice', () => {
    const twelve = phraseWords(newPhraseEntropy(12));
    const twentyFour = phraseWords(newPhraseEntropy(24));
    expect([twelve.length, twentyFour.length]).toEqual([12, 24]);
    expect(validateMnemonic(twelve.join(' '), wordlist)).toBe(true);
    expect(validateMnemonic(twentyFour.join(' '), wordlist)).toBe(true);
    expect(phraseWords(newPhraseEntropy(12))).not.toEqual(twelve);
  });

  it('refuses an unknown word by its position and a bad checksum', () => {
    expect(() => phraseEntropy(ABANDON.replace('about', 'abuot'))).toThrow(
      /^Word 12 is not in the BIP39/,
    );
    expect(() => phraseEntropy(`${'abandon '.repeat(12).trim()}`)).toThrow(
      /checksum does not match/,
    );
  });
});
