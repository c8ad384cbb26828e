/**
 * Benchmarks that start the web preview need an OS keychain. Without a D-Bus session, a
 * benchmark re-runs itself inside a private one with a throwaway gnome-keyring, as `npm test`
 * does, and removes the keyring's folder afterwards.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Re-runs `script` (a bench file) in a private keyring session unless one is there already. */
export function ensurePrivateKeyring(script: string): void {
  if (process.env.DBUS_SESSION_BUS_ADDRESS || process.env.SWAPDESK_BENCH_KEYRING) return;
  const home = mkdtempSync(join(tmpdir(), 'swapdesk-bench-'));
  mkdirSync(join(home, 'run'), { recursive: true, mode: 0o700 });
  const command =
    'echo -n bench | gnome-keyring-daemon --unlock --components=secrets >/dev/null && ' +
    `exec "${process.execPath}" --import tsx "${script}" ${process.argv.slice(2).join(' ')}`;
  const result = spawnSync('dbus-run-session', ['--', 'sh', '-c', command], {
    stdio: 'inherit',
    env: {
      ...process.env,
      HOME: home,
      XDG_DATA_HOME: join(home, 'data'),
      XDG_RUNTIME_DIR: join(home, 'run'),
      SWAPDESK_BENCH_KEYRING: '1',
    },
  });
  rmSync(home, { recursive: true, force: true });
  process.exit(result.status ?? 1);
}

/** The value at percentile `p` of ascending `sorted`. */
export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
