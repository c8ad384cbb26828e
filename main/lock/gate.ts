/**
 * The bridge gate (issue 24): while the wallet is locked, main answers only unlock and what the
 * lock screen needs; while an earlier version's vault waits for its password, only that. Every
 * other method answers LOCKED before its handler runs, whatever the renderer shows. Applied to
 * the complete handler set in the composition root, so the Electron IPC transport, the loopback
 * HTTP transport and every test that builds a registry on composeApp get the same gate.
 */
import type { Handlers } from '../bridge/handler-types';
import type { MethodName } from '../../preload/contract';
import type { LockState } from '../../preload/contract/lock';
import { WalletError } from '../shared/errors';

/**
 * What answers while locked: the lock screen's status, unlock, and restore for a lost password.
 * app.start answers too, without the accounts (main/handlers/app.ts).
 */
export const OPEN_WHILE_LOCKED: readonly MethodName[] = [
  'app.info',
  'app.start',
  'lock.status',
  'lock.unlock',
  'lock.restorePlan',
  'lock.restore',
];

/** What answers while an earlier version's vault waits for its new password. */
export const OPEN_FOR_UPGRADE: readonly MethodName[] = [
  'app.info',
  'app.start',
  'lock.status',
  'lock.upgrade',
];

export function allowed(method: MethodName, state: LockState): boolean {
  if (state === 'locked') return OPEN_WHILE_LOCKED.includes(method);
  if (state === 'upgrade') return OPEN_FOR_UPGRADE.includes(method);
  return true; // unlocked, or new (no secret exists yet; the vault asks for a password first)
}

function refusal(state: LockState): WalletError {
  return state === 'upgrade'
    ? new WalletError(
        'UPGRADE_REQUIRED',
        'This wallet was made by an earlier Swapdesk. Choose a password first: Swapdesk then seals every secret key with it.',
      )
    : new WalletError('LOCKED', 'Swapdesk is locked. Unlock it with your password first.');
}

/**
 * `handlers`, each checking the lock state before it runs.
 *
 * @example const handlers = gateHandlers(all, () => lock.state());
 */
export function gateHandlers(handlers: Handlers, state: () => Promise<LockState>): Handlers {
  const gated = {} as Record<string, unknown>;
  for (const [name, handler] of Object.entries(handlers)) {
    const method = name as MethodName;
    const run = handler as (request: unknown, context: unknown) => Promise<unknown>;
    gated[method] = async (request: unknown, context: unknown) => {
      const now = await state();
      if (!allowed(method, now)) throw refusal(now);
      return run(request, context);
    };
  }
  return gated as Handlers;
}
