/**
 * Accounts imported from a recovery phrase through the vault, on the real keychain, checked
 * against an independent derivation: ed25519-hd-key (SLIP-0010) + tweetnacl, the recipe most
 * Solana wallets and tutorials use for m/44'/501'/N'/0'.
 */
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import bs58 from 'bs58';
import { derivePath } from 'ed25519-hd-key';
import * as keytar from 'keytar';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { createKeytarKeychain } from '../../main/keychain/keytar-keychain';
import { createVault } from '../../main/vault/vault';
import { recordSecret, recordVaultSecret } from '../harness/secrets-log';
import { tempDir } from '../fixtures/temp-dirs';
import { TEST_PASSWORD } from '../fixtures/test-vault';

function oracle(phrase: string, index: number, passphrase = '') {
  const seed = Buffer.from(mnemonicToSeedSync(phrase, passphrase)).toString('hex');
  const { key } = derivePath(`m/44'/501'/${index}'/0'`, seed);
  const pair = nacl.sign.keyPair.fromSeed(key);
  return { address: bs58.encode(pair.publicKey), secretKey: bs58.encode(pair.secretKey) };
}

describe('recovery phrase accounts match an independent derivation', () => {
  it.each([128, 192, 256])('%i-bit phrases, accounts 0 to 4', async (strength) => {
    const service = `swapdesk-itest-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
    const vault = createVault({
      keychain: createKeytarKeychain(service),
      dataDir: tempDir('swapdesk-derive-it-'),
      onSecretCreated: recordVaultSecret,
    });
    await vault.setPassword(TEST_PASSWORD, TEST_PASSWORD);
    const phrase = generateMnemonic(wordlist, strength);
    recordSecret('recovery-phrase', phrase);
    const indexes = [0, 1, 2, 3, 4];
    const accounts = await vault.importSecret(phrase, { accountIndexes: indexes });
    expect(accounts).toHaveLength(5);
    for (const [i, account] of accounts.entries()) {
      const expected = oracle(phrase, indexes[i]!);
      expect(account.address).toBe(expected.address);
      expect(account.derivationPath).toBe(`m/44'/501'/${indexes[i]}'/0'`);
      // The key the vault opens from its sealed item is the oracle's.
      expect(bs58.encode(vault.secretKeyOf(account.address))).toBe(expected.secretKey);
      expect(await keytar.getPassword(service, account.address)).toBeNull();
    }
  });

  it('the published all-"abandon" BIP39 phrase gives the oracle addresses', async () => {
    // A public test phrase (BIP39 vector 1): it guards no funds and is not a recorded secret.
    const phrase = `${'abandon '.repeat(11)}about`;
    const vault = createVault({
      keychain: createKeytarKeychain(`swapdesk-itest-${process.pid}-vector`),
      dataDir: tempDir('swapdesk-derive-it-'),
    });
    await vault.setPassword(TEST_PASSWORD, TEST_PASSWORD);
    const accounts = await vault.importSecret(phrase, { accountIndexes: [0, 1] });
    expect(accounts.map((a) => a.address)).toEqual([
      oracle(phrase, 0).address,
      oracle(phrase, 1).address,
    ]);
    for (const account of accounts) await vault.remove(account.address);
  });
});
