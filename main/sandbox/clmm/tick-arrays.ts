/**
 * How a CLMM swap walks its tick arrays, as the program does (raydium-io/raydium-clmm at
 * a5a46ff: states/tick_array.rs `next_initialized_tick`, `first_initialized_tick`,
 * `get_array_start_index`; libraries/tick_array_bit_map.rs; states/pool.rs
 * `get_first_initialized_tick_array`). Only the pool's default bitmap is read: the sandbox's
 * pools keep every tick array inside it (±512 arrays around tick 0), and past it the program
 * finds nothing either, its bitmap extension being empty.
 */
import { TICKS_PER_ARRAY, type ClmmTick, type ClmmTickArray } from './state';

const BITMAP_ARRAYS = 512;

/** The start of the array holding `tick` (rounds towards −∞). */
export function arrayStartIndex(tick: number, tickSpacing: number): number {
  const span = TICKS_PER_ARRAY * tickSpacing;
  let start = Math.trunc(tick / span);
  if (tick < 0 && tick % span !== 0) start -= 1;
  return start * span;
}

function bitPosition(startIndex: number, tickSpacing: number): number {
  return startIndex / (TICKS_PER_ARRAY * tickSpacing) + BITMAP_ARRAYS;
}

/** Whether the array holding `tick` has an initialized tick, and its start. */
export function currentArray(
  bitmap: bigint,
  tick: number,
  tickSpacing: number,
): { initialized: boolean; start: number } {
  const start = arrayStartIndex(tick, tickSpacing);
  const bit = bitPosition(start, tickSpacing);
  return { initialized: ((bitmap >> BigInt(bit)) & 1n) === 1n, start };
}

/** The next array with an initialized tick after `lastStart` in the swap's direction, or null. */
export function nextInitializedArray(
  bitmap: bigint,
  lastStart: number,
  tickSpacing: number,
  zeroForOne: boolean,
): number | null {
  const span = TICKS_PER_ARRAY * tickSpacing;
  const boundary = span * BITMAP_ARRAYS;
  const next = zeroForOne ? lastStart - span : lastStart + span;
  if (next < -boundary || next >= boundary) return null;
  const bit = bitPosition(next, tickSpacing);
  if (zeroForOne) {
    const below = bitmap & ((1n << BigInt(bit + 1)) - 1n);
    if (below === 0n) return null;
    return (below.toString(2).length - 1 - BITMAP_ARRAYS) * span;
  }
  const above = bitmap >> BigInt(bit);
  if (above === 0n) return null;
  const lowest = (above & -above).toString(2).length - 1;
  return (bit + lowest - BITMAP_ARRAYS) * span;
}

/** The array's next initialized tick from `tick` (at or below it going down, above it going up). */
export function nextInitializedTick(
  array: ClmmTickArray,
  tick: number,
  tickSpacing: number,
  zeroForOne: boolean,
): ClmmTick | null {
  if (arrayStartIndex(tick, tickSpacing) !== array.startIndex) return null;
  let offset = Math.trunc((tick - array.startIndex) / tickSpacing);
  if (zeroForOne) {
    for (; offset >= 0; offset -= 1) {
      const found = array.ticks[offset];
      if (found) return found;
    }
  } else {
    for (offset += 1; offset < TICKS_PER_ARRAY; offset += 1) {
      const found = array.ticks[offset];
      if (found) return found;
    }
  }
  return null;
}

/** The array's first initialized tick in the swap's direction (highest going down). */
export function firstInitializedTick(array: ClmmTickArray, zeroForOne: boolean): ClmmTick | null {
  const ticks = zeroForOne ? [...array.ticks].reverse() : array.ticks;
  return ticks.find((tick) => tick !== null) ?? null;
}

/** The start indices of every initialized array of the default bitmap, lowest first. */
export function initializedArrayStarts(bitmap: bigint, tickSpacing: number): number[] {
  const starts: number[] = [];
  const span = TICKS_PER_ARRAY * tickSpacing;
  for (let bit = 0; bitmap >> BigInt(bit) !== 0n; bit += 1) {
    if (((bitmap >> BigInt(bit)) & 1n) === 1n) starts.push((bit - BITMAP_ARRAYS) * span);
  }
  return starts;
}
