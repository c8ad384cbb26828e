/**
 * Locked means locked (issue 24). The lock service owns the wallet's lock state on top of the
 * vault: unlock with growing delays after wrong passwords, lock on demand, after idle time
 * (**Auto-lock after**), on system suspend and screen lock (power-lock.ts). Locking overwrites
 * every opened secret in main's memory (the vault's sealed keys). The bridge gate (gate.ts)
 * asks it, before any handler runs, whether a method may answer.
 *
 * The clock and the timer are parameters, so tests drive time themselves.
 */
import type { AutoLockMinutes, LockState, LockStatus } from '../../preload/contract/lock';
import { WalletError, isWalletError } from '../shared/errors';
import type { JsonFile } from '../storage/json-file';
import type { Vault } from '../vault/vault';
import { defaultLockData, type LockFileData } from './lock-file';
import { FREE_TRIES, delayAfter, timeInWords } from './wait-words';

export interface LockServiceOptions {
  vault: Vault;
  file: JsonFile<LockFileData>;
  /** Milliseconds since the epoch; Date.now by default. */
  now?: () => number;
  /** Runs `check` every `ms`; answers a stop function (setInterval by default). */
  every?: (ms: number, check: () => void) => () => void;
}

export interface LockService {
  status(): Promise<LockStatus>;
  /** The state without reading any file when the wallet is unlocked (the gate's fast path). */
  state(): Promise<LockState>;
  unlock(password: string): Promise<LockStatus>;
  lock(): void;
  /** The person did something: the idle countdown starts again. */
  touch(): void;
  setAutoLock(minutes: AutoLockMinutes): Promise<LockStatus>;
  /** After a password was set, an upgrade or a restore: the wallet is open and counted active. */
  opened(): Promise<void>;
  /** Stops the idle timer. */
  close(): void;
}

const IDLE_CHECK_MS = 10_000;

function realEvery(ms: number, check: () => void): () => void {
  const timer = setInterval(check, ms);
  timer.unref?.();
  return () => clearInterval(timer);
}

/** @example const lock = createLockService({ vault, file: createLockFile(dataDir) }); */
export function createLockService(options: LockServiceOptions): LockService {
  const { vault, file } = options;
  const now = options.now ?? Date.now;
  let settings: LockFileData | null = null;
  let lastActivity = now();

  async function read(): Promise<LockFileData> {
    settings ??= await file.read().catch(() => defaultLockData());
    return settings;
  }

  async function save(next: LockFileData): Promise<void> {
    settings = next;
    await file.write(next).catch(() => undefined); // the delay still holds in memory
  }

  function lock(): void {
    vault.lock();
  }

  /** Locks when the idle time has passed; true when it did. */
  function lockIfIdle(): boolean {
    if (!vault.isUnlocked() || settings === null) return false;
    if (now() - lastActivity < settings.autoLockMinutes * 60_000) return false;
    lock();
    return true;
  }

  function waitMs(data: LockFileData): number {
    if (data.lastFailureAt === null) return 0;
    return Math.max(0, data.lastFailureAt + delayAfter(data.failures) - now());
  }

  async function state(): Promise<LockState> {
    if (vault.isUnlocked()) {
      await read();
      if (!lockIfIdle()) return 'unlocked';
    }
    return vault.state();
  }

  async function status(): Promise<LockStatus> {
    const data = await read();
    const current = await state();
    return {
      state: current,
      autoLockMinutes: data.autoLockMinutes,
      waitMs: current === 'locked' ? waitMs(data) : 0,
      hasPhrase: current === 'unlocked' && vault.hasPhrase(),
    };
  }

  const stop = (options.every ?? realEvery)(IDLE_CHECK_MS, () => void lockIfIdle());

  return {
    status,
    state,

    async unlock(password) {
      const data = await read();
      const left = waitMs(data);
      if (left > 0) {
        throw new WalletError(
          'TOO_MANY_TRIES',
          `Too many wrong passwords. Wait ${timeInWords(left)} before the next try.`,
        );
      }
      try {
        await vault.unlock(password);
      } catch (error) {
        if (!isWalletError(error) || error.code !== 'WRONG_PASSWORD') throw error;
        const failures = data.failures + 1;
        await save({ ...data, failures, lastFailureAt: now() });
        const delay = delayAfter(failures);
        const more =
          delay > 0
            ? ` Wait ${timeInWords(delay)} before the next try.`
            : failures >= FREE_TRIES - 2
              ? ` After ${FREE_TRIES - failures + 1 === 1 ? 'one more wrong try' : `${FREE_TRIES - failures + 1} more wrong tries`} you will have to wait before trying again.`
              : '';
        throw new WalletError('WRONG_PASSWORD', `${error.message}${more}`);
      }
      if (data.failures > 0) await save({ ...data, failures: 0, lastFailureAt: null });
      lastActivity = now();
      return status();
    },

    lock,

    touch() {
      if (!lockIfIdle()) lastActivity = now();
    },

    async setAutoLock(minutes) {
      await save({ ...(await read()), autoLockMinutes: minutes });
      lastActivity = now();
      return status();
    },

    async opened() {
      await read();
      lastActivity = now();
    },

    close: stop,
  };
}
