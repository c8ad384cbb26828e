/**
 * Reads what a person pasted into "Secret key or recovery phrase" and works out which of the
 * three formats it is: a base58 64-byte secret key (Phantom / Solflare export), a Solana CLI
 * keypair file (a JSON array of 64 numbers) or a BIP39 recovery phrase. Errors say what is
 * wrong with the input and never repeat it.
 */
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { WalletError } from '../shared/errors';
import { normalisePhrase } from './recovery-phrase';

export type SecretInput =
  | { kind: 'secret-key' | 'cli-keypair'; secretKey: Uint8Array }
  | { kind: 'recovery-phrase'; phrase: string };

const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/;
const EXPECTED =
  'expected 64 bytes in base58 (as Phantom or Solflare export) or a JSON array of 64 numbers (a Solana CLI keypair file)';

function invalidKey(problem: string): WalletError {
  return new WalletError('INVALID_SECRET_KEY', `That is not a Solana secret key: ${problem}.`);
}

/** Checks that a 64-byte secret key's second half is the public key of its first half. */
function checkKeypair(secretKey: Uint8Array): Uint8Array {
  if (secretKey.length !== 64) {
    const hint =
      secretKey.length === 32
        ? '. 32 bytes is the size of a public address or a bare seed, not of a secret key'
        : '';
    const length = secretKey.length;
    secretKey.fill(0);
    throw invalidKey(`it holds ${length} bytes, ${EXPECTED}${hint}`);
  }
  const derived = nacl.sign.keyPair.fromSeed(secretKey.subarray(0, 32)).publicKey;
  const matches = nacl.verify(derived, secretKey.subarray(32, 64));
  derived.fill(0);
  if (!matches) {
    secretKey.fill(0);
    throw invalidKey(
      'its public half does not match its private half, so it is damaged or not an ed25519 keypair. Copy it again from the wallet that exported it',
    );
  }
  return secretKey;
}

function parseJsonArray(text: string): Uint8Array {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidKey(`it starts like a Solana CLI keypair file but is not valid JSON; ${EXPECTED}`);
  }
  if (!Array.isArray(parsed)) throw invalidKey(EXPECTED);
  const bad = parsed.findIndex((n) => !Number.isInteger(n) || n < 0 || n > 255);
  if (bad !== -1) {
    throw invalidKey(
      `item ${bad + 1} of the array is not a whole number from 0 to 255; ${EXPECTED}`,
    );
  }
  if (parsed.length !== 64) {
    throw invalidKey(`the array has ${parsed.length} numbers; ${EXPECTED}`);
  }
  const bytes = Uint8Array.from(parsed as number[]);
  parsed.fill(0);
  return checkKeypair(bytes);
}

function parseBase58(text: string): Uint8Array {
  if (!BASE58.test(text)) {
    const position = [...text].findIndex((ch) => !BASE58.test(ch)) + 1;
    throw invalidKey(
      `character ${position} is not a base58 character (base58 never uses 0, O, I, l, spaces or punctuation); ${EXPECTED}`,
    );
  }
  return checkKeypair(bs58.decode(text));
}

/**
 * Detects the format of `text` and parses it. A phrase is returned normalised but not yet
 * validated (the vault validates it with the word list and checksum).
 *
 * @example
 * parseSecretInput('[12,34,...]') // { kind: 'cli-keypair', secretKey }
 */
export function parseSecretInput(text: string): SecretInput {
  const trimmed = text.trim();
  if (trimmed === '') throw invalidKey(`the text is empty; ${EXPECTED}`);
  if (trimmed.startsWith('[')) return { kind: 'cli-keypair', secretKey: parseJsonArray(trimmed) };
  // Phrases have spaces between words; a key is one unbroken run of base58. Text that is all
  // letters but holds characters base58 does not use (like "l") is a phrase of one word.
  if (/\s/.test(trimmed) || (/^[a-z]+$/i.test(trimmed) && !BASE58.test(trimmed))) {
    return { kind: 'recovery-phrase', phrase: normalisePhrase(trimmed) };
  }
  return { kind: 'secret-key', secretKey: parseBase58(trimmed) };
}
