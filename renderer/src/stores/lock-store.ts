/**
 * The wallet's lock as the renderer knows it (issue 24): the state main answered last, the
 * Auto-lock after choice, and the time before another password may be tried. Main decides; any
 * bridge call answering LOCKED moves this store to 'locked', and the app shows the lock screen.
 */
import { create, type StateCreator } from 'zustand';
import type { AutoLockMinutes, LockState, LockStatus } from '../../../preload/api-types';
import type { BridgeError, Result } from '../../../main/shared/result';
import { callWallet, onLocked } from '../lib/wallet';

export interface LockStore {
  /** null until main has said (app.info or lock.status). */
  state: LockState | null;
  autoLockMinutes: AutoLockMinutes;
  /** Milliseconds to wait before the next try, as of `waitSince`. */
  waitMs: number;
  waitSince: number;
  hasPhrase: boolean;
  /** What app.info said, before any lock.status. */
  seed: (state: LockState) => void;
  load: () => Promise<void>;
  apply: (status: LockStatus) => void;
  unlock: (password: string) => Promise<Result<LockStatus>>;
  lock: () => Promise<void>;
  setAutoLock: (minutes: AutoLockMinutes) => Promise<Result<LockStatus>>;
  markLocked: () => void;
}

export const initialLockState = {
  state: null as LockState | null,
  autoLockMinutes: 15 as AutoLockMinutes,
  waitMs: 0,
  waitSince: 0,
  hasPhrase: false,
};

export const lockStoreCreator: StateCreator<LockStore> = (set, get) => {
  const apply = (status: LockStatus) =>
    set({
      state: status.state,
      autoLockMinutes: status.autoLockMinutes,
      waitMs: status.waitMs,
      waitSince: Date.now(),
      hasPhrase: status.hasPhrase,
    });
  return {
    ...initialLockState,
    seed: (state) => {
      if (get().state === null) set({ state });
    },
    apply,
    load: async () => {
      const result = await callWallet((w) => w.lock.status({}));
      if (result.ok) apply(result.value);
    },
    unlock: async (password) => {
      const result = await callWallet((w) => w.lock.unlock({ password }));
      if (result.ok) apply(result.value);
      else void get().load(); // the time to wait, if any
      return result;
    },
    lock: async () => {
      const result = await callWallet((w) => w.lock.lock({}));
      if (result.ok) apply(result.value);
      else set({ state: 'locked' });
    },
    setAutoLock: async (minutes) => {
      const result = await callWallet((w) => w.lock.setAutoLock({ minutes }));
      if (result.ok) apply(result.value);
      return result;
    },
    markLocked: () => {
      if (get().state !== 'locked') set({ state: 'locked', hasPhrase: false });
    },
  };
};

export const useLockStore = create<LockStore>()(lockStoreCreator);
onLocked(() => useLockStore.getState().markLocked());

/** An error for a form, from a bridge error. */
export type FormError = BridgeError | null;
