/**
 * The open escrows of POST /swap-instructions, kept in `<swap-api state>/escrows.json` so that
 * an escrow opened before a restart is still swept after it. The file is rewritten whole
 * (write to a temporary file, then rename), so a crash leaves the old or the new version.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** A venue-authority transfer the settlement made, so that a sweep can undo it. */
export interface EscrowTransfer {
  source: string;
  destination: string;
  mint: string;
  /** Base units, decimal string (JSON keeps u64 values exact as text). */
  amount: string;
}

export interface EscrowRecord {
  /** The escrow token account (owned by the venue authority; the user is its delegate). */
  escrow: string;
  mint: string;
  tokenProgram: string;
  decimals: number;
  /** What the settlement put in and approved the user for, decimal string. */
  amount: string;
  user: string;
  /** After this block height an unused escrow is swept back into its vaults. */
  lastValidBlockHeight: number;
  /** Settlement transfers in execution order: vault → vault between hops, then vaults → escrow. */
  transfers: EscrowTransfer[];
  /** Failed sweep attempts (the reason is on stderr); the sweep is retried while below 3. */
  failedSweeps: number;
}

const FILE = 'escrows.json';

/** Reads the escrow records of a state folder (none when the file does not exist yet). */
export function loadEscrows(stateDir: string): EscrowRecord[] {
  const path = join(stateDir, FILE);
  if (!existsSync(path)) return [];
  const parsed = JSON.parse(readFileSync(path, 'utf8')) as {
    version: number;
    escrows: EscrowRecord[];
  };
  if (parsed.version !== 1) throw new Error(`${path}: unknown version ${parsed.version}`);
  return parsed.escrows;
}

/** Replaces the escrow records of a state folder atomically. */
export function saveEscrows(stateDir: string, escrows: readonly EscrowRecord[]): void {
  const path = join(stateDir, FILE);
  const temporary = `${path}.tmp`;
  writeFileSync(temporary, `${JSON.stringify({ version: 1, escrows }, null, 2)}\n`, {
    mode: 0o600,
  });
  renameSync(temporary, path);
}
