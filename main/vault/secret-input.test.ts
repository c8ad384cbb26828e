import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { recordSecret } from '../../test/harness/secrets-log';
import { WalletError } from '../shared/errors';
import { parseSecretInput } from './secret-input';

function newSecretKey(): Uint8Array {
  const { secretKey } = nacl.sign.keyPair();
  recordSecret('secret-key', bs58.encode(secretKey));
  return secretKey;
}

function rejection(text: string): WalletError {
  try {
    parseSecretInput(text);
  } catch (error) {
    if (error instanceof WalletError) {
      // Whatever went wrong, the message never repeats what was pasted.
      if (text.trim().length >= 6) expect(error.message).not.toContain(text.trim());
      return error;
    }
    throw error;
  }
  throw new Error('expected the input to be refused');
}

describe('parseSecretInput', () => {
  it('reads a base58 secret key as Phantom and Solflare export it', () => {
    const secretKey = newSecretKey();
    const parsed = parseSecretInput(`  ${bs58.encode(secretKey)}\n`);
    expect(parsed.kind).toBe('secret-key');
    expect(parsed.kind !== 'recovery-phrase' && [...parsed.secretKey]).toEqual([...secretKey]);
  });

  it('reads a Solana CLI keypair file, spaced or not', () => {
    const secretKey = newSecretKey();
    for (const text of [JSON.stringify([...secretKey]), JSON.stringify([...secretKey], null, 2)]) {
      recordSecret('keypair-json', text);
      const parsed = parseSecretInput(text);
      expect(parsed.kind).toBe('cli-keypair');
      expect(parsed.kind !== 'recovery-phrase' && [...parsed.secretKey]).toEqual([...secretKey]);
    }
  });

  it('takes text with spaces as a recovery phrase, normalised', () => {
    expect(parseSecretInput(' Legal  winner\nthank ')).toEqual({
      kind: 'recovery-phrase',
      phrase: 'legal winner thank',
    });
  });

  it('says how many bytes a key of the wrong length holds', () => {
    const secretKey = newSecretKey();
    const error = rejection(bs58.encode(secretKey.subarray(0, 48)));
    expect(error.code).toBe('INVALID_SECRET_KEY');
    expect(error.message).toMatch(
      /^That is not a Solana secret key: it holds 48 bytes, expected 64 bytes in base58/,
    );
  });

  it('recognises a pasted address (32 bytes) and says it is not a secret key', () => {
    const address = bs58.encode(nacl.sign.keyPair().publicKey);
    expect(rejection(address).message).toMatch(/32 bytes is the size of a public address/);
  });

  it('names the position of a character base58 does not use', () => {
    const text = bs58.encode(newSecretKey());
    const error = rejection(`${text.slice(0, 9)}0${text.slice(10)}`);
    expect(error.message).toMatch(/character 10 is not a base58 character/);
  });

  it('refuses a secret key whose public half belongs to another key', () => {
    const secretKey = newSecretKey();
    secretKey.set(nacl.sign.keyPair().publicKey, 32);
    const error = rejection(bs58.encode(secretKey));
    expect(error.message).toMatch(/public half does not match its private half/);
    const array = JSON.stringify([...secretKey]);
    expect(rejection(array).message).toMatch(/public half does not match/);
  });

  it('explains what is wrong with a JSON array', () => {
    expect(rejection('[1, 2, 3').message).toMatch(/not valid JSON/);
    expect(rejection('[1, 2, 3]').message).toMatch(/the array has 3 numbers/);
    expect(rejection(`[${'1,'.repeat(10)}256]`).message).toMatch(
      /item 11 of the array is not a whole number from 0 to 255/,
    );
    expect(rejection('{"a":1}').code).toBe('INVALID_SECRET_KEY');
  });

  it('refuses empty text', () => {
    expect(rejection('   ').message).toMatch(/the text is empty/);
  });
});
