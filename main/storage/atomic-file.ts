/**
 * Small files in the data folder (accounts, settings, fees, activity) written atomically: temp file,
 * fsync, rename, fsync of the folder, so that a crash leaves the old file or the new one and
 * never half of one.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, rename, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The errno code of a file-system error, or 'unknown error'. */
export function errnoOf(error: unknown): string {
  return (error as NodeJS.ErrnoException | null)?.code ?? 'unknown error';
}

/**
 * Replaces `path` with `text` atomically (mode 600, folder created with mode 700). Throws the
 * file-system error; the caller words it for the person.
 *
 * @example await writeFileAtomic(join(dataDir, 'settings.json'), JSON.stringify(data));
 */
export async function writeFileAtomic(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    const handle = await open(temp, 'wx', 0o600);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  // Make the rename durable; some file systems refuse fsync on a folder, which is fine.
  const folder = await open(dir, 'r').catch(() => null);
  await folder?.sync().catch(() => undefined);
  await folder?.close();
}
