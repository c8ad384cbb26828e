/**
 * The vault on the real OS keychain: keytar against gnome-keyring's Secret Service in the
 * private D-Bus session scripts/test.mjs starts. Each test uses its own keychain service name
 * and data folder, so nothing is shared with other suites or left for the next run.
 */
import { generateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import bs58 from 'bs58';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as keytar from 'keytar';
import nacl from 'tweetnacl';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKeytarKeychain } from '../../main/keychain/keytar-keychain';
import { createSigner } from '../../main/signer/signer';
import { createAccountsFile } from '../../main/vault/accounts-file';
import { createVault } from '../../main/vault/vault';
import { recordSecret, recordVaultSecret } from '../harness/secrets-log';
import { runVaultChild, stepOf } from './vault-child';
import { tempDir } from '../fixtures/temp-dirs';

function fresh() {
  const service = `swapdesk-itest-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;
  const dataDir = tempDir('swapdesk-vault-it-');
  const keychain = createKeytarKeychain(service);
  const vault = createVault({ keychain, dataDir, onSecretCreated: recordVaultSecret });
  return { service, dataDir, keychain, vault, file: join(dataDir, 'accounts.json') };
}

function newKey() {
  const pair = nacl.sign.keyPair();
  const base58 = bs58.encode(pair.secretKey);
  const json = JSON.stringify([...pair.secretKey]);
  recordSecret('secret-key', base58);
  recordSecret('keypair-json', json);
  return { base58, json, address: bs58.encode(pair.publicKey) };
}

beforeAll(async () => {
  // Fail loudly, not skip, when run outside a Secret Service session.
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
    throw new Error(
      'run inside a D-Bus session with gnome-keyring: node scripts/test.mjs --project integration',
    );
  }
  await keytar.setPassword('swapdesk-itest-probe', 'probe', 'probe');
  await keytar.deletePassword('swapdesk-itest-probe', 'probe');
});

describe('vault on gnome-keyring', () => {
  it('creates an account whose secret is only in the keychain', async () => {
    const { vault, service, file } = fresh();
    const account = await vault.create();
    expect(account).toMatchObject({ label: 'Account 1', kind: 'generated' });
    const stored = await keytar.getPassword(service, account.address);
    expect(stored).not.toBeNull();
    const secretKey = bs58.decode(stored!);
    expect(bs58.encode(nacl.sign.keyPair.fromSeed(secretKey.subarray(0, 32)).publicKey)).toBe(
      account.address,
    );
    // The accounts file holds the public data only.
    const text = readFileSync(file, 'utf8');
    expect(text).toContain(account.address);
    expect(text).not.toContain(stored!);
    expect(JSON.parse(text)).toEqual({ version: 1, current: account.address, accounts: [account] });
  });

  it('imports each format, lists, renames and removes; a second process sees the same', async () => {
    const { vault, service, dataDir } = fresh();
    const keyA = newKey();
    const keyB = newKey();
    const phrase = generateMnemonic(wordlist, 128);
    recordSecret('recovery-phrase', phrase);

    const [a] = await vault.importSecret(keyA.base58);
    const [b] = await vault.importSecret(`\n${keyB.json}\n`, { label: 'CLI wallet' });
    const fromPhrase = await vault.importSecret(phrase.toUpperCase().replace(/ /g, '  '), {
      accountIndexes: [0, 1],
    });
    expect([a, b, ...fromPhrase].map((x) => [x!.label, x!.kind, x!.derivationPath])).toEqual([
      ['Account 1', 'secret-key', undefined],
      ['CLI wallet', 'cli-keypair', undefined],
      ['Account 3', 'recovery-phrase', "m/44'/501'/0'/0'"],
      ['Account 4', 'recovery-phrase', "m/44'/501'/1'/0'"],
    ]);
    expect(a!.address).toBe(keyA.address);
    expect(b!.address).toBe(keyB.address);
    expect(await keytar.getPassword(service, keyA.address)).toBe(keyA.base58);
    expect(await keytar.getPassword(service, keyB.address)).toBe(keyB.base58);

    await vault.rename(a!.address, 'Phantom export');
    await vault.select(b!.address);
    await vault.remove(fromPhrase[1]!.address);
    expect(await keytar.getPassword(service, fromPhrase[1]!.address)).toBeNull();
    expect(await keytar.getPassword(service, fromPhrase[0]!.address)).not.toBeNull();

    const mine = await vault.list();
    expect(mine.accounts.map((x) => x.label)).toEqual([
      'Phantom export',
      'CLI wallet',
      'Account 3',
    ]);
    expect(mine.current).toBe(b!.address);

    const child = await runVaultChild(
      `await step('list', () => vault.list());
       await step('duplicate', () => vault.importSecret(secret));
       await step('sign', async () => {
         const s = await signer.signMessage(${JSON.stringify(a!.address)}, new TextEncoder().encode('hello'));
         return Buffer.from(s).toString('hex');
       });`,
      { service, dataDir, secret: keyA.json },
    );
    expect(stepOf(child, 'list')).toEqual({ label: 'list', ok: true, value: mine });
    expect(stepOf(child, 'duplicate')).toMatchObject({ ok: false, code: 'ACCOUNT_EXISTS' });
    const signed = stepOf(child, 'sign');
    expect(signed.ok).toBe(true);
    const signature = Buffer.from(String(signed.ok && signed.value), 'hex');
    expect(
      nacl.sign.detached.verify(
        new TextEncoder().encode('hello'),
        signature,
        bs58.decode(a!.address),
      ),
    ).toBe(true);
    expect((await vault.list()).accounts).toHaveLength(3);
  });

  it('refuses a duplicate import and stores nothing twice', async () => {
    const { vault, service } = fresh();
    const key = newKey();
    await vault.importSecret(key.base58);
    await expect(vault.importSecret(key.json)).rejects.toMatchObject({
      code: 'ACCOUNT_EXISTS',
      message: expect.stringMatching(/already in the wallet as "Account 1"/),
    });
    expect((await vault.list()).accounts).toHaveLength(1);
    expect(await keytar.findCredentials(service)).toHaveLength(1);
  });

  it('signs with the secret read from the keychain; the signature verifies', async () => {
    const { vault, keychain } = fresh();
    const account = await vault.create();
    const message = nacl.randomBytes(200);
    const signature = await createSigner({ keychain }).signMessage(account.address, message);
    expect(nacl.sign.detached.verify(message, signature, bs58.decode(account.address))).toBe(true);
  });

  it('with no keychain daemon: KEYCHAIN_UNAVAILABLE and nothing written', async () => {
    const { vault, service, dataDir, file } = fresh();
    const existing = await vault.create({ label: 'Before' });
    const before = readFileSync(file, 'utf8');
    const key = newKey();
    const emptyDir = tempDir('swapdesk-vault-it-');
    const body = `await step('create', () => vault.create());
      await step('import', () => vault.importSecret(secret));
      await step('remove', () => vault.remove(${JSON.stringify(existing.address)}));
      await step('list', () => vault.list());`;
    const results = await runVaultChild(body, {
      service,
      dataDir,
      secret: key.base58,
      noDaemon: true,
    });
    for (const label of ['create', 'import', 'remove']) {
      const result = stepOf(results, label);
      expect(result).toMatchObject({ ok: false, code: 'KEYCHAIN_UNAVAILABLE' });
      expect(result.ok === false && result.message).toMatch(
        /keychain is not available.*Nothing was saved/,
      );
    }
    // Listing needs no keychain: the accounts stay visible.
    expect(stepOf(results, 'list')).toMatchObject({ ok: true, value: { accounts: [existing] } });
    expect(readFileSync(file, 'utf8')).toBe(before);
    expect(await keytar.getPassword(service, key.address)).toBeNull();
    expect(await keytar.getPassword(service, existing.address)).not.toBeNull();

    const onEmpty = await runVaultChild(body.split('\n')[0]!, {
      service,
      dataDir: emptyDir,
      noDaemon: true,
    });
    expect(stepOf(onEmpty, 'create')).toMatchObject({ ok: false, code: 'KEYCHAIN_UNAVAILABLE' });
    expect(existsSync(join(emptyDir, 'accounts.json'))).toBe(false);
  });

  it('deletes the new keychain entry again when the accounts file cannot be written', async () => {
    const { service, dataDir } = fresh();
    const real = createAccountsFile(dataDir);
    const vault = createVault({
      keychain: createKeytarKeychain(service),
      // Fault injected at the file boundary: the write fails after the keychain write succeeded.
      accountsFile: {
        ...real,
        read: () => real.read(),
        write: () => Promise.reject(new Error('EIO')),
      },
      onSecretCreated: recordVaultSecret,
    });
    const key = newKey();
    await expect(vault.importSecret(key.base58)).rejects.toThrow('EIO');
    expect(await keytar.getPassword(service, key.address)).toBeNull();
    expect(await keytar.findCredentials(service)).toEqual([]);
  });

  it('reports a damaged accounts file, keeps it, and touches no keychain entry', async () => {
    const { vault, service, file } = fresh();
    writeFileSync(file, '{"version":1,"accounts":[{"label":');
    const key = newKey();
    await expect(vault.importSecret(key.base58)).rejects.toMatchObject({
      code: 'ACCOUNTS_FILE_UNREADABLE',
    });
    await expect(vault.list()).rejects.toMatchObject({ message: expect.stringContaining(file) });
    expect(readFileSync(file, 'utf8')).toBe('{"version":1,"accounts":[{"label":');
    expect(await keytar.getPassword(service, key.address)).toBeNull();
  });
});
