/**
 * Pool state kept across requests while the ledger's account state is unchanged: every pool read
 * costs several account reads from the VM (a CP-Swap pool six), and routes of three hops read
 * the pools between the middle tokens for every quote. Keyed by a stamp that changes with the
 * state (the ledger's state number and the epoch), so nothing stale is ever answered.
 */
import type { Reserves } from '../venues/types';
import type { ReservesOf } from '../router/route-types';

export interface StateCache {
  /** A memoising wrapper for reads at `stamp`; a new stamp forgets everything read before. */
  at(stamp: string): (read: ReservesOf) => ReservesOf;
}

/** One cache per market context. */
export function stateCache(): StateCache {
  let current: string | null = null;
  let entries = new Map<string, Reserves>();
  return {
    at(stamp) {
      if (stamp !== current) {
        current = stamp;
        entries = new Map();
      }
      const held = entries;
      return (read) => (pool) => {
        let reserves = held.get(pool.ammKey);
        if (reserves === undefined) {
          reserves = read(pool);
          held.set(pool.ammKey, reserves);
        }
        return reserves;
      };
    },
  };
}
