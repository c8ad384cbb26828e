import { describe, expect, it } from 'vitest';
import { TEST_KDF } from '../../test/fixtures/test-vault';
import { recordSecret } from '../../test/harness/secrets-log';
import { SCRYPT_PARAMS, deriveSealKey, openItem, parseSealedItem, sealItem } from './seal';
import { rejectionOf as rejection } from '../../test/fixtures/wallet-error';

const PASSWORD = 'seal test: copper meadow';
recordSecret('password', PASSWORD);
const SECRET = new TextEncoder().encode('a secret that must stay sealed');

/** The item with one field replaced. */
function changed(text: string, field: string, value: unknown): string {
  return JSON.stringify({ ...JSON.parse(text), [field]: value });
}

function flipFirstByte(base64: string): string {
  const bytes = Buffer.from(base64, 'base64');
  bytes[0] = bytes[0]! ^ 1;
  return bytes.toString('base64');
}

describe('sealing (scrypt + secretbox)', () => {
  it('opens what it sealed, and the item holds only parameters, salt, nonce and ciphertext', async () => {
    const key = await deriveSealKey(PASSWORD, undefined, TEST_KDF);
    const text = sealItem(key, 'g1:alice', SECRET);
    expect(Object.keys(JSON.parse(text)).sort()).toEqual(
      ['N', 'box', 'kdf', 'nonce', 'p', 'r', 'salt', 'v'].sort(),
    );
    expect(text).not.toContain('secret');
    expect(await openItem(key, 'g1:alice', text)).toEqual(SECRET);
    // A fresh nonce per item: the same secret sealed twice reads differently.
    const again = sealItem(key, 'g1:alice', SECRET);
    expect(JSON.parse(again).nonce).not.toBe(JSON.parse(text).nonce);
    expect(JSON.parse(again).box).not.toBe(JSON.parse(text).box);
  });

  it('refuses a wrong password, saying the item cannot be opened', async () => {
    const key = await deriveSealKey(PASSWORD, undefined, TEST_KDF);
    const text = sealItem(key, 'g1:alice', SECRET);
    const salt = Buffer.from(JSON.parse(text).salt, 'base64');
    const wrong = await deriveSealKey('not the password', salt, TEST_KDF);
    const error = await rejection(openItem(wrong, 'g1:alice', text));
    expect(error.code).toBe('VAULT_ITEM_DAMAGED');
    expect(error.message).toMatch(/cannot be opened with your password/);
  });

  it.each([
    ['ciphertext', (t: string) => changed(t, 'box', flipFirstByte(JSON.parse(t).box))],
    ['nonce', (t: string) => changed(t, 'nonce', flipFirstByte(JSON.parse(t).nonce))],
    ['salt', (t: string) => changed(t, 'salt', flipFirstByte(JSON.parse(t).salt))],
    ['parameter N', (t: string) => changed(t, 'N', 2 ** 11)],
    ['parameter r', (t: string) => changed(t, 'r', 4)],
    ['parameter N out of bounds', (t: string) => changed(t, 'N', 2 ** 30)],
    ['format', () => 'not json'],
  ])('refuses an item whose %s was changed', async (_what, change) => {
    const key = await deriveSealKey(PASSWORD, undefined, TEST_KDF);
    const text = change(sealItem(key, 'g1:alice', SECRET));
    const error = await rejection(openItem(key, 'g1:alice', text, PASSWORD));
    expect(error.code).toBe('VAULT_ITEM_DAMAGED');
  });

  it("refuses an item moved over another account's entry", async () => {
    const key = await deriveSealKey(PASSWORD, undefined, TEST_KDF);
    const text = sealItem(key, 'g1:alice', SECRET);
    expect((await rejection(openItem(key, 'g1:bob', text))).code).toBe('VAULT_ITEM_DAMAGED');
  });

  it('opens an item with its own salt when given the password', async () => {
    const key = await deriveSealKey(PASSWORD, undefined, TEST_KDF);
    const other = await deriveSealKey(PASSWORD, undefined, TEST_KDF);
    const text = sealItem(other, 'g1:alice', SECRET);
    expect(await openItem(key, 'g1:alice', text, PASSWORD)).toEqual(SECRET);
  });

  it('seals at N = 2^17, r = 8, p = 1 by default', async () => {
    expect(SCRYPT_PARAMS).toEqual({ N: 131072, r: 8, p: 1 });
    const key = await deriveSealKey(PASSWORD);
    const item = parseSealedItem(sealItem(key, 'g1:x', SECRET))!;
    expect([item.kdf, item.N, item.r, item.p]).toEqual(['scrypt', 131072, 8, 1]);
    expect(Buffer.from(item.salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(item.nonce, 'base64')).toHaveLength(24);
  });
});
