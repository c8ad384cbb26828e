import { appendFileSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerStore } from './ledger-store';
import type { TransactionRecord } from '../ledger/history';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const base = { genesisSeed: 'AA==', genesisTime: 1, accounts: [] };

describe('LedgerStore', () => {
  it('replays the journal of its snapshot generation and ignores a torn last line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-'));
    dirs.push(dir);
    const store = new LedgerStore(dir);
    expect(store.load()).toBeNull();
    store.writeSnapshot({ ...base, slot: 5 }, []);
    store.append({ kind: 'clock', slot: 30 }, true);
    store.append({ kind: 'clock', slot: 55 }, true);
    store.close();
    appendFileSync(join(dir, 'ledger-journal-1.jsonl'), '{"kind":"tx","slot":6'); // crash mid-append
    appendFileSync(join(dir, 'ledger-journal-0.jsonl'), '{"kind":"clock","slot":1}\n'); // left by a crash
    const reopened = new LedgerStore(dir);
    const loaded = reopened.load();
    expect(loaded?.snapshot.slot).toBe(5);
    expect(loaded?.journal.map((entry) => entry.slot)).toEqual([30, 55]);
    expect(readdirSync(dir)).not.toContain('ledger-journal-0.jsonl');
    reopened.writeSnapshot({ ...base, slot: 60 }, []);
    reopened.close();
    expect(readdirSync(dir).sort()).toEqual(['ledger-journal-2.jsonl', 'ledger-snapshot.json']); // no records, no history file
    const third = new LedgerStore(dir);
    expect(third.load()).toMatchObject({ snapshot: { generation: 2, slot: 60 }, journal: [] });
    third.close();
    third.reset();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps records in the history file and cuts off what a crashed compaction appended', () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-'));
    dirs.push(dir);
    const record = (signature: string) => ({ signature, slot: 1 }) as unknown as TransactionRecord;
    const store = new LedgerStore(dir);
    store.load();
    store.writeSnapshot(
      { ...base, slot: 1 },
      [record('a'), record('b')].map((r) => JSON.stringify(r)),
    );
    store.appendTransaction(2, JSON.stringify(record('c')), [], []);
    store.close();
    // A compaction that appended "c" to the history file and crashed before its snapshot.
    const historyPath = join(dir, 'ledger-history.jsonl');
    const before = statSync(historyPath).size;
    appendFileSync(historyPath, JSON.stringify(record('c')) + '\n');
    const reopened = new LedgerStore(dir);
    const loaded = reopened.load()!;
    expect(loaded.history.map((r) => r.signature)).toEqual(['a', 'b']);
    expect(
      loaded.journal.map((entry) => (entry.kind === 'tx' ? entry.record.signature : null)),
    ).toEqual(['c']);
    expect(statSync(historyPath).size).toBe(before);
    reopened.writeSnapshot({ ...base, slot: 3 }, [JSON.stringify(record('c'))]);
    reopened.close();
    const third = new LedgerStore(dir);
    const final = third.load()!;
    expect(final.history.map((r) => r.signature)).toEqual(['a', 'b', 'c']);
    expect(final.journal).toEqual([]);
    third.close();
  });
});
