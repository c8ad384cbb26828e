/**
 * What the vault's methods share (vault.ts composes them): the accounts file, the sealed keys,
 * the phrase drafts, the one-at-a-time queue, and adding accounts keychain first, file second.
 */
import type { AccountKind, AccountSummary } from '../../preload/api-types';
import { WalletError } from '../shared/errors';
import { newLabels, shortAddress } from './account-labels';
import { createAccountsFile, type AccountsFile, type AccountsFileData } from './accounts-file';
import { encodeStoredSecret, keypairFromSeed } from './keypair';
import { createPhraseDrafts, type PhraseDrafts } from './phrase-drafts';
import { phraseToSeed } from './recovery-phrase';
import { createSealedKeys, PHRASE_ITEM, type SealedKeys } from './sealed-keys';
import { slip10Derive, solanaDerivationPath } from './slip10';
import * as states from './vault-state';
import { deriveAccount, phraseWords } from './wallet-phrase';
import type { VaultOptions } from './vault-types';

export interface NewKey {
  address: string;
  secretKey: Uint8Array;
  kind: AccountKind;
  derivationPath?: string;
  walletPhrase?: true;
}

export interface VaultCore {
  options: VaultOptions;
  file: AccountsFile;
  keys: SealedKeys;
  drafts: PhraseDrafts;
  now: () => Date;
  tell: VaultOptions['onSecretCreated'];
  exclusive<T>(run: () => Promise<T>): Promise<T>;
  /** The file, refusing unless the vault is unlocked. */
  openData(): Promise<AccountsFileData>;
  refuseExisting(data: AccountsFileData, addresses: string[]): void;
  addAccounts(newKeys: NewKey[], label?: string, phrase?: Uint8Array): Promise<AccountSummary[]>;
  /** WRONG_PASSWORD unless `password` is the wallet's. */
  checkPassword(password: string): Promise<void>;
  hasPhrase(): boolean;
}

function accountsFileOf(options: VaultOptions): AccountsFile {
  if (options.accountsFile) return options.accountsFile;
  if (options.dataDir !== undefined) return createAccountsFile(options.dataDir);
  throw new Error('createVault: pass dataDir or accountsFile');
}

export function createVaultCore(options: VaultOptions): VaultCore {
  const file = accountsFileOf(options);
  const now = options.now ?? (() => new Date());
  const keys = createSealedKeys({
    keychain: options.keychain,
    ...(options.kdf ? { kdf: options.kdf } : {}),
    ...(options.onOpen ? { onOpen: options.onOpen } : {}),
  });
  const drafts = createPhraseDrafts(() => now().getTime());
  const tell = options.onSecretCreated;

  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(run: () => Promise<T>): Promise<T> {
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  }

  /** The file, refusing unless the vault is unlocked. */
  async function openData(): Promise<AccountsFileData> {
    const data = await file.read();
    if (states.isLegacy(data)) throw states.upgradeRequired();
    if (data.sealing === null) throw states.passwordRequired();
    if (!keys.isOpen()) keys.copy('-'); // throws LOCKED
    return data;
  }

  function refuseExisting(data: AccountsFileData, addresses: string[]): void {
    const already = data.accounts.filter((a) => addresses.includes(a.address));
    if (already.length === 0) return;
    const names = already.map((a) => `"${a.label}" (${shortAddress(a.address)})`).join(', ');
    throw new WalletError(
      'ACCOUNT_EXISTS',
      already.length === 1 && addresses.length === 1
        ? `This account is already in the wallet as ${names}. Nothing was imported.`
        : `Already in the wallet: ${names}. Nothing was imported; choose other account numbers.`,
    );
  }

  /** Keychain first, then the file; undoes the keychain writes when anything fails. */
  async function addAccounts(
    newKeys: NewKey[],
    label?: string,
    phrase?: Uint8Array,
  ): Promise<AccountSummary[]> {
    try {
      const data = await openData();
      refuseExisting(
        data,
        newKeys.map((k) => k.address),
      );
      const labels = newLabels(data.accounts, newKeys.length, label);
      const createdAt = now().toISOString();
      const added: AccountSummary[] = newKeys.map((key, i) => ({
        address: key.address,
        label: labels[i]!,
        kind: key.kind,
        ...(key.derivationPath !== undefined ? { derivationPath: key.derivationPath } : {}),
        ...(key.walletPhrase ? { walletPhrase: true as const } : {}),
        createdAt,
      }));
      const stored: string[] = [];
      try {
        if (phrase) {
          await keys.put(PHRASE_ITEM, phrase);
          stored.push(PHRASE_ITEM);
        }
        for (const key of newKeys) {
          await keys.put(key.address, key.secretKey);
          stored.push(key.address);
        }
        await file.write({
          ...data,
          accounts: [...data.accounts, ...added],
          current: added[0]!.address,
        });
      } catch (error) {
        await Promise.all(stored.map((name) => keys.remove(name).catch(() => false)));
        throw error;
      }
      for (const key of newKeys) {
        const secretKey = encodeStoredSecret(key.secretKey);
        tell?.({ kind: 'secret-key', value: secretKey });
      }
      if (phrase) tell?.({ kind: 'recovery-phrase', value: phraseWords(phrase).join(' ') });
      return added;
    } finally {
      for (const key of newKeys) key.secretKey.fill(0);
    }
  }

  async function checkPassword(password: string): Promise<void> {
    await openData();
    if (!(await keys.verify(password))) {
      throw new WalletError(
        'WRONG_PASSWORD',
        'That is not the wallet password. Nothing was shown; try again.',
      );
    }
  }

  return {
    options,
    file,
    keys,
    drafts,
    now,
    tell,
    exclusive,
    openData,
    refuseExisting,
    addAccounts,
    checkPassword,
    hasPhrase() {
      const phrase = keys.isOpen() ? keys.copy(PHRASE_ITEM) : null;
      phrase?.fill(0);
      return phrase !== null;
    },
  };
}

/** Accounts `indexes` of the wallet's own phrase (`entropy`), as imported. */
export function walletPhraseKeys(entropy: Uint8Array, indexes: number[]): NewKey[] {
  return indexes.map((index) => ({
    ...deriveAccount(entropy, index),
    kind: 'recovery-phrase' as const,
    walletPhrase: true as const,
  }));
}

/** Accounts of a phrase the wallet does not keep (another phrase, or with a passphrase). */
export function importedPhraseKeys(
  phrase: string,
  indexes: number[],
  passphrase?: string,
): NewKey[] {
  const seed = phraseToSeed(phrase, passphrase);
  try {
    return indexes.map((index) => {
      const derivationPath = solanaDerivationPath(index);
      const node = slip10Derive(seed, derivationPath);
      const pair = keypairFromSeed(node.key);
      node.key.fill(0);
      node.chainCode.fill(0);
      return { ...pair, kind: 'recovery-phrase' as const, derivationPath };
    });
  } finally {
    seed.fill(0);
  }
}
