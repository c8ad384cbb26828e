/**
 * The vault on the real OS keychain (issue 24): keytar against gnome-keyring's Secret Service in
 * the private D-Bus session scripts/test.mjs starts, the real scrypt parameters (N = 2^17). Each
 * test uses its own keychain service name and data folder. The keychain items are read here
 * directly, as any program of the same user could: only ciphertext, salt and parameters. A
 * separate process is killed (SIGKILL) half way through an upgrade and a password change, and
 * nothing is lost.
 */
import bs58 from 'bs58';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as keytar from 'keytar';
import nacl from 'tweetnacl';
import { beforeAll, describe, expect, it } from 'vitest';
import { createKeytarKeychain } from '../../main/keychain/keytar-keychain';
import { createAccountsFile } from '../../main/vault/accounts-file';
import { createVault } from '../../main/vault/vault';
import { recordSecret, recordVaultSecret } from '../harness/secrets-log';
import { firstAccount } from '../fixtures/test-vault';
import { runVaultChild, stepOf } from './vault-child';
import { tempDir } from '../fixtures/temp-dirs';

const PASSWORD = 'itest vault: marble canyon 58';
const NEXT = 'itest vault: second heron 63';
recordSecret('password', PASSWORD);
recordSecret('password', NEXT);

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
  recordSecret('secret-key', base58);
  return { base58, secretKey: pair.secretKey, address: bs58.encode(pair.publicKey) };
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
  it('keeps only ciphertext, salt and parameters in the keychain items, read directly', async () => {
    const { vault, service, file } = fresh();
    await vault.setPassword(PASSWORD, PASSWORD);
    const created = await firstAccount(vault);
    const phrase = (await vault.revealPhrase(PASSWORD)).join(' ');
    const key = newKey();
    await vault.importSecret(key.base58);
    const items = await keytar.findCredentials(service);
    expect(items).toHaveLength(4); // check, phrase, two accounts
    const mine = vault.secretKeyOf(created.address);
    const forms = [
      key.base58,
      Buffer.from(key.secretKey).toString('hex'),
      Buffer.from(key.secretKey).toString('base64'),
      bs58.encode(key.secretKey.subarray(0, 32)),
      bs58.encode(mine),
      Buffer.from(mine.subarray(0, 32)).toString('hex'),
      phrase.split(' ').slice(0, 3).join(' '),
      PASSWORD,
    ];
    for (const { account, password: item } of items) {
      const parsed = JSON.parse(item) as Record<string, unknown>;
      expect(Object.keys(parsed).sort(), account).toEqual(
        ['N', 'box', 'kdf', 'nonce', 'p', 'r', 'salt', 'v'].sort(),
      );
      expect([parsed.kdf, parsed.N, parsed.r, parsed.p]).toEqual(['scrypt', 131072, 8, 1]);
      for (const form of forms) expect(item).not.toContain(form);
    }
    // The accounts file holds public data only.
    const text = readFileSync(file, 'utf8');
    for (const form of forms) expect(text).not.toContain(form);
  });

  it('a second process opens it with the password only, and signs; a wrong one opens nothing', async () => {
    const { vault, service, dataDir } = fresh();
    await vault.setPassword(PASSWORD, PASSWORD);
    const account = await firstAccount(vault);
    const results = await runVaultChild(
      `await step('state', () => vault.state());
       await step('wrong', () => vault.unlock('not the password at all'));
       await step('sign-locked', () => signer.signMessage(${JSON.stringify(account.address)}, new Uint8Array([1])));
       await step('unlock', () => vault.unlock(secret));
       await step('sign', async () => Buffer.from(await signer.signMessage(${JSON.stringify(account.address)}, new Uint8Array([1, 2, 3]))).toString('hex'));`,
      { service, dataDir, secret: PASSWORD },
    );
    expect(stepOf(results, 'state')).toMatchObject({ ok: true, value: 'locked' });
    expect(stepOf(results, 'wrong')).toMatchObject({ ok: false, code: 'WRONG_PASSWORD' });
    expect(stepOf(results, 'sign-locked')).toMatchObject({ ok: false, code: 'LOCKED' });
    const signed = stepOf(results, 'sign');
    expect(signed.ok).toBe(true);
    const signature = Buffer.from(signed.ok ? (signed.value as string) : '', 'hex');
    expect(
      nacl.sign.detached.verify(new Uint8Array([1, 2, 3]), signature, bs58.decode(account.address)),
    ).toBe(true);
  });

  it("an earlier version's vault, its upgrade killed half way, loses nothing", async () => {
    const { service, dataDir, file } = fresh();
    const keys = [newKey(), newKey(), newKey()];
    for (const key of keys) await keytar.setPassword(service, key.address, key.base58);
    writeFileSync(
      file,
      JSON.stringify({
        version: 1,
        current: keys[0]!.address,
        accounts: keys.map((k, i) => ({
          address: k.address,
          label: `Old ${i + 1}`,
          kind: 'secret-key',
          createdAt: '2025-06-01T00:00:00.000Z',
        })),
      }),
    );
    const killed = await runVaultChild(
      `await step('upgrade', () => vault.upgrade(secret, secret));`,
      {
        service,
        dataDir,
        secret: PASSWORD,
        killed: true,
        env: { SWAPDESK_TEST_KILL_AFTER_SETS: '2' },
      },
    );
    expect(killed).toEqual([]); // it never answered: killed at its third keychain write
    for (const key of keys) expect(await keytar.getPassword(service, key.address)).toBe(key.base58);
    const vault = createVault({ keychain: createKeytarKeychain(service), dataDir });
    expect(await vault.state()).toBe('upgrade');
    await vault.upgrade(PASSWORD, PASSWORD);
    for (const key of keys) {
      expect(await keytar.getPassword(service, key.address)).toBeNull();
      expect(bs58.encode(vault.secretKeyOf(key.address))).toBe(key.base58);
    }
  });

  it('a password change killed half way: the old password still opens everything', async () => {
    const { vault, service, dataDir } = fresh();
    await vault.setPassword(PASSWORD, PASSWORD);
    const a = await firstAccount(vault);
    const b = await vault.create();
    vault.lock();
    const killed = await runVaultChild(
      `await vault.unlock(secret);
       await step('change', () => vault.changePassword(secret, ${JSON.stringify(NEXT)}, ${JSON.stringify(NEXT)}));`,
      {
        service,
        dataDir,
        secret: PASSWORD,
        killed: true,
        env: { SWAPDESK_TEST_KILL_AFTER_SETS: '2' },
      },
    );
    expect(killed).toEqual([]);
    const again = createVault({ keychain: createKeytarKeychain(service), dataDir });
    await expect(again.unlock(NEXT)).rejects.toMatchObject({ code: 'WRONG_PASSWORD' });
    await again.unlock(PASSWORD);
    for (const account of [a, b]) {
      expect(bs58.encode(again.secretKeyOf(account.address).subarray(32))).toBe(account.address);
    }
    await again.changePassword(PASSWORD, NEXT, NEXT);
    const after = createVault({ keychain: createKeytarKeychain(service), dataDir });
    await after.unlock(NEXT);
    expect((await keytar.findCredentials(service)).every((c) => c.account.includes('.g2:'))).toBe(
      true,
    );
  });

  it('with no keychain daemon: KEYCHAIN_UNAVAILABLE and nothing written', async () => {
    const { service, dataDir } = fresh();
    const results = await runVaultChild(
      `await step('password', () => vault.setPassword(secret, secret));`,
      {
        service,
        dataDir,
        secret: PASSWORD,
        noDaemon: true,
      },
    );
    const result = stepOf(results, 'password');
    expect(result).toMatchObject({ ok: false, code: 'KEYCHAIN_UNAVAILABLE' });
    expect(result.ok === false && result.message).toMatch(
      /keychain is not available.*Nothing was saved/,
    );
    expect(existsSync(join(dataDir, 'accounts.json'))).toBe(false);
  });

  it('deletes the new keychain entry again when the accounts file cannot be written', async () => {
    const { service, dataDir } = fresh();
    const real = createAccountsFile(dataDir);
    let failing = false;
    const vault = createVault({
      keychain: createKeytarKeychain(service),
      // Fault injected at the file boundary: the write fails after the keychain write succeeded.
      accountsFile: {
        ...real,
        read: () => real.read(),
        write: (data) => (failing ? Promise.reject(new Error('EIO')) : real.write(data)),
      },
      onSecretCreated: recordVaultSecret,
    });
    await vault.setPassword(PASSWORD, PASSWORD);
    const before = (await keytar.findCredentials(service)).map((c) => c.account);
    failing = true;
    const key = newKey();
    await expect(vault.importSecret(key.base58)).rejects.toThrow('EIO');
    expect((await keytar.findCredentials(service)).map((c) => c.account)).toEqual(before);
  });
});
