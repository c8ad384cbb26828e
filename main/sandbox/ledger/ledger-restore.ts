/** Replays a loaded snapshot, history and journal into the state a ledger starts from. */
import type { LoadedState, StoredAccount } from '../state/ledger-store';
import type { TransactionRecord } from './history';

export interface ReplayedState {
  /** Final state per address; null for an account a transaction closed. */
  accounts: Map<string, StoredAccount | null>;
  /** All records, oldest first. */
  records: TransactionRecord[];
  /** How many of `records` are already in the history file. */
  persistedRecords: number;
  /** The newest slot the state mentions. */
  slot: number;
}

export function replayStoredState(loaded: LoadedState): ReplayedState {
  const { snapshot, journal } = loaded;
  const accounts = new Map<string, StoredAccount | null>();
  for (const stored of snapshot.accounts) accounts.set(stored.address, stored);
  const records = [...loaded.history];
  const persistedRecords = records.length;
  let slot = snapshot.slot;
  for (const entry of journal) {
    slot = Math.max(slot, entry.slot);
    if (entry.kind === 'clock') continue;
    if (entry.kind === 'tx') records.push(entry.record);
    for (const stored of entry.writes) accounts.set(stored.address, stored);
    for (const address of entry.deleted) accounts.set(address, null);
  }
  return { accounts, records, persistedRecords, slot };
}
