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
import { recordSecret, type SecretKind } from '../harness/secrets-log';
import { startPreview } from '../harness/preview';
import {
  BASE58_ADDRESS,
  E2E_PASSWORD,
  createWallet,
  openApp,
  removeAllAccounts,
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

/**
 * Imports `secret` (recorded for the leak check as `logged`) on a fresh app, and expects the
 * address shown and the one account listed to be `address`, of `kind`.
 */
async function importsOneAccount(
  address: string,
  secret: string,
  kind: string,
  logged: SecretKind,
): Promise<AppPage> {
  recordSecret(logged, secret);
  const a = await start();
  await importSecret(a, secret);
  await expect
    .poll(() => a.page.getByRole('status', { name: 'Account address' }).textContent())
    .toBe(address);
  expect((await listAccounts(a.page)).accounts).toMatchObject([{ address, kind }]);
  return a;
}

/**
 * Opens the import form (setting the password first on a wallet that has none), pastes the
 * secret, and submits.
 */
async function importSecret(a: AppPage, secret: string, count?: number): Promise<void> {
  await a.page.getByRole('button', { name: 'Import wallet' }).click();
  const form = a.page.getByRole('textbox', { name: 'Secret key or recovery phrase' });
  const choose = a.page.getByRole('heading', { name: 'Choose a password' });
  await choose.or(form).first().waitFor();
  if (await choose.isVisible()) {
    await a.page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD);
    await a.page.getByLabel('Confirm password').fill(E2E_PASSWORD);
    await a.page.getByRole('button', { name: 'Set password' }).click();
  }
  await a.page.getByRole('textbox', { name: 'Secret key or recovery phrase' }).fill(secret);
  if (count !== undefined) {
    await a.page.getByRole('spinbutton', { name: 'Accounts to import' }).fill(String(count));
  }
  await a.page.getByRole('button', { name: 'Import wallet' }).click();
}

describe('onboarding in Chromium', () => {
  it("creates a wallet: phrase shown, three words checked, password set; the address is the phrase's", async () => {
    const { page } = await start();
    await screenshot(page, 'onboarding');
    await page.getByRole('button', { name: 'Create wallet' }).click();
    const list = page.getByRole('list', { name: 'Recovery phrase' });
    await list.waitFor();
    expect(await page.getByRole('note').textContent()).toMatch(/only backup of your wallet/);
    await screenshot(page, 'onboarding-phrase');
    // createWallet reads the same phrase again from the page and finishes the steps.
    await page.getByRole('button', { name: 'Cancel' }).click();
    const words = await createWallet(page);
    const shown =
      (await page.getByRole('status', { name: 'Account address' }).textContent())?.trim() ?? '';
    expect(shown).toMatch(BASE58_ADDRESS);
    expect(shown).toBe(phraseAddress(words.join(' '), 0));
    expect(await listAccounts(page)).toMatchObject({
      current: shown,
      accounts: [
        {
          address: shown,
          kind: 'generated',
          walletPhrase: true,
          derivationPath: "m/44'/501'/0'/0'",
        },
      ],
    });
    // Nothing of the phrase stays on the page.
    expect(await page.content()).not.toContain(words.slice(0, 4).join(' '));
    await screenshot(page, 'main-after-create');

    // Reloaded before any navigation: the bridge token is in the page address's fragment.
    await page.reload();
    await expect
      .poll(async () =>
        (await page.getByRole('status', { name: 'Account address' }).textContent())?.trim(),
      )
      .toBe(shown);
    expect(await page.getByRole('button', { name: 'Create wallet' }).count()).toBe(0);

    // Create account: the next index of the same phrase.
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Created Account 2.').waitFor();
    expect((await listAccounts(page)).accounts.map((a) => a.address)).toEqual([
      shown,
      phraseAddress(words.join(' '), 1),
    ]);
  });

  it('restores the phrase in a fresh data folder, and a key exported there imports elsewhere', async () => {
    const { page } = await start();
    const words = await createWallet(page);
    const address = (
      await page.getByRole('status', { name: 'Account address' }).textContent()
    )?.trim();
    // Export secret key: a warning, the password again, then the key (hidden after 60 s).
    await page.getByRole('link', { name: 'Accounts' }).click();
    await page.getByRole('button', { name: 'Export secret key' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.getByRole('note').textContent()).toMatch(/full control of this account/);
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Show secret key' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: /not the wallet password/ })
      .waitFor();
    await dialog.getByLabel('Password').fill(E2E_PASSWORD);
    await dialog.getByRole('button', { name: 'Show secret key' }).click();
    const exported = (await dialog.getByLabel('Secret key').textContent())?.trim() ?? '';
    recordSecret('secret-key', exported);
    await dialog.getByRole('button', { name: 'Done' }).click();
    // Show recovery phrase: the same words.
    await page.getByRole('button', { name: 'Show recovery phrase' }).click();
    await page.getByRole('dialog').getByLabel('Password').fill(E2E_PASSWORD);
    await page.getByRole('dialog').getByRole('button', { name: 'Show recovery phrase' }).click();
    await page.getByRole('dialog').getByRole('list', { name: 'Recovery phrase' }).waitFor();
    const shownWords = await page
      .getByRole('dialog')
      .getByRole('list', { name: 'Recovery phrase' })
      .locator('code')
      .allTextContents();
    expect(shownWords).toEqual(words);
    await page.getByRole('dialog').getByRole('button', { name: 'Done' }).click();

    const elsewhere = await startPreview();
    try {
      const other = await openApp(session.browser, elsewhere);
      await other.page.getByRole('heading', { name: 'Welcome to Swapdesk' }).waitFor();
      await importSecret(other, words.join(' '));
      await expect
        .poll(() => other.page.getByRole('status', { name: 'Account address' }).textContent())
        .toBe(address);
      await removeAllAccounts(other.page);
      await other.page.reload();
      await other.page.getByRole('heading', { name: 'Welcome to Swapdesk' }).waitFor();
      await importSecret(other, exported);
      await expect
        .poll(() => other.page.getByRole('status', { name: 'Account address' }).textContent())
        .toBe(address);
      expect(other.problems).toEqual([]);
      await removeAllAccounts(other.page);
      await other.page.context().close();
    } finally {
      await elsewhere.stop();
    }
  });

  it('imports a base58 64-byte secret key and shows its address', async () => {
    const key = newKeypair();
    const a = await importsOneAccount(key.address, key.base58Secret, 'secret-key', 'secret-key');
    // The secret is gone from the page once imported.
    expect(await a.page.content()).not.toContain(key.base58Secret);
  });

  it('imports a Solana CLI keypair file (JSON array) and shows its address', async () => {
    const key = newKeypair();
    await importsOneAccount(key.address, key.jsonArray, 'cli-keypair', 'keypair-json');
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
