/**
 * Nothing is lost when a password change, an upgrade of an earlier version's vault or a restore
 * stops half way (issue 24). "Stops" is the process dying: the keychain fails from one write on
 * (what a killed process does next), the vault object is thrown away, and a new vault opens the
 * same keychain and folder, as the app does when it starts again. The real kill of a separate
 * process is in test/integration/vault-interrupted.test.ts.
 */
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Keychain } from '../keychain/keychain';
import { TEST_PASSWORD, firstAccount, openTestVault } from '../../test/fixtures/test-vault';
import { recordSecret } from '../../test/harness/secrets-log';
import { rejectionOf } from '../../test/fixtures/wallet-error';

const NEW_PASSWORD = 'test-only: second lantern 77';
recordSecret('password', NEW_PASSWORD);

/** `keychain`, dying after `writes` more successful sets (and deletes failing from then on). */
function dyingAfter(keychain: Keychain, writes: number): Keychain {
  let left = writes;
  const die = () => {
    throw new Error('killed');
  };
  return {
    ...keychain,
    get: (account) => keychain.get(account),
    findCredentials: () => keychain.findCredentials(),
    set: async (account, secret) => (left-- > 0 ? keychain.set(account, secret) : die()),
    delete: async (account) => (left > 0 ? keychain.delete(account) : die()),
  };
}

/** A vault with a phrase account, a second one, and an imported key. */
async function walletWithThree() {
  const t = await openTestVault();
  const a = await firstAccount(t.vault);
  const b = await t.vault.create();
  const pair = nacl.sign.keyPair();
  recordSecret('secret-key', bs58.encode(pair.secretKey));
  const [c] = await t.vault.importSecret(bs58.encode(pair.secretKey));
  return { ...t, addresses: [a.address, b.address, c!.address] };
}

async function signsFor(vault: import('./vault').Vault, addresses: string[]): Promise<boolean> {
  return addresses.every((address) => {
    const key = vault.secretKeyOf(address);
    const ok = bs58.encode(key.subarray(32)) === address;
    key.fill(0);
    return ok;
  });
}

/**
 * The vault restarted: `refused` is the wrong password, `opens` opens every account, and the
 * keychain holds only items of sealing generation `generation` (the other's were swept).
 */
async function restartedOpening(
  t: Awaited<ReturnType<typeof walletWithThree>>,
  opens: string,
  refused: string,
  generation: 1 | 2,
) {
  const restarted = t.reopen();
  expect((await rejectionOf(restarted.unlock(refused))).code).toBe('WRONG_PASSWORD');
  await restarted.unlock(opens);
  expect(await signsFor(restarted, t.addresses)).toBe(true);
  const names = (await t.keychain.findCredentials()).map((c) => c.account);
  const current = new RegExp(`^[0-9a-f]{12}\\.g${generation}:`);
  expect(names.every((n) => current.test(n))).toBe(true);
  return restarted;
}

describe('interrupted steps lose nothing', () => {
  it.each([1, 2, 3, 4])(
    'a password change killed after %i keychain writes: the old password still opens everything',
    async (writes) => {
      const t = await walletWithThree();
      const dying = t.reopen(dyingAfter(t.keychain, writes));
      await dying.unlock(TEST_PASSWORD);
      await expect(
        dying.changePassword(TEST_PASSWORD, NEW_PASSWORD, NEW_PASSWORD),
      ).rejects.toThrow();
      // What the killed change wrote is swept at the unlock.
      const restarted = await restartedOpening(t, TEST_PASSWORD, NEW_PASSWORD, 1);
      // And the change, done again, goes through.
      await restarted.changePassword(TEST_PASSWORD, NEW_PASSWORD, NEW_PASSWORD);
      const after = t.reopen();
      await after.unlock(NEW_PASSWORD);
      expect(await signsFor(after, t.addresses)).toBe(true);
    },
  );

  it('a password change killed after its commit: the new password opens everything, old items swept', async () => {
    const t = await walletWithThree();
    // 5 writes = check + phrase + three keys of generation 2; the deletes of generation 1 die.
    const dying = t.reopen(dyingAfter(t.keychain, 5));
    await dying.unlock(TEST_PASSWORD);
    await dying.changePassword(TEST_PASSWORD, NEW_PASSWORD, NEW_PASSWORD);
    expect((await t.keychain.findCredentials()).some((c) => /\.g1:/.test(c.account))).toBe(true);
    await restartedOpening(t, NEW_PASSWORD, TEST_PASSWORD, 2);
  });

  it("an earlier version's vault asks for a password, and an upgrade killed half way loses nothing", async () => {
    const t = await openTestVault({ password: false });
    // The vault as earlier versions left it: raw base58 secrets under bare addresses.
    const accounts = Array.from({ length: 3 }, (_, i) => {
      const pair = nacl.sign.keyPair();
      const secret = bs58.encode(pair.secretKey);
      recordSecret('secret-key', secret);
      return { address: bs58.encode(pair.publicKey), secret, label: `Old ${i + 1}` };
    });
    for (const a of accounts) await t.keychain.set(a.address, a.secret);
    writeFileSync(
      join(t.dataDir, 'accounts.json'),
      JSON.stringify({
        version: 1,
        current: accounts[0]!.address,
        accounts: accounts.map((a) => ({
          address: a.address,
          label: a.label,
          kind: 'generated',
          createdAt: '2025-01-01T00:00:00.000Z',
        })),
      }),
    );
    for (const writes of [0, 1, 2, 3]) {
      const dying = t.reopen(dyingAfter(t.keychain, writes));
      expect(await dying.state()).toBe('upgrade');
      expect((await rejectionOf(dying.unlock(TEST_PASSWORD))).code).toBe('UPGRADE_REQUIRED');
      await expect(dying.upgrade(TEST_PASSWORD, TEST_PASSWORD)).rejects.toThrow();
      // Still the old vault: every raw secret where it was.
      for (const a of accounts) expect(await t.keychain.get(a.address)).toBe(a.secret);
    }
    // Killed after the commit (4 writes: check and three keys), before the raw items went.
    const dying = t.reopen(dyingAfter(t.keychain, 4));
    await dying.upgrade(TEST_PASSWORD, TEST_PASSWORD);
    const restarted = t.reopen();
    expect(await restarted.state()).toBe('locked');
    await restarted.unlock(TEST_PASSWORD);
    expect(
      await signsFor(
        restarted,
        accounts.map((a) => a.address),
      ),
    ).toBe(true);
    // The raw secrets are gone now; only sealed items remain.
    const items = await t.keychain.findCredentials();
    expect(items.map((i) => i.account).every((n) => /^[0-9a-f]{12}\.g1:/.test(n))).toBe(true);
    for (const a of accounts) expect(items.some((i) => i.secret.includes(a.secret))).toBe(false);
    expect((await restarted.list()).accounts.map((a) => a.walletPhrase)).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('Restore from recovery phrase names what it cannot bring back, then replaces the vault', async () => {
    const t = await walletWithThree();
    const words = await t.vault.revealPhrase(TEST_PASSWORD);
    const ledger = bs58.encode(nacl.sign.keyPair().publicKey);
    await t.vault.addLedger([{ address: ledger, derivationPath: "m/44'/501'/0'", label: 'Nano' }]);
    t.vault.lock();
    const forgot = t.reopen();
    const plan = await forgot.restorePlan(words.join(' '));
    expect(plan.keeps.map((a) => a.address)).toEqual([t.addresses[0], t.addresses[1], ledger]);
    expect(plan.loses).toEqual([
      {
        label: 'Account 3',
        address: t.addresses[2],
        reason: expect.stringMatching(/no recovery phrase/),
      },
    ]);
    // A restore killed before its commit changes nothing.
    const dying = t.reopen(dyingAfter(t.keychain, 2));
    await expect(dying.restore(words.join(' '), NEW_PASSWORD, NEW_PASSWORD)).rejects.toThrow();
    await t.reopen().unlock(TEST_PASSWORD);
    // Done again, it goes through: the new password opens the phrase accounts.
    await forgot.restore(words.join(' '), NEW_PASSWORD, NEW_PASSWORD);
    const restarted = t.reopen();
    expect((await rejectionOf(restarted.unlock(TEST_PASSWORD))).code).toBe('WRONG_PASSWORD');
    await restarted.unlock(NEW_PASSWORD);
    expect(await signsFor(restarted, t.addresses.slice(0, 2))).toBe(true);
    expect((await restarted.list()).accounts.map((a) => a.address)).toEqual([
      t.addresses[0],
      t.addresses[1],
      ledger,
    ]);
    expect(await restarted.revealPhrase(NEW_PASSWORD)).toEqual(words);
  });

  it('refuses a phrase with an unknown word or a bad checksum, naming the word by position', async () => {
    const t = await openTestVault();
    const words =
      'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about'.split(
        ' ',
      );
    const unknown = [...words];
    unknown[3] = 'abandonn';
    const error = await rejectionOf(t.vault.restorePlan(unknown.join(' ')));
    expect([error.code, error.message]).toEqual([
      'INVALID_RECOVERY_PHRASE',
      expect.stringMatching(/^Word 4 is not in the BIP39/),
    ]);
    const swapped = [...words.slice(0, 10), 'about', 'abandon'];
    expect((await rejectionOf(t.vault.importSecret(swapped.join(' ')))).message).toMatch(
      /checksum/,
    );
  });
});
