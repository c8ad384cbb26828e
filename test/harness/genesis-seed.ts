/**
 * The copy of the run's sandbox genesis (genesis-template.ts makes the first) into a new state
 * folder: what test/harness/sandbox-process.ts and test/harness/preview.ts do before a start.
 *
 * A genesis is not timeless: the scaled token XSTK's multiplier changes ten minutes after it
 * (main/shared/sandbox-tokens.ts, a split during a run), and a suite takes longer than that. So
 * a genesis serves for MAX_AGE_MS only; the first start after that makes the next generation
 * (about 3 s, once), and every test still begins at most five minutes after its genesis, as it
 * would with a sandbox of its own. Generations are folders `gen-<ms>` of the template folder,
 * each complete before it is named; the oldest stay until the run ends (another worker may be
 * copying one).
 */
import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Where the globalSetup says the run's genesis folder is. */
export const GENESIS_ENV = 'SWAPDESK_TEST_GENESIS';

/** How long one genesis serves: half the time before XSTK's split. */
export const MAX_AGE_MS = 5 * 60_000;

/** Writes a fresh genesis into an empty folder (a real sandbox, started and stopped). */
export type MakeGenesis = (stateDir: string) => Promise<void>;

/** The newest generation of `root` and when it was made, or null. */
function newest(root: string): { dir: string; madeAt: number } | null {
  const made = readdirSync(root)
    .map((name) => /^gen-(\d+)$/.exec(name))
    .filter((match) => match !== null)
    .map((match) => Number(match[1]))
    .sort((a, b) => b - a);
  return made.length === 0 ? null : { dir: join(root, `gen-${made[0]}`), madeAt: made[0]! };
}

/**
 * Makes the next generation of `root` unless another process is making one (then null: that
 * start writes its own genesis). The folder is named only once complete.
 */
export async function newGeneration(
  root: string,
  make: MakeGenesis,
): Promise<{ dir: string; madeAt: number } | null> {
  const lock = join(root, 'making');
  try {
    mkdirSync(lock);
  } catch {
    return null;
  }
  const work = join(root, `work-${process.pid}`);
  try {
    mkdirSync(work);
    await make(work);
    const madeAt = Date.now();
    const dir = join(root, `gen-${madeAt}`);
    renameSync(work, dir);
    return { dir, madeAt };
  } finally {
    rmSync(work, { recursive: true, force: true });
    rmSync(lock, { recursive: true, force: true });
  }
}

/**
 * Copies the run's genesis into `stateDir` (a new, empty folder), making a new generation
 * first when the newest is older than MAX_AGE_MS. Without the globalSetup (a script outside
 * vitest), or while another process makes the next generation, the sandbox writes its own.
 */
export async function seedFromGenesisTemplate(stateDir: string, make: MakeGenesis): Promise<void> {
  const root = process.env[GENESIS_ENV];
  if (!root || !existsSync(root)) return;
  let current = newest(root);
  if (current === null || Date.now() - current.madeAt > MAX_AGE_MS) {
    current = await newGeneration(root, make);
  }
  if (current !== null) cpSync(current.dir, stateDir, { recursive: true });
}
