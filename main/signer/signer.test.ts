import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { recordSecret } from '../../test/harness/secrets-log';
import { createMemoryKeychain } from '../../test/fixtures/memory-keychain';
import { WalletError } from '../shared/errors';
import { createSigner } from './signer';

function storedPair() {
  const pair = nacl.sign.keyPair();
  const stored = bs58.encode(pair.secretKey);
  recordSecret('secret-key', stored);
  return { address: bs58.encode(pair.publicKey), stored };
}

async function rejectionOf(promise: Promise<unknown>): Promise<WalletError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof WalletError))
    throw new Error(`expected a WalletError, got ${String(error)}`);
  return error;
}

describe('signer', () => {
  it('signs the exact message bytes with the account key', async () => {
    const keychain = createMemoryKeychain();
    const { address, stored } = storedPair();
    await keychain.set(address, stored);
    const message = new TextEncoder().encode('swapdesk review ticket 42');
    const signature = await createSigner({ keychain }).signMessage(address, message);
    expect(signature).toHaveLength(64);
    expect(nacl.sign.detached.verify(message, signature, bs58.decode(address))).toBe(true);
    const other = new TextEncoder().encode('swapdesk review ticket 43');
    expect(nacl.sign.detached.verify(other, signature, bs58.decode(address))).toBe(false);
  });

  it('says the keychain is locked or the entry gone when there is no secret', async () => {
    const error = await rejectionOf(
      createSigner({ keychain: createMemoryKeychain() }).signMessage(
        storedPair().address,
        new Uint8Array(1),
      ),
    );
    expect(error.code).toBe('KEYCHAIN_UNAVAILABLE');
    expect(error.message).toMatch(/locked, or the entry was removed.*Nothing was signed/);
  });

  it('refuses to sign with an entry that belongs to another address', async () => {
    const keychain = createMemoryKeychain();
    const mine = storedPair();
    await keychain.set(mine.address, storedPair().stored);
    const error = await rejectionOf(
      createSigner({ keychain }).signMessage(mine.address, new Uint8Array(1)),
    );
    expect(error.code).toBe('INVALID_SECRET_KEY');
    expect(error.message).toMatch(/not this account's secret key/);
  });

  it('passes KEYCHAIN_UNAVAILABLE through when the keychain is down', async () => {
    const keychain = createMemoryKeychain();
    keychain.unavailable = true;
    const error = await rejectionOf(
      createSigner({ keychain }).signMessage(storedPair().address, new Uint8Array(1)),
    );
    expect(error.code).toBe('KEYCHAIN_UNAVAILABLE');
  });
});
