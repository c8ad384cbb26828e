/**
 * Slots in real time: the slot is computed from the wall clock whenever it is asked for, so a
 * busy event loop never makes the chain fall behind. `slotMs: 0` stops the clock; the slot then
 * moves only through `advance` (deterministic tests and benchmarks).
 */
export class LedgerClock {
  private baseSlot: number;
  private baseTime: number;
  private manualSlot: number;

  constructor(
    startSlot: number,
    private readonly slotMs: number,
    private readonly now: () => number,
  ) {
    this.baseSlot = startSlot;
    this.baseTime = now();
    this.manualSlot = startSlot;
  }

  slot(): number {
    if (this.slotMs <= 0) return this.manualSlot;
    return this.baseSlot + Math.floor((this.now() - this.baseTime) / this.slotMs);
  }

  /** Moves the clock forward by `slots` (on top of real time when the clock runs). */
  advance(slots: number): void {
    if (this.slotMs <= 0) this.manualSlot += slots;
    else this.baseSlot += slots;
  }

  unixTimestamp(): number {
    return Math.floor(this.now() / 1000);
  }
}
