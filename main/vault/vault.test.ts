/**
 * The vault with its password (issue 24), on the in-memory keychain with cheap scrypt
 * parameters (the real keychain and the real parameters: test/integration/vault.test.ts).
 * Addresses are checked against ed25519-hd-key + tweetnacl, an implementation of SLIP-0010
 * nobody here wrote, used only as the oracle.
 */
import { generateMnemonic, mnemonicToSeedSync } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import bs58 from 'bs58';
import { derivePath } from 'ed25519-hd-key';
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { TEST_PASSWORD, firstAccount, openTestVault } from '../../test/fixtures/test-vault';
import { recordSecret } from '../../test/harness/secrets-log';
import { WalletError } from '../shared/errors';
import { rejectionOf } from '../../test/fixtures/wallet-error';

function oracle(phrase: string, index: number): string {
  const seed = Buffer.from(mnemonicToSeedSync(phrase)).toString('hex');
  const { key } = derivePath(`m/44'/501'/${index}'/0'`, seed);
  return bs58.encode(nacl.sign.keyPair.fromSeed(new Uint8Array(key)).publicKey);
}

function newSecretKeyText(): { text: string; address: string } {
  const pair = nacl.sign.keyPair();
  const text = bs58.encode(pair.secretKey);
  recordSecret('secret-key', text);
  return { text, address: bs58.encode(pair.publicKey) };
}

describe('vault: a password first, a phrase at creation', () => {
  it('asks for a good password before the first account of any kind', async () => {
    const { vault } = await openTestVault({ password: false });
    expect(await vault.state()).toBe('new');
    const key = newSecretKeyText();
    expect((await rejectionOf(vault.importSecret(key.text))).code).toBe('PASSWORD_REQUIRED');
    expect(
      (
        await rejectionOf(
          vault.addLedger([{ address: key.address, derivationPath: "m/44'/501'/0'" }]),
        )
      ).code,
    ).toBe('PASSWORD_REQUIRED');
    for (const [weak, why] of [
      ['short1', /6 characters; use at least 8/],
      ['aaaaaaaaaaaa', /repeats one or two characters/],
      ['password123', /most used passwords/],
      ['12345678', /consecutive characters/],
      ['93817265', /only digits/],
    ] as const) {
      const error = await rejectionOf(vault.setPassword(weak, weak));
      expect([error.code, error.message]).toEqual(['WEAK_PASSWORD', expect.stringMatching(why)]);
    }
    const mismatch = await rejectionOf(vault.setPassword(TEST_PASSWORD, `${TEST_PASSWORD}!`));
    expect(mismatch.message).toMatch(/not the same/);
    await vault.setPassword(TEST_PASSWORD, TEST_PASSWORD);
    expect(await vault.state()).toBe('unlocked');
  });

  it("shows a 12 or 24 word phrase, checks three words naming a wrong one, derives m/44'/501'/N'/0'", async () => {
    const { vault, keychain, created } = await openTestVault();
    expect(vault.beginPhrase(24).words).toHaveLength(24);
    const { draft, words } = vault.beginPhrase(12);
    expect(words).toHaveLength(12);
    const phrase = words.join(' ');
    const wrong = await rejectionOf(
      vault.confirmPhrase(draft, [
        { position: 1, word: words[0]! },
        { position: 5, word: words[4] === 'zoo' ? 'abandon' : 'zoo' },
        { position: 9, word: words[8]! },
      ]),
    );
    expect([wrong.code, wrong.message]).toEqual([
      'PHRASE_CHECK_FAILED',
      expect.stringMatching(/^Word 5 is not word 5/),
    ]);
    const first = await vault.confirmPhrase(draft, [
      { position: 1, word: words[0]! },
      { position: 5, word: ` ${words[4]!.toUpperCase()} ` },
      { position: 9, word: words[8]! },
    ]);
    expect(first).toMatchObject({
      address: oracle(phrase, 0),
      kind: 'generated',
      walletPhrase: true,
      derivationPath: "m/44'/501'/0'/0'",
      label: 'Account 1',
    });
    // Create account: the next index of the same phrase.
    const second = await vault.create();
    expect([second.address, second.derivationPath]).toEqual([
      oracle(phrase, 1),
      "m/44'/501'/1'/0'",
    ]);
    // A draft is used once; a second phrase is refused while the wallet has one.
    expect((await rejectionOf(vault.confirmPhrase(draft, []))).code).toBe('PHRASE_CHECK_FAILED');
    expect(() => vault.beginPhrase(12)).toThrow(/has its recovery phrase already/);
    expect(created.map((c) => c.kind)).toEqual([
      'password',
      'secret-key',
      'recovery-phrase',
      'secret-key',
    ]);
    // The keychain holds only sealed items: no key, no word of the phrase.
    const items = await keychain.findCredentials();
    const id = items[0]!.account.split('.')[0]!;
    expect(id).toMatch(/^[0-9a-f]{12}$/);
    expect(items.map((i) => i.account).sort()).toEqual(
      ['check', 'phrase', first.address, second.address].map((n) => `${id}.g1:${n}`).sort(),
    );
    for (const { secret } of items) {
      expect(Object.keys(JSON.parse(secret)).sort()).toEqual([
        'N',
        'box',
        'kdf',
        'nonce',
        'p',
        'r',
        'salt',
        'v',
      ]);
      for (const c of created)
        expect(secret).not.toContain(c.value.split(' ').slice(0, 2).join(' '));
    }
  });

  it('signs only while unlocked; a wrong password says so; lock zeroes every opened buffer', async () => {
    const opened: Uint8Array[] = [];
    const { vault, reopen } = await openTestVault();
    const account = await firstAccount(vault);
    expect(vault.secretKeyOf(account.address)).toHaveLength(64);
    vault.lock();
    expect(await vault.state()).toBe('locked');
    expect(() => vault.secretKeyOf(account.address)).toThrow(/locked/);
    expect((await rejectionOf(vault.create())).code).toBe('LOCKED');

    const again = reopen();
    expect(await again.state()).toBe('locked');
    const wrong = await rejectionOf(again.unlock('not the password at all'));
    expect([wrong.code, wrong.message]).toEqual([
      'WRONG_PASSWORD',
      expect.stringMatching(/does not open this wallet/),
    ]);
    await again.unlock(TEST_PASSWORD);
    const key = again.secretKeyOf(account.address);
    expect(bs58.encode(key.subarray(32))).toBe(account.address);

    // With a spy on every buffer the sealed keys hold: all zero after lock.
    const { createVault } = await import('./vault');
    const { createAccountsFile } = await import('./accounts-file');
    const { TEST_KDF } = await import('../../test/fixtures/test-vault');
    const { keychain, dataDir } = await openTestVault().then(async (t) => {
      await firstAccount(t.vault);
      await t.vault.create();
      return t;
    });
    const spied = createVault({
      keychain,
      accountsFile: createAccountsFile(dataDir),
      kdf: TEST_KDF,
      onOpen: (buffer) => opened.push(buffer),
    });
    await spied.unlock(TEST_PASSWORD);
    expect(opened.length).toBe(4); // the key, the phrase, two accounts
    expect(opened.every((b) => b.some((x) => x !== 0))).toBe(true);
    spied.lock();
    expect(opened.every((b) => b.every((x) => x === 0))).toBe(true);
  });

  it('shows the phrase and exports a key only with the password; a Ledger account has nothing to export', async () => {
    const { vault } = await openTestVault();
    const { draft, words } = vault.beginPhrase(12);
    const account = await vault.confirmPhrase(
      draft,
      [3, 6, 12].map((position) => ({ position, word: words[position - 1]! })),
    );
    expect((await rejectionOf(vault.revealPhrase('wrong password here'))).code).toBe(
      'WRONG_PASSWORD',
    );
    expect(await vault.revealPhrase(TEST_PASSWORD)).toEqual(words);
    const exported = await vault.exportSecret(account.address, TEST_PASSWORD);
    expect(bs58.encode(bs58.decode(exported).subarray(32))).toBe(account.address);
    expect(
      (await rejectionOf(vault.exportSecret(account.address, 'wrong password here'))).code,
    ).toBe('WRONG_PASSWORD');
    const ledger = newSecretKeyText().address;
    await vault.addLedger([{ address: ledger, derivationPath: "m/44'/501'/0'" }]);
    const none = await rejectionOf(vault.exportSecret(ledger, TEST_PASSWORD));
    expect([none.code, none.message]).toEqual([
      'NOTHING_TO_EXPORT',
      expect.stringMatching(/never leaves the device/),
    ]);
  });

  it('imports keys and phrases as before, adopting the first phrase as the wallet phrase', async () => {
    const { vault } = await openTestVault();
    const key = newSecretKeyText();
    const [imported] = await vault.importSecret(key.text);
    expect(imported).toMatchObject({ address: key.address, kind: 'secret-key' });
    expect((await rejectionOf(vault.importSecret(key.text))).code).toBe('ACCOUNT_EXISTS');
    const phrase = generateMnemonic(wordlist, 128);
    recordSecret('recovery-phrase', phrase);
    const fromPhrase = await vault.importSecret(phrase, { accountIndexes: [0, 1] });
    expect(fromPhrase.map((a) => [a.address, a.walletPhrase])).toEqual([
      [oracle(phrase, 0), true],
      [oracle(phrase, 1), true],
    ]);
    expect(await vault.revealPhrase(TEST_PASSWORD)).toEqual(phrase.split(' '));
    expect((await vault.create()).address).toBe(oracle(phrase, 2));
    // A second phrase is imported as its accounts only.
    const other = generateMnemonic(wordlist, 128);
    recordSecret('recovery-phrase', other);
    const [otherAccount] = await vault.importSecret(other);
    expect(otherAccount).toMatchObject({ address: oracle(other, 0), kind: 'recovery-phrase' });
    expect(otherAccount!.walletPhrase).toBeUndefined();
  });

  it('goes back to a fresh wallet when the last account is removed', async () => {
    const { vault, keychain } = await openTestVault();
    const a = await firstAccount(vault);
    const b = await vault.create();
    await vault.remove(b.address);
    expect(keychain.size).toBe(3); // check, phrase, a
    expect(await vault.remove(a.address)).toEqual({ accounts: [], current: null });
    expect(await vault.state()).toBe('new');
    expect(keychain.size).toBe(0);
  });

  it('serialises concurrent changes: ten creates give ten accounts', async () => {
    const { vault } = await openTestVault();
    await firstAccount(vault);
    await Promise.all(Array.from({ length: 10 }, () => vault.create()));
    const paths = (await vault.list()).accounts.map((a) => a.derivationPath);
    expect(new Set(paths).size).toBe(11);
  });

  it('leaves the file untouched when the keychain is unavailable, and undoes the keychain when the file fails', async () => {
    const t = await openTestVault();
    await firstAccount(t.vault);
    t.keychain.unavailable = true;
    expect((await rejectionOf(t.vault.create())).code).toBe('KEYCHAIN_UNAVAILABLE');
    t.keychain.unavailable = false;
    expect((await t.vault.list()).accounts).toHaveLength(1);

    let fail = false;
    const broken = await openTestVault({
      wrapFile: (file) => ({
        ...file,
        write: async (data) => {
          if (fail) throw new WalletError('ACCOUNTS_FILE_UNWRITABLE', 'disk full');
          return file.write(data);
        },
      }),
    });
    await firstAccount(broken.vault);
    const before = broken.keychain.size;
    fail = true;
    expect((await rejectionOf(broken.vault.create())).code).toBe('ACCOUNTS_FILE_UNWRITABLE');
    expect(broken.keychain.size).toBe(before);
  });
});
