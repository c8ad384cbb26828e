/**
 * The app itself: its version, the shell it runs in and the network every screen is on.
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { method } from './schemas';
import type { AccountsState } from './accounts';
import type { LockState } from './lock';
import type { NetworkInfo } from './views';

export interface AppInfo {
  version: string;
  network: NetworkInfo;
  /** Where the app runs: the Electron window or the web preview. */
  shell: 'electron' | 'web-preview';
  /**
   * The lock state (issue 24), part of the first screen's data so the renderer can show the
   * lock screen without another call. Cheap: no file read while unlocked.
   */
  lock: LockState;
}

/**
 * Everything the first screen needs, in one answer (issue 26): `app.info`, and `accounts.list`
 * when the lock lets it answer (null while locked or waiting for an upgrade: the lock screen
 * comes first, and lists nothing).
 */
export interface AppStart {
  info: AppInfo;
  accounts: AccountsState | null;
}

export const appMethods = {
  'app.info': method<AppInfo>()(z.object({}).strict()),
  /** The first screen's one call: the preload and the preview's bridge script ask it at once. */
  'app.start': method<AppStart>()(z.object({}).strict()),
} as const;
