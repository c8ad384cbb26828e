/**
 * The lock (issue 24): a password seals every secret; while locked, main answers only these
 * methods (and app.info). A password travels one way only, from the renderer into main.
 */
import { z } from 'zod';
import { method } from './schemas';

/** new: no password yet; upgrade: an earlier version's vault waits for a password. */
export type LockState = 'new' | 'upgrade' | 'locked' | 'unlocked';

/** The minutes **Auto-lock after** offers. */
export const AUTO_LOCK_MINUTES = [1, 5, 15, 60] as const;
export type AutoLockMinutes = (typeof AUTO_LOCK_MINUTES)[number];

export interface LockStatus {
  state: LockState;
  autoLockMinutes: AutoLockMinutes;
  /** Milliseconds before another password may be tried (growing delays); 0 when now. */
  waitMs: number;
  /** Whether the wallet keeps its own recovery phrase (known only while unlocked). */
  hasPhrase: boolean;
}

export interface RestorePlanView {
  /** Accounts the phrase brings back, and the Ledger accounts that stay. */
  keeps: { label: string; address: string }[];
  /** Accounts a restore removes, each with why (no phrase of their own, another phrase). */
  loses: { label: string; address: string; reason: string }[];
}

const password = z.string().min(1).max(1024);
const phrase = z.string().min(1).max(1024);
const empty = z.object({}).strict();

export const lockMethods = {
  'lock.status': method<LockStatus>()(empty),
  'lock.unlock': method<LockStatus>()(z.object({ password }).strict()),
  'lock.lock': method<LockStatus>()(empty),
  /** The person did something (a key, a click): restarts the auto-lock countdown. */
  'lock.touch': method<LockStatus>()(empty),
  /** A fresh wallet's password, before its first account of any kind. */
  'lock.setPassword': method<LockStatus>()(z.object({ password, confirm: password }).strict()),
  /** An earlier version's vault: its secrets are sealed with this new password. */
  'lock.upgrade': method<LockStatus>()(z.object({ password, confirm: password }).strict()),
  'lock.changePassword': method<LockStatus>()(
    z.object({ current: password, password, confirm: password }).strict(),
  ),
  'lock.setAutoLock': method<LockStatus>()(
    z.object({ minutes: z.union(AUTO_LOCK_MINUTES.map((m) => z.literal(m))) }).strict(),
  ),
  /** What **Restore from recovery phrase** would keep and lose, for the warning. */
  'lock.restorePlan': method<RestorePlanView>()(z.object({ phrase }).strict()),
  /** Replaces the vault by what the phrase brings back, sealed with a new password. */
  'lock.restore': method<LockStatus>()(z.object({ phrase, password, confirm: password }).strict()),
} as const;
