/**
 * The public half of the vault: labels, addresses, kinds and the current account, in one JSON
 * file in the data folder. No secret is ever written here. Writes are atomic (temp file, fsync,
 * rename, fsync of the folder) so a crash leaves the old file or the new one, never half of one.
 *
 * Version 2 (issue 24) adds `sealing`: null while no password exists, else the generation of
 * the sealed keychain items in use. Writing this file is the one step that commits a password
 * change, an upgrade or a restore: the keychain items of the new generation are all written
 * first, and until the file names it the old generation stays the one that opens. Version 1
 * files are those of earlier versions (raw secrets in the keychain): read as they are, with
 * `sealing: null`, and written as version 2 once upgraded.
 */
import { join } from 'node:path';
import { z } from 'zod';
import type { AccountSummary } from '../../preload/api-types';
import { WalletError } from '../shared/errors';
import { createJsonFile } from '../storage/json-file';

const accountSchema = z.object({
  address: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
  label: z.string().min(1),
  kind: z.enum(['generated', 'secret-key', 'cli-keypair', 'recovery-phrase', 'ledger']),
  derivationPath: z.string().optional(),
  walletPhrase: z.literal(true).optional(),
  createdAt: z.string(),
});

const fileSchema = z.union([
  z
    .object({
      version: z.literal(1),
      current: z.string().nullable(),
      accounts: z.array(accountSchema),
    })
    .transform((data) => ({ ...data, sealing: null })),
  z.object({
    version: z.literal(2),
    current: z.string().nullable(),
    accounts: z.array(accountSchema),
    sealing: z
      .object({ id: z.string().regex(/^[0-9a-f]{12}$/), generation: z.number().int().min(1) })
      .nullable(),
  }),
]);

export interface AccountsFileData {
  /** 1: written by an earlier version (raw secrets in the keychain); 2: this version. */
  version: 1 | 2;
  current: string | null;
  accounts: AccountSummary[];
  /** Null while no password exists; else the vault id and generation of its keychain items. */
  sealing: { id: string; generation: number } | null;
}

export interface AccountsFile {
  /** Absolute path of the JSON file. */
  readonly path: string;
  /** The stored data; an empty list when the file does not exist yet. */
  read(): Promise<AccountsFileData>;
  /**
   * `read` without awaiting: the list is a small file, and reading it at once costs a few
   * microseconds where the asynchronous read waits on four trips through the thread pool
   * (issue 26: every review asks the current account first).
   */
  readSync(): AccountsFileData;
  /** Replaces the file atomically. */
  write(data: AccountsFileData): Promise<void>;
}

/** The empty state of a fresh install. */
export function emptyAccountsData(): AccountsFileData {
  return { version: 2, current: null, accounts: [], sealing: null };
}

/**
 * The accounts file `fileName` inside `dataDir` (created with mode 700 on first write).
 *
 * @example
 * const file = createAccountsFile(app.getPath('userData'));
 */
export function createAccountsFile(dataDir: string, fileName = 'accounts.json'): AccountsFile {
  const path = join(dataDir, fileName);

  // A damaged file is left exactly as it is: it may be repairable by hand, and the keys
  // themselves are still in the keychain.
  function corrupt(what: string, cause: unknown): WalletError {
    return new WalletError(
      'ACCOUNTS_FILE_UNREADABLE',
      `Swapdesk's accounts list at ${path} is damaged: ${what}. It has been left untouched. Restore it from a backup, or move it away to start with an empty list (your keys stay in the system keychain).`,
      { cause },
    );
  }

  const file = createJsonFile<AccountsFileData>({
    path,
    schema: fileSchema,
    missing: emptyAccountsData,
    unreadable: (errno, cause) =>
      new WalletError(
        'ACCOUNTS_FILE_UNREADABLE',
        `Swapdesk cannot read its accounts list at ${path} (${errno}). Check the file's permissions and try again.`,
        { cause },
      ),
    damaged: (damage, cause) => {
      throw damage === 'not-json'
        ? corrupt('it is not valid JSON', cause)
        : corrupt('its contents are not an accounts list', cause);
    },
    unwritable: (errno, cause) =>
      new WalletError(
        'ACCOUNTS_FILE_UNWRITABLE',
        `Swapdesk could not save its accounts list at ${path} (${errno}): check free disk space and the folder's permissions. Nothing was changed.`,
        { cause },
      ),
  });

  return { path, read: file.read, readSync: file.readSync, write: file.write };
}
