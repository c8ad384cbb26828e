/**
 * The vault: accounts that can sign. Secrets (base58 of the 64-byte secret key) live only in
 * the OS keychain under the account's address; the public list lives in the accounts file.
 * A Ledger account has no secret here at all: the file keeps its address, path and kind, and
 * nothing of it goes to the keychain (issue 17).
 *
 * Write order, so a failure never leaves half an account: keychain first, then the file. If the
 * keychain fails, the file is not touched; if the file write fails, the keychain entries just
 * written are deleted again. Mutations run one at a time (a promise queue), so two quick clicks
 * cannot interleave read-modify-write of the file. Nothing here logs, and no message carries
 * the text a person pasted.
 */
import type { AccountKind, AccountsState, AccountSummary } from '../../preload/api-types';
import type { Keychain } from '../keychain/keychain';
import { keychainUnavailable } from '../keychain/keychain-errors';
import { WalletError, isWalletError } from '../shared/errors';
import { cleanLabel, newLabels, shortAddress } from './account-labels';
import { createAccountsFile, type AccountsFile, type AccountsFileData } from './accounts-file';
import {
  addressOfSecretKey,
  encodeStoredSecret,
  generateKeypair,
  keypairFromSeed,
} from './keypair';
import { phraseToSeed } from './recovery-phrase';
import { parseSecretInput } from './secret-input';
import { slip10Derive, solanaDerivationPath } from './slip10';

/** A secret the vault has just put in the keychain, as given to `onSecretCreated`. */
export interface CreatedSecret {
  address: string;
  kind: AccountKind;
  /** Base58 of the 64-byte secret key. */
  secretKey: string;
}

export interface VaultOptions {
  keychain: Keychain;
  /** Folder of the accounts file (`accounts.json`); or pass `accountsFile` instead. */
  dataDir?: string;
  accountsFile?: AccountsFile;
  /** Clock for `createdAt`. */
  now?: () => Date;
  /** 32 random bytes for a new keypair; tweetnacl's CSPRNG by default. */
  randomSeed?: () => Uint8Array;
  /**
   * TEST COMPOSITION ONLY: told about every secret key the vault stores (generated, imported
   * or derived from a phrase), so the test harness can record it for the leak check. The app
   * and the web preview never pass it.
   */
  onSecretCreated?: (secret: CreatedSecret) => void;
}

export interface ImportOptions {
  label?: string;
  /** For a recovery phrase: the N of m/44'/501'/N'/0' (default [0]); ignored for a key. */
  accountIndexes?: number[];
  /** For a recovery phrase: the optional BIP39 passphrase (empty by default). */
  passphrase?: string;
}

/** A Ledger account to add: the address the device answered at `derivationPath`. */
export interface LedgerAccountInput {
  address: string;
  derivationPath: string;
  label?: string;
}

export interface Vault {
  list(): Promise<AccountsState>;
  /** Adds Ledger accounts (the file only: a Ledger account has no secret to store). */
  addLedger(entries: LedgerAccountInput[]): Promise<AccountSummary[]>;
  create(options?: { label?: string }): Promise<AccountSummary>;
  importSecret(text: string, options?: ImportOptions): Promise<AccountSummary[]>;
  rename(address: string, label: string): Promise<AccountSummary>;
  remove(address: string): Promise<AccountsState>;
  select(address: string): Promise<AccountsState>;
}

/** A keypair on its way into the vault. */
interface NewKey {
  address: string;
  secretKey: Uint8Array;
  kind: AccountKind;
  derivationPath?: string;
}

function stateOf(data: AccountsFileData): AccountsState {
  const current = data.accounts.some((a) => a.address === data.current)
    ? data.current
    : (data.accounts[0]?.address ?? null);
  return { accounts: data.accounts, current };
}

function notFound(address: string): WalletError {
  return new WalletError(
    'ACCOUNT_NOT_FOUND',
    `There is no account ${shortAddress(address)} in this wallet. Refresh the account list and try again.`,
  );
}

/** Keychain implementations other than ours may throw plain errors: give them our code. */
function asKeychainError(error: unknown): unknown {
  return isWalletError(error) ? error : keychainUnavailable(error);
}

function accountsFileOf(options: VaultOptions): AccountsFile {
  if (options.accountsFile) return options.accountsFile;
  if (options.dataDir !== undefined) return createAccountsFile(options.dataDir);
  throw new Error('createVault: pass dataDir or accountsFile');
}

/**
 * Opens the vault on a keychain and a data folder. Nothing is read until the first call.
 *
 * @example
 * const vault = createVault({ keychain: createKeytarKeychain('swapdesk'), dataDir });
 * const [account] = await vault.importSecret(pastedText);
 */
export function createVault(options: VaultOptions): Vault {
  const { keychain } = options;
  const file = accountsFileOf(options);
  const now = options.now ?? (() => new Date());

  let queue: Promise<unknown> = Promise.resolve();
  function exclusive<T>(run: () => Promise<T>): Promise<T> {
    const result = queue.then(run, run);
    queue = result.catch(() => undefined);
    return result;
  }

  async function forget(addresses: string[]): Promise<void> {
    // Best effort: this runs while another error is already on its way to the caller.
    await Promise.all(addresses.map((address) => keychain.delete(address).catch(() => false)));
  }

  /** ACCOUNT_EXISTS when any of `addresses` is in the wallet already. */
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
  async function addAccounts(keys: NewKey[], label?: string): Promise<AccountSummary[]> {
    try {
      const data = await file.read();
      refuseExisting(
        data,
        keys.map((k) => k.address),
      );
      const labels = newLabels(data.accounts, keys.length, label);
      const createdAt = now().toISOString();
      const added: AccountSummary[] = keys.map((key, i) => ({
        address: key.address,
        label: labels[i]!,
        kind: key.kind,
        ...(key.derivationPath !== undefined ? { derivationPath: key.derivationPath } : {}),
        createdAt,
      }));

      const stored: string[] = [];
      try {
        for (const key of keys) {
          await keychain.set(key.address, encodeStoredSecret(key.secretKey));
          stored.push(key.address);
        }
      } catch (error) {
        await forget(stored);
        throw asKeychainError(error);
      }
      try {
        await file.write({
          version: 1,
          accounts: [...data.accounts, ...added],
          current: added[0]!.address,
        });
      } catch (error) {
        await forget(stored);
        throw error;
      }
      for (const key of keys) {
        options.onSecretCreated?.({
          address: key.address,
          kind: key.kind,
          secretKey: encodeStoredSecret(key.secretKey),
        });
      }
      return added;
    } finally {
      for (const key of keys) key.secretKey.fill(0);
    }
  }

  function keysFromText(text: string, opts: ImportOptions): NewKey[] {
    const input = parseSecretInput(text);
    if (input.kind !== 'recovery-phrase') {
      // parseSecretInput has checked that the public half belongs to the private half.
      const address = addressOfSecretKey(input.secretKey);
      return [{ address, secretKey: input.secretKey, kind: input.kind }];
    }
    const seed = phraseToSeed(input.phrase, opts.passphrase);
    try {
      const indexes = [...new Set(opts.accountIndexes ?? [0])];
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

  return {
    async list() {
      return stateOf(await file.read());
    },

    addLedger(entries) {
      return exclusive(async () => {
        const data = await file.read();
        refuseExisting(
          data,
          entries.map((e) => e.address),
        );
        const defaults = newLabels(data.accounts, entries.length);
        const createdAt = now().toISOString();
        const added: AccountSummary[] = entries.map((entry, i) => ({
          address: entry.address,
          label: entry.label !== undefined ? cleanLabel(entry.label) : defaults[i]!,
          kind: 'ledger',
          derivationPath: entry.derivationPath,
          createdAt,
        }));
        await file.write({
          version: 1,
          accounts: [...data.accounts, ...added],
          current: added[0]?.address ?? data.current,
        });
        return added;
      });
    },

    create(opts = {}) {
      return exclusive(async () => {
        const pair = generateKeypair(options.randomSeed);
        const [account] = await addAccounts([{ ...pair, kind: 'generated' }], opts.label);
        return account!;
      });
    },

    importSecret(text, opts = {}) {
      return exclusive(async () => addAccounts(keysFromText(text, opts), opts.label));
    },

    rename(address, label) {
      return exclusive(async () => {
        const clean = cleanLabel(label);
        const data = await file.read();
        const account = data.accounts.find((a) => a.address === address);
        if (!account) throw notFound(address);
        const renamed = { ...account, label: clean };
        await file.write({
          ...data,
          accounts: data.accounts.map((a) => (a.address === address ? renamed : a)),
        });
        return renamed;
      });
    },

    remove(address) {
      return exclusive(async () => {
        const data = await file.read();
        const account = data.accounts.find((a) => a.address === address);
        if (!account) throw notFound(address);
        // A Ledger account never had a keychain entry: only its line in the file goes.
        const hasSecret = account.kind === 'ledger' ? false : await hasKeychainEntry(address);
        const remaining = data.accounts.filter((a) => a.address !== address);
        const next: AccountsFileData = {
          version: 1,
          accounts: remaining,
          current: data.current === address ? (remaining[0]?.address ?? null) : data.current,
        };
        // File first, then the keychain: if the keychain refuses, the file is put back, so the
        // account is never listed without its key nor its key left behind unlisted.
        await file.write(next);
        if (hasSecret) {
          let deleted = false;
          try {
            deleted = await keychain.delete(address);
          } catch (error) {
            await file.write(data).catch(() => undefined);
            throw asKeychainError(error);
          }
          if (!deleted) {
            await file.write(data).catch(() => undefined);
            throw keychainUnavailable(new Error('keychain entry is locked'));
          }
        }
        return stateOf(next);
      });
    },

    select(address) {
      return exclusive(async () => {
        const data = await file.read();
        if (!data.accounts.some((a) => a.address === address)) throw notFound(address);
        const next = { ...data, current: address };
        await file.write(next);
        return stateOf(next);
      });
    },
  };

  /**
   * Whether the keychain holds `address`. A locked gnome-keyring answers "no entry" instead of
   * failing, so a missing entry is confirmed by a write probe, which does fail when locked.
   */
  async function hasKeychainEntry(address: string): Promise<boolean> {
    try {
      if ((await keychain.get(address)) !== null) return true;
      const probe = `swapdesk-probe-${address}`;
      await keychain.set(probe, 'probe');
      await keychain.delete(probe);
      return false;
    } catch (error) {
      throw asKeychainError(error);
    }
  }
}
