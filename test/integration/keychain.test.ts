/**
 * The keytar Keychain against gnome-keyring's Secret Service: a round trip in the session
 * scripts/test.mjs starts, and the two ways a keychain is unusable on Linux: no daemon at all
 * (a child without a D-Bus session) and a locked collection (a child in its own private
 * session whose login keyring is locked over D-Bus, with no prompter to unlock it).
 */
import bs58 from 'bs58';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as keytar from 'keytar';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { createKeytarKeychain } from '../../main/keychain/keytar-keychain';
import { copyKeychainItems, readKeychainItems, recordSecret } from '../harness/secrets-log';
import { runVaultChild, stepOf } from './vault-child';
import { tempDir } from '../fixtures/temp-dirs';

const uniqueService = () =>
  `swapdesk-itest-${process.pid}-${Math.random().toString(36).slice(2, 10)}`;

describe('keytar keychain on gnome-keyring', () => {
  it('sets, gets, lists and deletes entries of its own service only', async () => {
    const service = uniqueService();
    const keychain = createKeytarKeychain(service);
    const other = createKeytarKeychain(`${service}-preview`);
    await keychain.set('alice', 'secret-a');
    await other.set('alice', 'secret-preview');
    expect(await keychain.get('alice')).toBe('secret-a');
    expect(await other.get('alice')).toBe('secret-preview');
    expect(await keytar.getPassword(service, 'alice')).toBe('secret-a');
    await keychain.set('alice', 'secret-a2');
    expect(await keychain.findCredentials()).toEqual([{ account: 'alice', secret: 'secret-a2' }]);
    expect(await keychain.delete('alice')).toBe(true);
    expect(await keychain.delete('alice')).toBe(false);
    expect(await keychain.get('alice')).toBeNull();
    expect(await other.get('alice')).toBe('secret-preview');
    await other.delete('alice');
  });

  it('with no D-Bus session every call is KEYCHAIN_UNAVAILABLE, saying what to do', async () => {
    const results = await runVaultChild(
      `for (const [label, run] of [
         ['get', () => keychain.get('a')],
         ['set', () => keychain.set('a', 'b')],
         ['delete', () => keychain.delete('a')],
       ]) await step(label, run);`,
      {
        service: uniqueService(),
        dataDir: tempDir('swapdesk-kc-'),
        noDaemon: true,
      },
    );
    for (const label of ['get', 'set', 'delete']) {
      expect(stepOf(results, label)).toEqual({
        label,
        ok: false,
        code: 'KEYCHAIN_UNAVAILABLE',
        message:
          'The system keychain is not available: no Secret Service is running or reachable. Start and unlock your keyring (GNOME Keyring / KWallet / macOS Keychain) and try again. Nothing was saved or changed.',
      });
    }
  });

  it('with the login keyring locked: an import refuses, nothing changes, a restart cannot open it', async () => {
    const home = tempDir('swapdesk-locked-');
    mkdirSync(join(home, 'run'), { mode: 0o700 });
    const pair = nacl.sign.keyPair();
    const secret = bs58.encode(pair.secretKey);
    recordSecret('secret-key', secret);
    recordSecret('password', 'itest locked: slate river 12');
    const results = await runVaultChild(
      `const { readFileSync } = await import('node:fs');
       const { execFileSync } = await import('node:child_process');
       const file = process.env.SWAPDESK_TEST_DATA + '/accounts.json';
       await step('password', () => vault.setPassword('itest locked: slate river 12', 'itest locked: slate river 12'));
       await step('create', () => vault.importSecret(secret));
       const before = readFileSync(file, 'utf8');
       const address = JSON.parse(before).accounts[0].address;
       await step('lock', async () => {
         execFileSync('dbus-send', ['--session', '--print-reply', '--dest=org.freedesktop.secrets',
           '/org/freedesktop/secrets', 'org.freedesktop.Secret.Service.Lock',
           'array:objpath:/org/freedesktop/secrets/collection/login'], { stdio: 'ignore' });
         return true;
       });
       const { default: nacl } = await import('tweetnacl');
       const { default: bs58 } = await import('bs58');
       const other = bs58.encode(nacl.sign.keyPair().secretKey);
       await step('import-locked', () => vault.importSecret(other));
       await step('sign-locked', async () => (await signer.signMessage(address, new Uint8Array([1, 2, 3]))).length);
       await step('restart-unlock', () => createVault({ keychain, dataDir: process.env.SWAPDESK_TEST_DATA }).unlock('itest locked: slate river 12'));
       await step('file-unchanged', async () => readFileSync(file, 'utf8') === before);`,
      {
        service: 'swapdesk-locked-test',
        dataDir: join(home, 'data'),
        secret,
        env: { HOME: home, XDG_DATA_HOME: join(home, 'share'), XDG_RUNTIME_DIR: join(home, 'run') },
        wrap: [
          'dbus-run-session',
          '--',
          'sh',
          '-c',
          'echo -n locked-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null && exec "$@"',
          'sh',
        ],
      },
    );
    expect(stepOf(results, 'create')).toMatchObject({ ok: true });
    expect(stepOf(results, 'lock')).toMatchObject({ ok: true });
    const imported = stepOf(results, 'import-locked');
    expect(imported).toMatchObject({ ok: false, code: 'KEYCHAIN_UNAVAILABLE' });
    expect(imported.ok === false && imported.message).toMatch(/^The system keychain is locked/);
    // Issue 24: an unlocked Swapdesk holds its opened keys in memory, so it still signs; a
    // Swapdesk started now cannot read its items and says so.
    expect(stepOf(results, 'sign-locked')).toMatchObject({ ok: true, value: 64 });
    expect(stepOf(results, 'restart-unlock')).toMatchObject({ ok: false });
    expect(stepOf(results, 'file-unchanged')).toMatchObject({ ok: true, value: true });
  });
});

describe('copyKeychainItems (test harness)', () => {
  it('copies every item of a service into the run folder, where the leak check reads it', async () => {
    const runDir = process.env.SWAPDESK_TEST_RUN_DIR;
    if (!runDir) return expect(await copyKeychainItems('unused')).toBe(0);
    const service = uniqueService();
    await keytar.setPassword(service, 'someone', 'sealed item text');
    expect(await copyKeychainItems(service)).toBe(1);
    expect(readFileSync(join(runDir, 'keychain-items.jsonl'), 'utf8')).toContain(
      JSON.stringify({ service, account: 'someone', item: 'sealed item text' }),
    );
    await keytar.deletePassword(service, 'someone');
  });

  it('reads the items in a child, so a crash of keytar (items removed meanwhile) is read again', async () => {
    const service = uniqueService();
    await keytar.setPassword(service, 'someone', 'sealed item text');
    const marker = join(tempDir('swapdesk-keychain-reader-'), 'crashed-once');
    // keytar 7.9's findCredentials dies by SIGSEGV when an item vanishes between its search and
    // its read (secrets-log.ts); this reader dies the same way on its first run only.
    const crashingOnce = `
      const fs = require('node:fs');
      if (!fs.existsSync(${JSON.stringify(marker)})) {
        fs.writeFileSync(${JSON.stringify(marker)}, '');
        process.kill(process.pid, 'SIGSEGV');
      }
      const [keytarPath, service] = process.argv.slice(1);
      require(keytarPath).findCredentials(service).then((items) => process.stdout.write(JSON.stringify(items)));
    `;
    expect(await readKeychainItems(service, { reader: crashingOnce })).toEqual([
      { account: 'someone', password: 'sealed item text' },
    ]);
    const alwaysCrashing = "process.kill(process.pid, 'SIGSEGV')";
    await expect(
      readKeychainItems(service, { reader: alwaysCrashing, attempts: 2 }),
    ).rejects.toThrow(`reading the keychain items of ${service} failed (killed by SIGSEGV)`);
    await keytar.deletePassword(service, 'someone');
  });
});
