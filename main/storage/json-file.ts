/**
 * One small JSON file in the data folder, read against a zod schema and written atomically
 * (see atomic-file.ts). The accounts, settings, fee settings and activity files differ only in
 * their schema, what a missing or damaged file means, and how each failure is worded; those
 * come in as `JsonFileRules`. A damaged file is never rewritten here: `damaged` decides between
 * a fallback value and an error, and the file stays as it is until the next `write`.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import type { WalletError } from '../shared/errors';
import { errnoOf, writeFileAtomic } from './atomic-file';

/** What went wrong with a file that exists and was read. */
export type JsonFileDamage = 'not-json' | 'not-schema';

/** One file's schema and the words and values for its failures. */
export interface JsonFileRules<T> {
  /** Absolute path of the file. */
  readonly path: string;
  readonly schema: z.ZodType<T>;
  /** The value a missing file (ENOENT) stands for. */
  missing(): T;
  /** The error for a file that exists but cannot be read (`errno`: its file-system code). */
  unreadable(errno: string, cause: unknown): WalletError;
  /**
   * A file that is not JSON (`cause`: the parse error) or not of the schema (`cause`: the zod
   * error): return a fallback value or throw.
   */
  damaged(damage: JsonFileDamage, cause: unknown): T;
  /** The error for a failed write (`errno`: the file-system code); the old file is unchanged. */
  unwritable(errno: string, cause: unknown): WalletError;
}

export interface JsonFile<T> {
  readonly path: string;
  read(): Promise<T>;
  /** `read` without awaiting, for the composition root at start-up. */
  readSync(): T;
  /** Replaces the file atomically with `data` as indented JSON and a final newline. */
  write(data: T): Promise<void>;
}

/**
 * A JSON file following `rules`.
 *
 * @example
 * const file = createJsonFile({ path, schema, missing: () => [], unreadable, damaged, unwritable });
 * const entries = await file.read();
 */
export function createJsonFile<T>(rules: JsonFileRules<T>): JsonFile<T> {
  const { path } = rules;

  /** The last text readSync parsed and a private copy of its value. */
  let lastSync: { text: string; value: T } | null = null;

  /** The file's value, and whether it parsed whole (not a fallback `damaged` returned). */
  function checked(text: string): { value: T; whole: boolean } {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return { value: rules.damaged('not-json', error), whole: false };
    }
    const parsed = rules.schema.safeParse(json);
    return parsed.success
      ? { value: parsed.data, whole: true }
      : { value: rules.damaged('not-schema', parsed.error), whole: false };
  }

  function parse(text: string): T {
    return checked(text).value;
  }

  function readFailed(error: unknown): T {
    if (errnoOf(error) === 'ENOENT') return rules.missing();
    throw rules.unreadable(errnoOf(error), error);
  }

  return {
    path,
    async read() {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        return readFailed(error);
      }
      return parse(text);
    },
    readSync() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        return readFailed(error);
      }
      // The file is read every time (a change made elsewhere is seen at once); only text equal
      // to the last that parsed whole is not checked against the schema again, and answers a
      // copy of that parse (issue 26: every review reads the accounts list before POST /swap).
      if (lastSync !== null && lastSync.text === text) return structuredClone(lastSync.value);
      const { value, whole } = checked(text);
      if (whole) lastSync = { text, value: structuredClone(value) };
      return value;
    },
    async write(data) {
      try {
        await writeFileAtomic(path, `${JSON.stringify(data, null, 2)}\n`);
      } catch (error) {
        throw rules.unwritable(errnoOf(error), error);
      }
    },
  };
}
