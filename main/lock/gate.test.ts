/**
 * The bridge gate (issue 24) on the real registry and the real composition root: while locked,
 * only unlock and what the lock screen needs answer; balances, the account list, reviews,
 * approvals, exports all answer LOCKED before their handler runs.
 */
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { METHOD_NAMES } from '../../preload/contract';
import { createRegistry } from '../bridge/registry';
import type { Handlers } from '../bridge/handler-types';
import { OPEN_FOR_UPGRADE, OPEN_WHILE_LOCKED, allowed, gateHandlers } from './gate';
import { wirePowerLock } from './power-lock';

const sender = { kind: 'electron', frameUrl: 'file:///index.html', isMainFrame: true } as const;

function countingHandlers(calls: string[]): Handlers {
  return Object.fromEntries(
    METHOD_NAMES.map((name) => [
      name,
      async () => {
        calls.push(name);
        return null;
      },
    ]),
  ) as unknown as Handlers;
}

describe('bridge gate', () => {
  it('answers LOCKED for every method but the lock screen ones, before any handler runs', async () => {
    const calls: string[] = [];
    let state: 'locked' | 'unlocked' | 'upgrade' | 'new' = 'locked';
    const registry = createRegistry({
      handlers: gateHandlers(countingHandlers(calls), async () => state),
      policy: () => true,
    });
    // Every method the lock screen does not need, called straight (well-formed or not: the
    // registry checks the schema first), refuses with LOCKED and never reaches its handler.
    const gated = gateHandlers(countingHandlers(calls), async () => state);
    for (const method of METHOD_NAMES.filter((m) => !OPEN_WHILE_LOCKED.includes(m))) {
      const run = gated[method] as (request: unknown, context: unknown) => Promise<unknown>;
      await expect(run({}, { sender }), method).rejects.toMatchObject({ code: 'LOCKED' });
    }
    expect(calls).toEqual([]);
    expect(await registry.dispatch('accounts.list', {}, sender)).toMatchObject({
      ok: false,
      error: { code: 'LOCKED' },
    });
    expect((await registry.dispatch('lock.status', {}, sender)).ok).toBe(true);
    expect(calls).toEqual(['lock.status']);
    state = 'upgrade';
    expect(await registry.dispatch('lock.unlock', { password: 'x' }, sender)).toMatchObject({
      ok: false,
      error: { code: 'UPGRADE_REQUIRED' },
    });
    state = 'unlocked';
    expect((await registry.dispatch('accounts.list', {}, sender)).ok).toBe(true);
  });

  it('lets through only what the lock screen needs', () => {
    expect(METHOD_NAMES.filter((m) => allowed(m, 'locked')).sort()).toEqual(
      [...OPEN_WHILE_LOCKED].sort(),
    );
    expect(METHOD_NAMES.filter((m) => allowed(m, 'upgrade')).sort()).toEqual(
      [...OPEN_FOR_UPGRADE].sort(),
    );
    expect(METHOD_NAMES.every((m) => allowed(m, 'unlocked'))).toBe(true);
  });

  it("locks on Electron's suspend and lock-screen events (powerMonitor faked)", () => {
    const power = new EventEmitter();
    let locks = 0;
    wirePowerLock(power as never, () => (locks += 1));
    power.emit('resume');
    power.emit('unlock-screen');
    expect(locks).toBe(0);
    power.emit('suspend');
    power.emit('lock-screen');
    expect(locks).toBe(2);
  });
});
