import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { firstAccount, openTestVault } from '../../test/fixtures/test-vault';
import { recordSecret } from '../../test/harness/secrets-log';
import { createSigner } from './signer';
import { rejectionOf } from '../../test/fixtures/wallet-error';

function storedPair() {
  const pair = nacl.sign.keyPair();
  recordSecret('secret-key', bs58.encode(pair.secretKey));
  return { address: bs58.encode(pair.publicKey), secretKey: pair.secretKey };
}

describe('signer', () => {
  it("signs the exact message bytes with the vault's open key, and wipes its copy", async () => {
    const { vault } = await openTestVault();
    const { address } = await firstAccount(vault);
    const copies: Uint8Array[] = [];
    const signer = createSigner({
      secretKeyOf: (a) => {
        const copy = vault.secretKeyOf(a);
        copies.push(copy);
        return copy;
      },
    });
    const message = new TextEncoder().encode('swapdesk review ticket 42');
    const signature = await signer.signMessage(address, message);
    expect(signature).toHaveLength(64);
    expect(nacl.sign.detached.verify(message, signature, bs58.decode(address))).toBe(true);
    const other = new TextEncoder().encode('swapdesk review ticket 43');
    expect(nacl.sign.detached.verify(other, signature, bs58.decode(address))).toBe(false);
    expect(copies[0]!.every((b) => b === 0)).toBe(true);
  });

  it('signs nothing while the wallet is locked', async () => {
    const { vault } = await openTestVault();
    const { address } = await firstAccount(vault);
    vault.lock();
    const error = await rejectionOf(
      createSigner({ secretKeyOf: (a) => vault.secretKeyOf(a) }).signMessage(
        address,
        new Uint8Array(1),
      ),
    );
    expect(error.code).toBe('LOCKED');
  });

  it('refuses to sign with a key that belongs to another address', async () => {
    const mine = storedPair();
    const error = await rejectionOf(
      createSigner({ secretKeyOf: () => Uint8Array.from(storedPair().secretKey) }).signMessage(
        mine.address,
        new Uint8Array(1),
      ),
    );
    expect(error.code).toBe('INVALID_SECRET_KEY');
    expect(error.message).toMatch(/not this account's secret key/);
  });
});
