/**
 * The wallet's own recovery phrase (issue 24): generated from the OS's randomness, kept sealed
 * as its BIP39 entropy, and the accounts derived from it at m/44'/501'/N'/0' (the convention of
 * Phantom, Solflare and Backpack, so the phrase restores there too). The phrase text exists only
 * for the moment it is shown or derived from; the entropy bytes are wiped by their owner.
 */
import { randomBytes } from 'node:crypto';
import { entropyToMnemonic, mnemonicToEntropy } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { keypairFromSeed, type SolanaKeypair } from './keypair';
import { assertValidPhrase, normalisePhrase, phraseToSeed } from './recovery-phrase';
import { slip10Derive, solanaDerivationPath } from './slip10';

/** Fresh entropy for a phrase of 12 (128 bits) or 24 (256 bits) words. */
export function newPhraseEntropy(words: 12 | 24 = 12): Uint8Array {
  return new Uint8Array(randomBytes(words === 24 ? 32 : 16));
}

/** The words of `entropy`. */
export function phraseWords(entropy: Uint8Array): string[] {
  return entropyToMnemonic(entropy, wordlist).split(' ');
}

/** The entropy of a phrase a person typed; INVALID_RECOVERY_PHRASE naming the bad word. */
export function phraseEntropy(text: string): Uint8Array {
  const phrase = normalisePhrase(text);
  assertValidPhrase(phrase);
  return mnemonicToEntropy(phrase, wordlist);
}

/** Account `index` of the phrase of `entropy`, with its path. */
export function deriveAccount(
  entropy: Uint8Array,
  index: number,
): SolanaKeypair & { derivationPath: string } {
  const seed = phraseToSeed(entropyToMnemonic(entropy, wordlist));
  const derivationPath = solanaDerivationPath(index);
  try {
    const node = slip10Derive(seed, derivationPath);
    const pair = keypairFromSeed(node.key);
    node.key.fill(0);
    node.chainCode.fill(0);
    return { ...pair, derivationPath };
  } finally {
    seed.fill(0);
  }
}

/** The N of m/44'/501'/N'/0', or null for another path. */
export function accountIndexOf(path: string | undefined): number | null {
  const match = /^m\/44'\/501'\/(\d+)'\/0'$/.exec(path ?? '');
  return match ? Number(match[1]) : null;
}
