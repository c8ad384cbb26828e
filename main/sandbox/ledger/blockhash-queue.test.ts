import { describe, expect, it } from 'vitest';
import { BlockhashQueue, blockhashOfSlot } from './blockhash-queue';

describe('BlockhashQueue', () => {
  it('keeps a blockhash valid through its lastValidBlockHeight and not one block longer', () => {
    const seed = new Uint8Array(32).fill(7);
    const queue = new BlockhashQueue(seed);
    queue.advanceTo(10);
    const { blockhash, lastValidBlockHeight } = queue.latest();
    expect(lastValidBlockHeight).toBe(160);
    expect(blockhash).toBe(blockhashOfSlot(seed, 10));
    queue.advanceTo(160);
    expect(queue.validSlotOf(blockhash)).toBe(10);
    queue.advanceTo(161);
    expect(queue.validSlotOf(blockhash)).toBeNull();
    expect(queue.validSlotOf('11111111111111111111111111111111')).toBeNull();
  });

  it('derives the same blockhashes from the same seed (restarts need not store them)', () => {
    const seed = new Uint8Array(32).fill(1);
    const a = new BlockhashQueue(seed);
    const b = new BlockhashQueue(seed);
    a.advanceTo(500);
    b.advanceTo(400);
    b.advanceTo(500);
    expect(b.latest()).toEqual(a.latest());
    expect(b.validSlotOf(blockhashOfSlot(seed, 360))).toBe(360);
    expect(blockhashOfSlot(seed, 1)).not.toBe(blockhashOfSlot(new Uint8Array(32).fill(2), 1));
  });
});
