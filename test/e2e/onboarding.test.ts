/**
 * Onboarding end to end: the built renderer in Debian's Chromium on the web preview, with the
 * real main-process handlers, the real keychain daemon of the test run and the real sandbox.
 * Every address the page shows is checked against one computed here with tweetnacl, bs58,
 * @scure/bip39 and ed25519-hd-key, independently of the vault's own code.
 */
import bs58 from 'bs58';
import nacl from 'tweetnacl';
import { generateMnemonic, validateMnemonic } from '@scure/bip39';
import { wordlist } from '@scure/bip39/wordlists/english.js';
import { describe, expect, it } from 'vitest';
import { usePreviewSession } from '../harness/e2e-session';
import { recordSecret } from '../harness/secrets-log';
import {
  BASE58_ADDRESS,
  listAccounts,
  newKeypair,
  phraseAddress,
  screenshot,
  type AppPage,
} from './onboarding-helpers';

const session = usePreviewSession();

async function start(): Promise<AppPage> {
  const app = await session.openApp();
  await app.page.getByRole('heading', { name: 'Welcome to Swapdesk' }).waitFor();
  return app;
}

/** Opens the import form, pastes the secret, and submits. */
async function importSecret(a: AppPage, secret: string, count?: number): Promise<void> {
  await a.page.getByRole('button', { name: 'Import wallet' }).click();
  await a.page.getByRole('textbox', { name: 'Secret key or recovery phrase' }).fill(secret);
  if (count !== undefined) {
    await a.page.getByRole('spinbutton', { name: 'Accounts to import' }).fill(String(count));
  }
  await a.page.getByRole('button', { name: 'Import wallet' }).click();
}

describe('onboarding in Chromium', () => {
  it('creates a wallet whose address survives a reload', async () => {
    const { page } = await start();
    await screenshot(page, 'onboarding');
    await page.getByRole('button', { name: 'Create wallet' }).click();
    const address = page.getByRole('status', { name: 'Account address' });
    await address.waitFor();
    const shown = (await address.textContent())?.trim() ?? '';
    expect(shown).toMatch(BASE58_ADDRESS);
    expect(bs58.decode(shown)).toHaveLength(32);
    expect(await listAccounts(page)).toMatchObject({
      current: shown,
      accounts: [{ address: shown, kind: 'generated' }],
    });
    await screenshot(page, 'main-after-create');

    await page.reload();
    await expect
      .poll(async () =>
        (await page.getByRole('status', { name: 'Account address' }).textContent())?.trim(),
      )
      .toBe(shown);
    expect(await page.getByRole('button', { name: 'Create wallet' }).count()).toBe(0);
  });

  it('imports a base58 64-byte secret key and shows its address', async () => {
    const key = newKeypair();
    recordSecret('secret-key', key.base58Secret);
    const a = await start();
    await importSecret(a, key.base58Secret);
    await expect
      .poll(() => a.page.getByRole('status', { name: 'Account address' }).textContent())
      .toBe(key.address);
    expect((await listAccounts(a.page)).accounts).toMatchObject([
      { address: key.address, kind: 'secret-key' },
    ]);
    // The secret is gone from the page once imported.
    expect(await a.page.content()).not.toContain(key.base58Secret);
  });

  it('imports a Solana CLI keypair file (JSON array) and shows its address', async () => {
    const key = newKeypair();
    recordSecret('keypair-json', key.jsonArray);
    const a = await start();
    await importSecret(a, key.jsonArray);
    await expect
      .poll(() => a.page.getByRole('status', { name: 'Account address' }).textContent())
      .toBe(key.address);
    expect((await listAccounts(a.page)).accounts).toMatchObject([
      { address: key.address, kind: 'cli-keypair' },
    ]);
  });

  it("imports a recovery phrase with two accounts on m/44'/501'/N'/0'", async () => {
    const phrase = generateMnemonic(wordlist, 128);
    recordSecret('recovery-phrase', phrase);
    const first = phraseAddress(phrase, 0);
    const second = phraseAddress(phrase, 1);
    const a = await start();
    await importSecret(a, phrase, 2);
    await expect
      .poll(() => a.page.getByRole('status', { name: 'Account address' }).textContent())
      .toBe(first);
    const { accounts } = await listAccounts(a.page);
    expect(accounts.map((x) => [x.address, x.derivationPath])).toEqual([
      [first, "m/44'/501'/0'/0'"],
      [second, "m/44'/501'/1'/0'"],
    ]);
    // Both are in the header's account switcher.
    const options = await a.page
      .getByRole('combobox', { name: 'Current account' })
      .locator('option')
      .evaluateAll((nodes) => nodes.map((n) => (n as unknown as { value: string }).value));
    expect(options).toEqual([first, second]);
  });

  it('shows a clear error for a malformed secret key and creates nothing', async () => {
    // 63 bytes: one short of a secret key, the kind of thing a bad copy produces.
    const malformed = bs58.encode(nacl.randomBytes(63));
    recordSecret('other', malformed);
    const a = await start();
    await importSecret(a, malformed);
    const alert = a.page.getByRole('alert').filter({ hasText: /\S/ });
    await alert.waitFor();
    expect((await alert.textContent())?.length).toBeGreaterThan(20);
    expect(await alert.textContent()).not.toContain(malformed);
    expect(
      await a.page.getByRole('textbox', { name: 'Secret key or recovery phrase' }).inputValue(),
    ).toBe('');
    expect((await listAccounts(a.page)).accounts).toEqual([]);
    await screenshot(a.page, 'onboarding-import-error');
  });

  it('shows a clear error for a recovery phrase with a bad checksum and creates nothing', async () => {
    const words = generateMnemonic(wordlist, 128).split(' ');
    // Replace the last word until the checksum fails: 15 in 16 words do.
    let bad = '';
    for (const candidate of wordlist) {
      bad = [...words.slice(0, 11), candidate].join(' ');
      if (!validateMnemonic(bad, wordlist)) break;
    }
    recordSecret('recovery-phrase', bad);
    const a = await start();
    await importSecret(a, bad);
    const alert = a.page.getByRole('alert').filter({ hasText: /\S/ });
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/checksum/i);
    expect((await listAccounts(a.page)).accounts).toEqual([]);
    expect(await a.page.getByRole('heading', { name: 'Import a wallet' }).isVisible()).toBe(true);
  });
});
