/**
 * `lock.json` in the data folder: the **Auto-lock after** choice and the count of wrong
 * passwords with the time of the last one, so the growing delay survives a restart (quitting
 * and starting again does not buy new tries). No secret is written here.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { AUTO_LOCK_MINUTES } from '../../preload/contract/lock';
import { WalletError } from '../shared/errors';
import { createJsonFile, type JsonFile } from '../storage/json-file';

const schema = z.object({
  version: z.literal(1),
  autoLockMinutes: z.union(AUTO_LOCK_MINUTES.map((m) => z.literal(m))),
  failures: z.number().int().min(0),
  lastFailureAt: z.number().nullable(),
});

export type LockFileData = z.infer<typeof schema>;

export function defaultLockData(): LockFileData {
  return { version: 1, autoLockMinutes: 15, failures: 0, lastFailureAt: null };
}

/** The lock file inside `dataDir`. */
export function createLockFile(dataDir: string): JsonFile<LockFileData> {
  const path = join(dataDir, 'lock.json');
  return createJsonFile<LockFileData>({
    path,
    schema,
    missing: defaultLockData,
    unreadable: (errno, cause) =>
      new WalletError(
        'SETTINGS_FILE_UNREADABLE',
        `Swapdesk cannot read its lock settings at ${path} (${errno}). Check the file's permissions.`,
        { cause },
      ),
    // Nothing here cannot be chosen again: a damaged file means the defaults.
    damaged: defaultLockData,
    unwritable: (errno, cause) =>
      new WalletError(
        'SETTINGS_FILE_UNWRITABLE',
        `Swapdesk could not save its lock settings at ${path} (${errno}): check free disk space and the folder's permissions.`,
        { cause },
      ),
  });
}
