import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import bs58 from 'bs58';
import { derivePath } from 'ed25519-hd-key';
import { readFileSync } from 'node:fs';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { recordSecret, recordVaultSecret } from '../../test/harness/secrets-log';
import { createMemoryKeychain } from '../../test/fixtures/memory-keychain';
import { WalletError } from '../shared/errors';
import { createAccountsFile, type AccountsFile } from './accounts-file';
import { createVault, type CreatedSecret } from './vault';
import { tempDir } from '../../test/fixtures/temp-dirs';

function setup(accountsFile?: (file: AccountsFile) => AccountsFile) {
  const keychain = createMemoryKeychain();
  const real = createAccountsFile(tempDir('swapdesk-vault-'));
  const file = accountsFile ? accountsFile(real) : real;
  const created: CreatedSecret[] = [];
  const vault = createVault({
    keychain,
    accountsFile: file,
    now: () => new Date('2026-11-22T03:00:00Z'),
    onSecretCreated: (secret) => {
      recordVaultSecret(secret);
      created.push(secret);
    },
  });
  return { keychain, file: real, vault, created };
}

function newSecretKeyText(): { text: string; address: string } {
  const pair = nacl.sign.keyPair();
  const text = bs58.encode(pair.secretKey);
  recordSecret('secret-key', text);
  return { text, address: bs58.encode(pair.publicKey) };
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

describe('vault (in-memory keychain)', () => {
  it('creates accounts labelled Account 1, Account 2, the newest current', async () => {
    const { vault, keychain, created } = setup();
    const first = await vault.create();
    const second = await vault.create();
    expect([first.label, second.label]).toEqual(['Account 1', 'Account 2']);
    expect(first).toMatchObject({ kind: 'generated', createdAt: '2026-11-22T03:00:00.000Z' });
    expect(await vault.list()).toEqual({ accounts: [first, second], current: second.address });
    // The keychain holds base58 of each 64-byte secret key, under its address.
    for (const account of [first, second]) {
      const stored = bs58.decode((await keychain.get(account.address))!);
      expect(stored).toHaveLength(64);
      expect(bs58.encode(stored.subarray(32))).toBe(account.address);
    }
    expect(created.map((c) => c.address)).toEqual([first.address, second.address]);
  });

  it('imports a key and refuses the same key again, in any format', async () => {
    const { vault, keychain } = setup();
    const { text, address } = newSecretKeyText();
    const [account] = await vault.importSecret(text, { label: 'Phantom' });
    expect(account).toMatchObject({ address, label: 'Phantom', kind: 'secret-key' });
    const asArray = JSON.stringify([...bs58.decode(text)]);
    recordSecret('keypair-json', asArray);
    const error = await rejectionOf(vault.importSecret(asArray));
    expect(error.code).toBe('ACCOUNT_EXISTS');
    expect(error.message).toMatch(/already in the wallet as "Phantom"/);
    expect((await vault.list()).accounts).toHaveLength(1);
    expect(keychain.size).toBe(1);
  });

  it('imports several accounts from one phrase and refuses any already there', async () => {
    const { vault } = setup();
    const phrase = generateMnemonic(wordlist, 128);
    recordSecret('recovery-phrase', phrase);
    const accounts = await vault.importSecret(phrase, { accountIndexes: [0, 2, 2] });
    expect(accounts.map((a) => [a.label, a.derivationPath, a.kind])).toEqual([
      ['Account 1', "m/44'/501'/0'/0'", 'recovery-phrase'],
      ['Account 2', "m/44'/501'/2'/0'", 'recovery-phrase'],
    ]);
    const error = await rejectionOf(vault.importSecret(phrase, { accountIndexes: [1, 2] }));
    expect(error.code).toBe('ACCOUNT_EXISTS');
    expect(error.message).toMatch(/Nothing was imported; choose other account numbers/);
    expect((await vault.list()).accounts).toHaveLength(2);
  });

  it('derives other accounts with a BIP39 passphrase, as ed25519-hd-key does', async () => {
    const { vault } = setup();
    const phrase = generateMnemonic(wordlist, 128);
    recordSecret('recovery-phrase', phrase);
    recordSecret('other', 'correct horse');
    const [plain] = await vault.importSecret(phrase);
    const [withPassphrase] = await vault.importSecret(phrase, { passphrase: 'correct horse' });
    const seed = Buffer.from(mnemonicToSeedSync(phrase, 'correct horse')).toString('hex');
    const expected = nacl.sign.keyPair.fromSeed(derivePath("m/44'/501'/0'/0'", seed).key);
    expect(withPassphrase!.address).toBe(bs58.encode(expected.publicKey));
    expect(withPassphrase!.address).not.toBe(plain!.address);
  });

  it('leaves the file untouched when the keychain is unavailable', async () => {
    const { vault, keychain, file } = setup();
    await vault.create();
    const before = readFileSync(file.path, 'utf8');
    keychain.unavailable = true;
    const error = await rejectionOf(vault.create());
    expect(error.code).toBe('KEYCHAIN_UNAVAILABLE');
    expect(error.message).toMatch(/Nothing was saved/);
    expect(readFileSync(file.path, 'utf8')).toBe(before);
  });

  it('takes the keychain entry back out when the file cannot be written', async () => {
    const failing = (real: AccountsFile): AccountsFile => ({
      ...real,
      read: () => real.read(),
      write: async () => {
        throw new WalletError('ACCOUNTS_FILE_UNWRITABLE', 'disk full');
      },
    });
    const { vault, keychain, created } = setup(failing);
    const error = await rejectionOf(vault.importSecret(newSecretKeyText().text));
    expect(error.code).toBe('ACCOUNTS_FILE_UNWRITABLE');
    expect(keychain.size).toBe(0);
    expect(created).toEqual([]);
  });

  it('renames, selects and removes, deleting the keychain entry', async () => {
    const { vault, keychain } = setup();
    const a = await vault.create();
    const b = await vault.create({ label: 'Savings' });
    expect(await vault.rename(a.address, '  Daily  ')).toEqual({ ...a, label: 'Daily' });
    expect((await vault.select(a.address)).current).toBe(a.address);
    const after = await vault.remove(a.address);
    expect(after).toEqual({ accounts: [b], current: b.address });
    expect(await keychain.get(a.address)).toBeNull();
    expect((await rejectionOf(vault.rename(a.address, 'x'))).code).toBe('ACCOUNT_NOT_FOUND');
    expect((await rejectionOf(vault.select(a.address))).code).toBe('ACCOUNT_NOT_FOUND');
    expect((await rejectionOf(vault.rename(b.address, '   '))).code).toBe('INVALID_REQUEST');
    expect(await vault.remove(b.address)).toEqual({ accounts: [], current: null });
  });

  it('keeps the account when the keychain cannot delete its entry', async () => {
    const { vault, keychain, file } = setup();
    const a = await vault.create();
    const before = readFileSync(file.path, 'utf8');
    keychain.unavailable = true;
    expect((await rejectionOf(vault.remove(a.address))).code).toBe('KEYCHAIN_UNAVAILABLE');
    expect(readFileSync(file.path, 'utf8')).toBe(before);
    keychain.unavailable = false;
    expect(await keychain.get(a.address)).not.toBeNull();
  });

  it('serialises concurrent changes: ten creates give ten accounts', async () => {
    const { vault } = setup();
    const made = await Promise.all(Array.from({ length: 10 }, () => vault.create()));
    const { accounts } = await vault.list();
    expect(accounts.map((a) => a.address).sort()).toEqual(made.map((a) => a.address).sort());
    expect(new Set(accounts.map((a) => a.label)).size).toBe(10);
  });

  it('reports malformed input without touching the keychain', async () => {
    const { vault, keychain } = setup();
    expect((await rejectionOf(vault.importSecret('[1,2,3]'))).code).toBe('INVALID_SECRET_KEY');
    expect((await rejectionOf(vault.importSecret('zoo zoo zoo'))).code).toBe(
      'INVALID_RECOVERY_PHRASE',
    );
    expect(keychain.size).toBe(0);
  });

  describe('Ledger accounts (issue 17)', () => {
    const ledgerAddress = bs58.encode(nacl.sign.keyPair().publicKey);

    it('stores address, path and kind in the file, and nothing in the keychain', async () => {
      const { vault, keychain, file } = setup();
      // A keychain that fails every call: adding a Ledger account must not need it at all.
      keychain.unavailable = true;
      const [added] = await vault.addLedger([
        { address: ledgerAddress, derivationPath: "m/44'/501'/0'/0'", label: 'Cold storage' },
      ]);
      expect(added).toMatchObject({
        address: ledgerAddress,
        label: 'Cold storage',
        kind: 'ledger',
        derivationPath: "m/44'/501'/0'/0'",
      });
      keychain.unavailable = false;
      expect(keychain.size).toBe(0);
      const stored = JSON.parse(readFileSync(file.path, 'utf8')) as {
        accounts: unknown[];
        current: string;
      };
      expect(stored.accounts).toEqual([added]);
      expect(stored.current).toBe(ledgerAddress);
    });

    it('refuses the same Ledger account twice', async () => {
      const { vault } = setup();
      await vault.addLedger([{ address: ledgerAddress, derivationPath: "m/44'/501'/0'" }]);
      const error = await rejectionOf(
        vault.addLedger([{ address: ledgerAddress, derivationPath: "m/44'/501'/0'" }]),
      );
      expect(error.code).toBe('ACCOUNT_EXISTS');
    });

    it('removes a Ledger account without asking the keychain', async () => {
      const { vault, keychain } = setup();
      await vault.addLedger([{ address: ledgerAddress, derivationPath: "m/44'/501'" }]);
      keychain.unavailable = true;
      const state = await vault.remove(ledgerAddress);
      expect(state).toEqual({ accounts: [], current: null });
    });
  });
});
