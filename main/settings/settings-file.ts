/**
 * The settings file (`settings.json` in the data folder): which network is selected and the
 * URLs the person set for mainnet and the custom network. No secret is written here; the swap
 * API keys live in the keychain. Read synchronously once at start-up (the composition root
 * needs the network before any handler runs); written atomically.
 */
import { join } from 'node:path';
import { z } from 'zod';
import { settingsJsonFile } from './settings-file-errors';

const urls = z.object({ rpcUrl: z.string().optional(), swapApiUrl: z.string().optional() });

const fileSchema = z.object({
  version: z.literal(1),
  /** null: never chosen, so the shell's default network applies (the sandbox in the app). */
  selected: z.enum(['sandbox', 'mainnet', 'custom']).nullable(),
  mainnet: urls,
  custom: z.object({ rpcUrl: z.string(), swapApiUrl: z.string() }).nullable(),
});

export type SettingsData = z.infer<typeof fileSchema>;

/** A fresh install: the shell's default network, mainnet at its default URLs, no custom one. */
export function defaultSettings(): SettingsData {
  return { version: 1, selected: null, mainnet: {}, custom: null };
}

export interface SettingsFile {
  readonly path: string;
  /** The stored settings; the defaults when there is no file yet. */
  readSync(): SettingsData;
  write(data: SettingsData): Promise<void>;
}

/**
 * The settings file inside `dataDir`.
 *
 * @example const data = createSettingsFile(dataDir).readSync();
 */
export function createSettingsFile(dataDir: string, fileName = 'settings.json'): SettingsFile {
  const path = join(dataDir, fileName);
  const file = settingsJsonFile<SettingsData>(
    {
      path,
      schema: fileSchema,
      missing: defaultSettings,
      // Settings hold nothing that cannot be chosen again: a damaged file falls back to the
      // defaults (the sandbox) rather than keeping the app from starting. It is overwritten at
      // the next change only.
      damaged: defaultSettings,
    },
    'its settings',
  );
  return { path, readSync: file.readSync, write: file.write };
}
