/**
 * Durable state of the sandbox ledger: a snapshot plus an append-only journal.
 *
 * litesvm 1.4.1 cannot serialize itself, so the ledger persists what it knows: every account it
 * has touched, its clock and its transaction records. Each executed transaction appends one
 * journal line (its record and the accounts it changed) and fsyncs before the transaction is
 * acknowledged, so an acknowledged transaction survives `kill -9`. Compaction writes a new
 * snapshot (temp file, fsync, rename) for generation n+1 and starts journal n+1; a restart reads
 * the snapshot and replays only the journal of its generation, so a crash at any point of
 * compaction leaves a consistent pair. A torn last journal line (a crash mid-append, before the
 * acknowledgement) is ignored.
 */
import {
  closeSync,
  existsSync,
  fdatasyncSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { TransactionRecord } from '../ledger/history';

/** One account state as persisted; u64 values as decimal strings, data base64. */
export interface StoredAccount {
  address: string;
  lamports: string;
  owner: string;
  data: string;
  executable: boolean;
  rentEpoch: string;
}

export interface LedgerSnapshot {
  version: 1;
  generation: number;
  /** base64 of the 32-byte seed every blockhash derives from. */
  genesisSeed: string;
  genesisTime: number;
  slot: number;
  accounts: StoredAccount[];
  records: TransactionRecord[];
}

export type JournalEntry =
  | {
      kind: 'tx';
      slot: number;
      record: TransactionRecord;
      writes: StoredAccount[];
      deleted: string[];
    }
  | { kind: 'accounts'; slot: number; writes: StoredAccount[]; deleted: string[] }
  | { kind: 'clock'; slot: number };

export interface LoadedState {
  snapshot: LedgerSnapshot;
  journal: JournalEntry[];
}

const SNAPSHOT_FILE = 'ledger-snapshot.json';

export class LedgerStore {
  private fd: number | null = null;
  private generation = 0;
  private entriesSinceSnapshot = 0;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  /** Deletes the ledger's files (for `--reset`). */
  reset(): void {
    for (const name of readdirSync(this.dir)) {
      if (
        name === SNAPSHOT_FILE ||
        /^ledger-journal-\d+\.jsonl$/.test(name) ||
        name.endsWith('.tmp')
      ) {
        rmSync(join(this.dir, name), { force: true });
      }
    }
  }

  /** The persisted state, or null for a fresh ledger. Opens the journal for appending. */
  load(): LoadedState | null {
    const path = join(this.dir, SNAPSHOT_FILE);
    if (!existsSync(path)) return null;
    const snapshot = JSON.parse(readFileSync(path, 'utf8')) as LedgerSnapshot;
    const journalPath = this.journalPath(snapshot.generation);
    const journal: JournalEntry[] = [];
    if (existsSync(journalPath)) {
      const lines = readFileSync(journalPath, 'utf8').split('\n');
      for (const line of lines) {
        if (line.trim() === '') continue;
        try {
          journal.push(JSON.parse(line) as JournalEntry);
        } catch {
          break; // a torn last line: written by a crash before it was acknowledged
        }
      }
    }
    this.generation = snapshot.generation;
    this.entriesSinceSnapshot = journal.length;
    this.openJournal();
    return { snapshot, journal };
  }

  /** Appends one entry; `durable` fsyncs it before returning (acknowledged transactions). */
  append(entry: JournalEntry, durable: boolean): void {
    if (this.fd === null) this.openJournal();
    writeSync(this.fd!, JSON.stringify(entry) + '\n');
    if (durable) fdatasyncSync(this.fd!);
    this.entriesSinceSnapshot += 1;
  }

  get journalLength(): number {
    return this.entriesSinceSnapshot;
  }

  /** Writes `snapshot` as the next generation and starts its empty journal. */
  writeSnapshot(snapshot: Omit<LedgerSnapshot, 'generation' | 'version'>): void {
    const next = this.generation + 1;
    const full: LedgerSnapshot = { version: 1, generation: next, ...snapshot };
    const path = join(this.dir, SNAPSHOT_FILE);
    const tmp = `${path}.${process.pid}.tmp`;
    const fd = openSync(tmp, 'w', 0o600);
    writeSync(fd, JSON.stringify(full));
    fsyncSync(fd);
    closeSync(fd);
    renameSync(tmp, path);
    this.fsyncDir();
    const previous = this.generation;
    this.closeJournal();
    this.generation = next;
    this.entriesSinceSnapshot = 0;
    this.openJournal();
    rmSync(this.journalPath(previous), { force: true });
  }

  close(): void {
    this.closeJournal();
  }

  private journalPath(generation: number): string {
    return join(this.dir, `ledger-journal-${generation}.jsonl`);
  }

  private openJournal(): void {
    this.fd = openSync(this.journalPath(this.generation), 'a', 0o600);
  }

  private closeJournal(): void {
    if (this.fd !== null) {
      fdatasyncSync(this.fd);
      closeSync(this.fd);
      this.fd = null;
    }
  }

  private fsyncDir(): void {
    try {
      const fd = openSync(this.dir, 'r');
      fsyncSync(fd);
      closeSync(fd);
    } catch {
      // Windows cannot open a directory; its rename is durable enough for a sandbox.
    }
  }
}
