/**
 * Locks the wallet when the computer suspends or its screen locks (issue 24), through
 * Electron's powerMonitor. Wired at the Electron entry; tested with Electron's object faked.
 */

/** The part of Electron's powerMonitor used here. */
export interface PowerEvents {
  on(event: 'suspend' | 'lock-screen', listener: () => void): unknown;
}

/** The powerMonitor events that lock the wallet. */
export const LOCKING_EVENTS = ['suspend', 'lock-screen'] as const;

/** @example wirePowerLock(powerMonitor, () => composed.lock.lock()); */
export function wirePowerLock(power: PowerEvents, lock: () => void): void {
  for (const event of LOCKING_EVENTS) power.on(event, lock);
}
