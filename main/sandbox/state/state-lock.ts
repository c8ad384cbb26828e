/**
 * One sandbox per state folder: two processes appending to one journal would corrupt it. The
 * lock file holds the owner's pid; a lock whose process is gone (after `kill -9`) is taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the folder's lock or throws a message naming the process that holds it. */
export function lockStateDir(dir: string): () => void {
  const path = join(dir, 'sandbox.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, String(process.pid), { flag: 'wx', mode: 0o600 });
      return () => rmSync(path, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(path, 'utf8'));
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder)) {
        throw new Error(
          `Another sandbox (pid ${holder}) is using ${dir}; stop it or pass another --state folder.`,
        );
      }
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
