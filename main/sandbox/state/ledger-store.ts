/**
 * Durable state of the sandbox ledger: a snapshot, an append-only journal, and an append-only
 * history file of transaction records.
 *
 * litesvm 1.4.1 cannot serialize itself, so the ledger persists what it knows: every account it
 * has touched, its clock and its transaction records. Each executed transaction appends one
 * journal line (its record and the accounts it changed, so both land or neither does) and
 * fsyncs before the transaction is acknowledged: an acknowledged transaction survives `kill -9`.
 *
 * Compaction (1) appends the journal's records to the history file and fsyncs it, (2) writes a
 * snapshot of the accounts for generation n+1 that names the history file's length (temp file,
 * fsync, rename), (3) starts journal n+1. A restart reads the snapshot, the history file up to
 * the length it names (cutting off records a crash left between steps 1 and 2, which the old
 * journal still holds) and the journal of the snapshot's generation. So compaction costs the
 * accounts, not the whole history, and a crash at any step leaves a consistent state. A torn
 * last journal line (a crash mid-append, before the acknowledgement) is ignored.
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
  statSync,
  truncateSync,
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
  version: 2;
  generation: number;
  /** base64 of the 32-byte seed every blockhash derives from. */
  genesisSeed: string;
  genesisTime: number;
  slot: number;
  accounts: StoredAccount[];
  /** Bytes of the history file that belong to this snapshot. */
  historyBytes: number;
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
  /** Records of the history file, oldest first (the journal's come after them). */
  history: TransactionRecord[];
  journal: JournalEntry[];
}

const SNAPSHOT_FILE = 'ledger-snapshot.json';
const HISTORY_FILE = 'ledger-history.jsonl';

export class LedgerStore {
  private fd: number | null = null;
  private generation = 0;
  private entriesSinceSnapshot = 0;
  private historyBytes = 0;

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
    if (snapshot.version !== 2) {
      throw new Error(`${path} is from another sandbox version; start with --reset`);
    }
    const history = this.loadHistory(snapshot.historyBytes);
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
    // A journal of another generation is one a crash left behind after its snapshot was replaced.
    for (const name of readdirSync(this.dir)) {
      const match = /^ledger-journal-(\d+)\.jsonl$/.exec(name);
      if (match && Number(match[1]) !== snapshot.generation)
        rmSync(join(this.dir, name), { force: true });
    }
    this.openJournal();
    return { snapshot, history, journal };
  }

  private loadHistory(bytes: number): TransactionRecord[] {
    const path = join(this.dir, HISTORY_FILE);
    if (!existsSync(path)) {
      if (bytes > 0) throw new Error(`${path} is missing; start with --reset`);
      return [];
    }
    if (statSync(path).size < bytes)
      throw new Error(`${path} is shorter than its snapshot says; start with --reset`);
    // Records past `bytes` were appended by a compaction that crashed before its snapshot: the
    // old journal, replayed next, still holds them.
    truncateSync(path, bytes);
    this.historyBytes = bytes;
    const text = readFileSync(path, 'utf8');
    return text === ''
      ? []
      : text
          .trimEnd()
          .split('\n')
          .map((line) => JSON.parse(line) as TransactionRecord);
  }

  /** Appends one entry; `durable` fsyncs it before returning (acknowledged transactions). */
  append(entry: JournalEntry, durable: boolean): void {
    this.appendLine(JSON.stringify(entry), durable);
  }

  private appendLine(line: string, durable: boolean): void {
    if (this.fd === null) this.openJournal();
    writeSync(this.fd!, line + '\n');
    if (durable) fdatasyncSync(this.fd!);
    this.entriesSinceSnapshot += 1;
  }

  /** Appends a transaction's entry, its record given as JSON text, and fsyncs it. */
  appendTransaction(
    slot: number,
    recordJson: string,
    writes: StoredAccount[],
    deleted: string[],
  ): void {
    const rest = JSON.stringify({ writes, deleted }).slice(1);
    this.appendLine(`{"kind":"tx","slot":${slot},"record":${recordJson},${rest}`, true);
  }

  get journalLength(): number {
    return this.entriesSinceSnapshot;
  }

  /**
   * Appends `newRecords` (the JSON of the current journal's records) to the history file, then writes
   * `snapshot` as the next generation and starts its empty journal.
   */
  writeSnapshot(
    snapshot: Omit<LedgerSnapshot, 'generation' | 'version' | 'historyBytes'>,
    newRecords: readonly string[],
  ): void {
    if (newRecords.length > 0) {
      const historyFd = openSync(join(this.dir, HISTORY_FILE), 'a', 0o600);
      const text = newRecords.map((json) => json + '\n').join('');
      writeSync(historyFd, text);
      fdatasyncSync(historyFd);
      closeSync(historyFd);
      this.historyBytes += Buffer.byteLength(text);
    }
    const next = this.generation + 1;
    const full: LedgerSnapshot = {
      version: 2,
      generation: next,
      ...snapshot,
      historyBytes: this.historyBytes,
    };
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
