/**
 * The ledger's durable side: which accounts the snapshot must carry, the owner index kept with
 * them, and when the journal is compacted into a snapshot. Every change of ledger state goes
 * through here, so what is indexed and what is persisted cannot drift apart.
 */
import { LedgerStore, type StoredAccount } from '../state/ledger-store';
import { isPersistable, OwnerIndex, sameAccount, toStored } from './account-codec';
import type { TransactionHistory, TransactionRecord } from './history';
import type { LedgerAccount } from './ledger-view';

/** What a snapshot carries besides the accounts. */
export interface SnapshotHeader {
  genesisSeed: string;
  genesisTime: number;
  slot: number;
}

export class LedgerJournal {
  readonly owners = new OwnerIndex();
  /** Every address whose state the snapshot must carry. */
  private readonly touched = new Set<string>();
  /** Records already in the history file (the rest are in the journal). */
  private persistedRecords = 0;

  constructor(
    private readonly store: LedgerStore,
    private readonly history: TransactionHistory,
    private readonly compactEvery: number,
    private readonly getAccount: (address: string) => LedgerAccount | null,
    private readonly header: () => SnapshotHeader,
  ) {}

  /** After a restore: how many records the history file already holds. */
  restored(persistedRecords: number): void {
    this.persistedRecords = persistedRecords;
  }

  /** An account that changed outside a journalled transaction (genesis, restore): indexed. */
  track(address: string, account: LedgerAccount | null): void {
    this.owners.update(address, account);
    if (account !== null && isPersistable(account)) this.touched.add(address);
  }

  /** Journals one account write (the faucet's and genesis's direct writes). */
  appendAccount(slot: number, address: string, account: LedgerAccount): void {
    this.store.append(
      { kind: 'accounts', slot, writes: [toStored(address, account)], deleted: [] },
      true,
    );
  }

  /** Journals the clock now and then (not synced: a lost clock line only delays the slot). */
  appendClock(slot: number): void {
    this.store.append({ kind: 'clock', slot }, false);
  }

  /** Records an executed transaction and the accounts it changed, in one fsynced journal line. */
  commit(
    record: TransactionRecord,
    keys: string[],
    pre: (LedgerAccount | null)[],
    post: (LedgerAccount | null)[],
  ): void {
    const writes: StoredAccount[] = [];
    const deleted: string[] = [];
    keys.forEach((key, index) => {
      const after = post[index] ?? null;
      if (sameAccount(pre[index] ?? null, after)) return;
      this.owners.update(key, after);
      if (after === null) {
        if (this.touched.delete(key)) deleted.push(key);
      } else if (isPersistable(after)) {
        this.touched.add(key);
        writes.push(toStored(key, after));
      }
    });
    const json = JSON.stringify(record);
    this.history.add(record, json);
    this.store.appendTransaction(record.slot, json, writes, deleted);
    if (this.store.journalLength >= this.compactEvery) this.compact();
  }

  /** Writes a snapshot of every tracked account and starts a new journal. */
  compact(): void {
    const accounts: StoredAccount[] = [];
    for (const address of this.touched) {
      const account = this.getAccount(address);
      if (account && isPersistable(account)) accounts.push(toStored(address, account));
    }
    this.store.writeSnapshot(
      { ...this.header(), accounts },
      this.history.jsonFrom(this.persistedRecords),
    );
    this.persistedRecords = this.history.size;
  }

  close(): void {
    this.compact();
    this.store.close();
  }
}
