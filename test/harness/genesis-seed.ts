/**
 * The copy of the run's sandbox genesis (genesis-template.ts makes it) into a new state folder:
 * what test/harness/sandbox-process.ts and test/harness/preview.ts do before a start.
 */
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';

/** Where the globalSetup says the run's genesis is. */
export const GENESIS_ENV = 'SWAPDESK_TEST_GENESIS';

/**
 * Copies the run's genesis into `stateDir` (a new, empty folder) when there is one; answers
 * whether it did. Without the globalSetup (a script outside vitest) the sandbox makes its own.
 */
export function seedFromGenesisTemplate(stateDir: string): boolean {
  const template = process.env[GENESIS_ENV];
  if (!template || !existsSync(join(template, 'ledger-snapshot.json'))) return false;
  cpSync(template, stateDir, { recursive: true });
  return true;
}
