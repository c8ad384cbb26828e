/**
 * The refusals of a settings file that cannot be read or saved, in the same words for every
 * settings file; `what` names the file's content for the person ("its fee settings").
 */
import { WalletError } from '../shared/errors';
import { createJsonFile, type JsonFile, type JsonFileRules } from '../storage/json-file';

type FileError = (errno: string, cause: unknown) => WalletError;

/** SETTINGS_FILE_UNREADABLE for `what` at `path`, with the errno and what to check. */
export function settingsUnreadable(what: string, path: string): FileError {
  return (errno, cause) =>
    new WalletError(
      'SETTINGS_FILE_UNREADABLE',
      `Swapdesk cannot read ${what} at ${path} (${errno}). Check the file's permissions.`,
      { cause },
    );
}

/** SETTINGS_FILE_UNWRITABLE for `what` at `path`: nothing was changed. */
export function settingsUnwritable(what: string, path: string): FileError {
  return (errno, cause) =>
    new WalletError(
      'SETTINGS_FILE_UNWRITABLE',
      `Swapdesk could not save ${what} at ${path} (${errno}): check free disk space and the folder's permissions. Nothing was changed.`,
      { cause },
    );
}

/**
 * A settings JSON file whose read and save failures are refused in the words above, naming
 * `what` it holds (`whatSaved` when a failed save says it otherwise).
 */
export function settingsJsonFile<T>(
  rules: Omit<JsonFileRules<T>, 'unreadable' | 'unwritable'>,
  what: string,
  whatSaved = what,
): JsonFile<T> {
  return createJsonFile<T>({
    ...rules,
    unreadable: settingsUnreadable(what, rules.path),
    unwritable: settingsUnwritable(whatSaved, rules.path),
  });
}
