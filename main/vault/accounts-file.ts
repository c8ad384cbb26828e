/**
 * The public half of the vault: labels, addresses, kinds and the current account, in one JSON
 * file in the data folder. No secret is ever written here. Writes are atomic (temp file, fsync,
 * rename, fsync of the folder) so a crash leaves the old file or the new one, never half of one.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import type { AccountSummary } from '../../preload/api-types';
import { WalletError } from '../shared/errors';

const accountSchema = z.object({
  address: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/),
  label: z.string().min(1),
  kind: z.enum(['generated', 'secret-key', 'cli-keypair', 'recovery-phrase']),
  derivationPath: z.string().optional(),
  createdAt: z.string(),
});

const fileSchema = z.object({
  version: z.literal(1),
  current: z.string().nullable(),
  accounts: z.array(accountSchema),
});

export interface AccountsFileData {
  version: 1;
  current: string | null;
  accounts: AccountSummary[];
}

export interface AccountsFile {
  /** Absolute path of the JSON file. */
  readonly path: string;
  /** The stored data; an empty list when the file does not exist yet. */
  read(): Promise<AccountsFileData>;
  /** Replaces the file atomically. */
  write(data: AccountsFileData): Promise<void>;
}

/** The empty state of a fresh install. */
export function emptyAccountsData(): AccountsFileData {
  return { version: 1, current: null, accounts: [] };
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? 'unknown error';
}

/**
 * The accounts file `fileName` inside `dataDir` (created with mode 700 on first write).
 *
 * @example
 * const file = createAccountsFile(app.getPath('userData'));
 */
export function createAccountsFile(dataDir: string, fileName = 'accounts.json'): AccountsFile {
  const path = join(dataDir, fileName);

  async function read(): Promise<AccountsFileData> {
    let text: string;
    try {
      text = await readFile(path, 'utf8');
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return emptyAccountsData();
      throw new WalletError(
        'ACCOUNTS_FILE_UNREADABLE',
        `Swapdesk cannot read its accounts list at ${path} (${errorCode(error)}). Check the file's permissions and try again.`,
        { cause: error },
      );
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw corrupt('it is not valid JSON', error);
    }
    const parsed = fileSchema.safeParse(json);
    if (!parsed.success) throw corrupt('its contents are not an accounts list', parsed.error);
    return parsed.data;
  }

  // The file is left exactly as it is: it may be repairable by hand, and the keys themselves
  // are still in the keychain.
  function corrupt(what: string, cause: unknown): WalletError {
    return new WalletError(
      'ACCOUNTS_FILE_UNREADABLE',
      `Swapdesk's accounts list at ${path} is damaged: ${what}. It has been left untouched. Restore it from a backup, or move it away to start with an empty list (your keys stay in the system keychain).`,
      { cause },
    );
  }

  async function write(data: AccountsFileData): Promise<void> {
    const dir = dirname(path);
    const temp = join(
      dir,
      `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const handle = await open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(`${JSON.stringify(data, null, 2)}\n`, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(temp, path);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      throw new WalletError(
        'ACCOUNTS_FILE_UNWRITABLE',
        `Swapdesk could not save its accounts list at ${path} (${errorCode(error)}): check free disk space and the folder's permissions. Nothing was changed.`,
        { cause: error },
      );
    }
    // Make the rename itself durable; some file systems refuse fsync on a folder, which is fine.
    const folder = await open(dir, 'r').catch(() => null);
    await folder?.sync().catch(() => undefined);
    await folder?.close();
  }

  return { path, read, write };
}
