import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActivityFile } from './activity-file';
import { activityView, createActivityStore, type NewActivity } from './activity-store';
import { explorerUrl } from './explorer-link';
import { tempDir } from '../../test/fixtures/temp-dirs';

const SIGNATURE = '5'.repeat(87);

function entry(overrides: Partial<NewActivity> = {}): NewActivity {
  return {
    kind: 'swap',
    networkId: 'sandbox',
    rpcUrl: 'http://127.0.0.1:1',
    account: 'Acc1111111111111111111111111111111111111111',
    signature: SIGNATURE,
    status: 'pending',
    error: null,
    sent: false,
    lastValidBlockHeight: 42,
    swap: {
      swapMode: 'ExactIn',
      inputMint: 'So11111111111111111111111111111111111111112',
      outputMint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
      inAmount: '100000000',
      outAmount: '15000000',
      otherAmountThreshold: '14925000',
    },
    ...overrides,
  };
}

describe('activity store', () => {
  it('journals an entry to disk before answering and keeps it across a restart', async () => {
    const dataDir = tempDir('swapdesk-activity-');
    let clock = Date.parse('2026-11-22T03:00:00Z');
    const store = createActivityStore({ file: createActivityFile(dataDir), now: () => clock });
    const added = await store.add(entry());
    const onDisk = JSON.parse(readFileSync(join(dataDir, 'activity.json'), 'utf8'));
    expect(onDisk.entries).toHaveLength(1);
    expect(onDisk.entries[0]).toMatchObject({ id: added.id, status: 'pending', sent: false });

    clock += 5_000;
    await store.update(added.id, { sent: true });
    await store.update(added.id, { status: 'confirmed', slot: 311 });
    const second = await store.add(entry({ signature: '4'.repeat(88), networkId: 'mainnet' }));

    const restarted = createActivityStore({ file: createActivityFile(dataDir), now: () => clock });
    const list = await restarted.list();
    expect(list.map((e) => e.id)).toEqual([second.id, added.id]); // newest first
    expect(list[1]).toMatchObject({
      status: 'confirmed',
      sent: true,
      createdAt: '2026-11-22T03:00:00.000Z',
      updatedAt: '2026-11-22T03:00:05.000Z',
    });
    // The slot it landed in is kept and shown (Activity orders by it within a second).
    expect(activityView(list[1]!).slot).toBe(311);
    expect(activityView(list[0]!)).not.toHaveProperty('slot');
    expect(await restarted.pending('mainnet')).toHaveLength(1);
    expect(await restarted.pending('sandbox')).toHaveLength(0);
    expect((await restarted.bySignature(SIGNATURE))?.id).toBe(added.id);
  });

  it('applies concurrent updates one after another, losing none', async () => {
    const dataDir = tempDir('swapdesk-activity-');
    const store = createActivityStore({ file: createActivityFile(dataDir), now: Date.now });
    const entries = await Promise.all(
      Array.from({ length: 8 }, (_, i) => store.add(entry({ signature: `${i}`.repeat(88) }))),
    );
    await Promise.all(entries.map((e) => store.update(e.id, { status: 'confirmed' })));
    const fresh = createActivityStore({ file: createActivityFile(dataDir), now: Date.now });
    const statuses = (await fresh.list()).map((e) => e.status);
    expect(statuses).toEqual(Array(8).fill('confirmed'));
  });

  it('rejects a journal write that fails, and memory stays as the disk is', async () => {
    const dataDir = tempDir('swapdesk-activity-');
    const store = createActivityStore({ file: createActivityFile(dataDir), now: Date.now });
    const first = await store.add(entry());
    // The file's place taken by a non-empty folder: the atomic rename fails.
    rmSync(join(dataDir, 'activity.json'));
    mkdirSync(join(dataDir, 'activity.json'));
    writeFileSync(join(dataDir, 'activity.json', 'x'), 'x');
    await expect(store.add(entry({ signature: '6'.repeat(88) }))).rejects.toMatchObject({
      code: 'ACTIVITY_FILE_UNWRITABLE',
    });
    expect((await store.list()).map((e) => e.id)).toEqual([first.id]);
  });

  it('leaves a damaged file untouched and says so', async () => {
    const dataDir = tempDir('swapdesk-activity-');
    writeFileSync(join(dataDir, 'activity.json'), '{"version":1,"entries":[{"id":1}]}');
    const store = createActivityStore({ file: createActivityFile(dataDir), now: Date.now });
    await expect(store.list()).rejects.toMatchObject({
      code: 'ACTIVITY_FILE_UNREADABLE',
      message: expect.stringMatching(/damaged and has been left untouched/),
    });
    expect(readFileSync(join(dataDir, 'activity.json'), 'utf8')).toContain('"id":1');
  });

  it('shows amounts as strings and an explorer link off the sandbox', async () => {
    const dataDir = tempDir('swapdesk-activity-');
    const store = createActivityStore({ file: createActivityFile(dataDir), now: Date.now });
    const sandbox = activityView(await store.add(entry()));
    expect(sandbox).toMatchObject({
      inAmount: '100000000',
      outAmount: '15000000',
      explorerUrl: null,
    });
    const mainnet = activityView(await store.add(entry({ networkId: 'mainnet' })));
    expect(mainnet.explorerUrl).toBe(`https://explorer.solana.com/tx/${SIGNATURE}`);
  });
});

describe('explorer links', () => {
  it('points custom networks at their own RPC', () => {
    expect(explorerUrl('custom', 'abc', 'https://rpc.example.com/solana')).toBe(
      'https://explorer.solana.com/tx/abc?cluster=custom&customUrl=https%3A%2F%2Frpc.example.com%2Fsolana',
    );
    // A query may hold the provider's API key: no link rather than handing it to the explorer.
    expect(explorerUrl('custom', 'abc', 'https://rpc.example.com/?api-key=1')).toBeNull();
    expect(explorerUrl('sandbox', 'abc', 'http://127.0.0.1:1')).toBeNull();
  });
});
