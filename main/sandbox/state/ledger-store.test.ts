import { appendFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LedgerStore } from './ledger-store';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const base = { genesisSeed: 'AA==', genesisTime: 1, accounts: [], records: [] };

describe('LedgerStore', () => {
  it('replays the journal of its snapshot generation and ignores a torn last line', () => {
    const dir = mkdtempSync(join(tmpdir(), 'store-'));
    dirs.push(dir);
    const store = new LedgerStore(dir);
    expect(store.load()).toBeNull();
    store.writeSnapshot({ ...base, slot: 5 });
    store.append({ kind: 'clock', slot: 30 }, true);
    store.append({ kind: 'clock', slot: 55 }, true);
    store.close();
    appendFileSync(join(dir, 'ledger-journal-1.jsonl'), '{"kind":"tx","slot":6'); // crash mid-append
    const reopened = new LedgerStore(dir);
    const loaded = reopened.load();
    expect(loaded?.snapshot.slot).toBe(5);
    expect(loaded?.journal.map((entry) => entry.slot)).toEqual([30, 55]);
    reopened.writeSnapshot({ ...base, slot: 60 });
    reopened.close();
    expect(readdirSync(dir).sort()).toEqual(['ledger-journal-2.jsonl', 'ledger-snapshot.json']);
    const third = new LedgerStore(dir);
    expect(third.load()).toMatchObject({ snapshot: { generation: 2, slot: 60 }, journal: [] });
    third.close();
    third.reset();
    expect(readdirSync(dir)).toEqual([]);
  });
});
