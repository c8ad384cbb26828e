import { describe, expect, it } from 'vitest';
import { maximumShare, minimumShare } from './leg-bounds';

const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);

describe('sharing a route bound over a split hop', () => {
  it('ExactIn: the legs’ minimums sum to at least the route’s, each within its quote', () => {
    // A hop split about 57% / 43%, like the last hop of the route review-honest refused:
    // rounding both shares down leaves the sum a unit below the person's minimum.
    const legs = [114_359_152_173n, 86_271_010_917n];
    const whole = sum(legs);
    const bound = whole - 6_017_327_537n;
    const down = legs.map((part) => maximumShare(bound, part, whole));
    expect(sum(down)).toBe(bound - 1n);
    const up = legs.map((part) => minimumShare(bound, part, whole));
    expect(sum(up) >= bound).toBe(true);
    expect(sum(up) - bound < BigInt(legs.length)).toBe(true);
    up.forEach((share, i) => expect(share <= legs[i]).toBe(true));
  });

  it('holds for many splits of two, three and four legs', () => {
    let seed = 20261128n;
    const next = () => {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      return ((seed >> 16n) % 10_000_000_000n) + 1n;
    };
    for (let run = 0; run < 2000; run++) {
      const legs = Array.from({ length: 2 + (run % 3) }, next);
      const whole = sum(legs);
      const bound = whole - (next() % whole);
      const up = legs.map((part) => minimumShare(bound, part, whole));
      expect(sum(up) >= bound).toBe(true);
      up.forEach((share, i) => expect(share <= legs[i]).toBe(true));
      const down = legs.map((part) => maximumShare(bound, part, whole));
      expect(sum(down) <= bound).toBe(true);
    }
  });

  it('gives a hop without quoted amounts the whole bound', () => {
    expect(minimumShare(7n, 0n, 0n)).toBe(7n);
    expect(maximumShare(7n, 0n, 0n)).toBe(7n);
  });
});
