/** The vault's public types (vault.ts composes the methods; see its comment). */
import type { AccountsState, AccountSummary } from '../../preload/api-types';
import type { Keychain } from '../keychain/keychain';
import type { AccountsFile } from './accounts-file';
import type { KdfParams } from './seal';
import type { RestorePlan } from './vault-restore';
import type * as states from './vault-state';

/**
 * A secret the vault has just been given or made, as told to `onSecretCreated` (test runs
 * only): a secret key (base58 of its 64 bytes), a recovery phrase, or a password.
 */
export interface CreatedSecret {
  kind: 'secret-key' | 'recovery-phrase' | 'password';
  value: string;
}

export interface VaultOptions {
  keychain: Keychain;
  /** Folder of the accounts file (`accounts.json`); or pass `accountsFile` instead. */
  dataDir?: string;
  accountsFile?: AccountsFile;
  /** Clock for `createdAt` and phrase drafts. */
  now?: () => Date;
  /** scrypt parameters of new items; the app always uses the default (N = 2^17). */
  kdf?: KdfParams;
  /** TESTS ONLY: see SealedKeysOptions.onOpen. */
  onOpen?: (buffer: Uint8Array) => void;
  /**
   * TEST COMPOSITION ONLY: told about every secret the vault seals (keys, and phrases as
   * kind 'recovery-phrase' in `secretKey`), and every password it is given (kind 'password'),
   * so the test harness can record them for the leak check. The app never passes it.
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

export interface PhraseAnswer {
  position: number;
  word: string;
}

export interface Vault {
  list(): Promise<AccountsState>;
  state(): Promise<states.VaultState>;
  /** Whether secrets are open in memory now (no file read: the bridge gate's fast path). */
  isUnlocked(): boolean;
  /** A fresh vault's first password (before its first account of any kind). */
  setPassword(password: string, confirm?: string): Promise<void>;
  /** Seals an earlier version's raw secrets with a new password (vault-upgrade.ts). */
  upgrade(password: string, confirm?: string): Promise<void>;
  unlock(password: string): Promise<void>;
  lock(): void;
  /** Throws WRONG_PASSWORD unless `password` is the wallet's (asked again before a backup). */
  verifyPassword(password: string): Promise<void>;
  changePassword(current: string, next: string, confirm?: string): Promise<void>;
  /** Whether the wallet holds its own recovery phrase (unlocked only). */
  hasPhrase(): boolean;
  beginPhrase(words: 12 | 24): { draft: string; words: string[] };
  /** Checks three words of the draft, keeps its phrase and adds its first account. */
  confirmPhrase(draft: string, answers: PhraseAnswer[], label?: string): Promise<AccountSummary>;
  revealPhrase(password: string): Promise<string[]>;
  exportSecret(address: string, password: string): Promise<string>;
  /** A copy of the open secret key of `address` (the signer wipes it). */
  secretKeyOf(address: string): Uint8Array;
  restorePlan(phrase: string): Promise<RestorePlan>;
  restore(phrase: string, password: string, confirm?: string): Promise<RestorePlan>;
  addLedger(entries: LedgerAccountInput[]): Promise<AccountSummary[]>;
  /** The next account of the wallet's recovery phrase. */
  create(options?: { label?: string }): Promise<AccountSummary>;
  importSecret(text: string, options?: ImportOptions): Promise<AccountSummary[]>;
  rename(address: string, label: string): Promise<AccountSummary>;
  remove(address: string): Promise<AccountsState>;
  select(address: string): Promise<AccountsState>;
}
