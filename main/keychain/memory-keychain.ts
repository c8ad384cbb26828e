/**
 * A Keychain held in memory, for unit tests that run where no Secret Service can (the unit
 * suite needs nothing from the machine). The integration suite runs the same vault code on the
 * real keytar keychain. `unavailable` makes every call fail the way a missing daemon does.
 */
import type { Keychain } from './keychain';
import { keychainUnavailable } from './keychain-errors';

export interface MemoryKeychain extends Keychain {
  /** When true, every call fails with KEYCHAIN_UNAVAILABLE, as with no daemon running. */
  unavailable: boolean;
  /** Number of entries, for tests that check nothing was left behind. */
  readonly size: number;
}

/** A fresh, empty in-memory Keychain for `service`. */
export function createMemoryKeychain(service = 'swapdesk-test'): MemoryKeychain {
  const entries = new Map<string, string>();
  const keychain: MemoryKeychain = {
    service,
    unavailable: false,
    get size() {
      return entries.size;
    },
    async get(account) {
      guard();
      return entries.get(account) ?? null;
    },
    async set(account, secret) {
      guard();
      entries.set(account, secret);
    },
    async delete(account) {
      guard();
      return entries.delete(account);
    },
    async findCredentials() {
      guard();
      return [...entries].map(([account, secret]) => ({ account, secret }));
    },
  };
  function guard(): void {
    if (keychain.unavailable) {
      throw keychainUnavailable(new Error('Cannot autolaunch D-Bus without X11 $DISPLAY'));
    }
  }
  return keychain;
}
