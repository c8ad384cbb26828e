/**
 * Bridge handlers of the lock.* methods (issue 24): status, unlock, lock, the idle countdown,
 * the first password, the upgrade of an earlier version's vault, a new password, Auto-lock
 * after, and Restore from recovery phrase. No answer carries a secret.
 */
import type { HandlerGroup } from '../bridge/handler-types';
import type { LockService } from '../lock/lock-service';
import type { Vault } from '../vault/vault';

export type LockMethod =
  | 'lock.status'
  | 'lock.unlock'
  | 'lock.lock'
  | 'lock.touch'
  | 'lock.setPassword'
  | 'lock.upgrade'
  | 'lock.changePassword'
  | 'lock.setAutoLock'
  | 'lock.restorePlan'
  | 'lock.restore';

/** @example registry handlers: { ...createLockHandlers(vault, lock) } */
export function createLockHandlers(vault: Vault, lock: LockService): HandlerGroup<LockMethod> {
  return {
    'lock.status': () => lock.status(),
    'lock.unlock': ({ password }) => lock.unlock(password),
    'lock.lock': async () => {
      lock.lock();
      return lock.status();
    },
    'lock.touch': async () => {
      lock.touch();
      return lock.status();
    },
    'lock.setPassword': async ({ password, confirm }) => {
      await vault.setPassword(password, confirm);
      await lock.opened();
      return lock.status();
    },
    'lock.upgrade': async ({ password, confirm }) => {
      await vault.upgrade(password, confirm);
      await lock.opened();
      return lock.status();
    },
    'lock.changePassword': async ({ current, password, confirm }) => {
      await vault.changePassword(current, password, confirm);
      return lock.status();
    },
    'lock.setAutoLock': ({ minutes }) => lock.setAutoLock(minutes),
    'lock.restorePlan': async ({ phrase }) => {
      const plan = await vault.restorePlan(phrase);
      return {
        keeps: plan.keeps.map(({ label, address }) => ({ label, address })),
        loses: plan.loses,
      };
    },
    'lock.restore': async ({ phrase, password, confirm }) => {
      await vault.restore(phrase, password, confirm);
      await lock.opened();
      return lock.status();
    },
  };
}
