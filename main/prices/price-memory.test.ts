/**
 * The service's earlier prices (issue 32): kept spaced, oldest kept when full, forgotten after
 * a day, and bounded in tokens (issue 36: nothing in main grows without a bound).
 */
import { describe, expect, it } from 'vitest';
import { createPriceMemory } from './price-memory';

const MIN = 60_000;

describe('the price memory', () => {
  it('keeps the first price and the newest within the spacing, not every refresh', () => {
    const memory = createPriceMemory({ spacingMs: 5 * MIN });
    memory.record('A', '1.00', 0);
    memory.record('A', '1.01', 1 * MIN);
    memory.record('A', '1.02', 2 * MIN);
    expect(memory.earlier('A', 2 * MIN)).toEqual([
      { usdPrice: '1.00', at: 0 },
      { usdPrice: '1.02', at: 2 * MIN },
    ]);
    memory.record('A', '1.50', 8 * MIN);
    expect(memory.earlier('A', 8 * MIN).map((s) => s.usdPrice)).toEqual(['1.00', '1.02', '1.50']);
  });

  it('keeps the oldest sample when full: a slow lie has not reached it yet', () => {
    const memory = createPriceMemory({ spacingMs: MIN, samplesPerMint: 4 });
    for (let i = 0; i < 20; i += 1) memory.record('A', `${100 - i}`, i * 2 * MIN);
    const samples = memory.earlier('A', 40 * MIN);
    expect(samples).toHaveLength(4);
    expect(samples[0]).toEqual({ usdPrice: '100', at: 0 });
    expect(samples[3]).toEqual({ usdPrice: '81', at: 38 * MIN });
  });

  it('forgets prices older than its window', () => {
    const memory = createPriceMemory({ windowMs: 60 * MIN });
    memory.record('A', '1', 0);
    memory.record('A', '2', 30 * MIN);
    expect(memory.earlier('A', 70 * MIN).map((s) => s.usdPrice)).toEqual(['2']);
    expect(memory.earlier('A', 100 * MIN)).toEqual([]);
  });

  it('holds at most maxMints tokens, forgetting the least recently priced', () => {
    const memory = createPriceMemory({ maxMints: 100 });
    for (let i = 0; i < 5_000; i += 1) memory.record(`M${i}`, '1', i);
    memory.record('M4900', '2', 6_000);
    for (let i = 5_000; i < 5_099; i += 1) memory.record(`M${i}`, '1', i);
    expect(memory.size()).toBe(100);
    expect(memory.earlier('M0', 6_000)).toEqual([]);
    expect(memory.earlier('M4900', 6_000).length).toBeGreaterThan(0);
  });
});
