/**
 * The ledger's time: the real-time slot clock, the blockhash queue that follows it, and the
 * VM's view of it (Clock and SlotHashes sysvars), kept in step lazily.
 */
import { ADDRESS_LOOKUP_TABLE_PROGRAM_ID } from '../tokens';
import { BlockhashQueue, MAX_PROCESSING_AGE } from './blockhash-queue';
import { LedgerClock } from './ledger-clock';
import { Clock, type VmInstance } from './vm';
import type { ParsedTransaction } from './wire';

/** The clock is journalled this often; a restart resumes this many slots later. */
export const CLOCK_JOURNAL_SLOTS = 25;
const SLOTS_PER_EPOCH = 432_000;

export class ChainTime {
  readonly queue: BlockhashQueue;
  private readonly clock: LedgerClock;
  private journalledSlot: number;
  private vmSlot = -1;
  private vmClockSlot = -Infinity;
  private vmSlotHashesSlot = -1;

  constructor(
    seed: Uint8Array,
    startSlot: number,
    slotMs: number,
    now: () => number,
    private readonly genesisTime: number,
  ) {
    this.queue = new BlockhashQueue(seed);
    this.clock = new LedgerClock(startSlot, slotMs, now);
    this.journalledSlot = startSlot;
    this.queue.advanceTo(startSlot);
  }

  /**
   * Brings the blockhash queue to the clock's slot. Answers the slot when it is time to journal
   * the clock (every CLOCK_JOURNAL_SLOTS slots), else null.
   */
  tick(): number | null {
    const slot = this.clock.slot();
    if (slot === this.queue.currentSlot()) return null;
    this.queue.advanceTo(slot);
    if (slot - this.journalledSlot < CLOCK_JOURNAL_SLOTS) return null;
    this.journalledSlot = slot;
    return slot;
  }

  advance(slots: number): void {
    this.clock.advance(slots);
  }

  unixTimestamp(): number {
    return this.clock.unixTimestamp();
  }

  /** Sets the VM's Clock to `unix` seconds (genesis runs in the past; see the ledger). */
  setVmUnixTime(vm: VmInstance, unix: number): void {
    const slot = this.queue.currentSlot();
    vm.setClock(new Clock(BigInt(slot), BigInt(unix), 0n, 1n, BigInt(unix)));
    this.vmClockSlot = slot;
  }

  /** Makes the next sync write the real Clock. */
  forgetVmClock(): void {
    this.vmClockSlot = -Infinity;
  }

  /**
   * Gives the VM the current slot. Writing a sysvar is costly in litesvm 1.4.1 (the next
   * transaction rebuilds caches), so per slot only `warpToSlot` runs; the Clock's unix time is
   * refreshed every CLOCK_JOURNAL_SLOTS slots, and SlotHashes (read only by the lookup-table
   * program, to check `recent_slot`) only before a transaction that calls that program.
   */
  syncVm(vm: VmInstance, parsed: ParsedTransaction | null): void {
    const slot = this.queue.currentSlot();
    if (slot !== this.vmSlot) {
      vm.warpToSlot(BigInt(slot));
      // Each slot has its own blockhash, as on a validator: durable nonces are derived from
      // it, and AdvanceNonceAccount refuses to advance within the slot a nonce was stored in.
      vm.expireBlockhash();
      this.vmSlot = slot;
    }
    if (Math.abs(slot - this.vmClockSlot) >= CLOCK_JOURNAL_SLOTS) {
      const epoch = BigInt(Math.floor(slot / SLOTS_PER_EPOCH));
      const unix = BigInt(this.clock.unixTimestamp());
      vm.setClock(new Clock(BigInt(slot), BigInt(this.genesisTime), epoch, epoch + 1n, unix));
      this.vmClockSlot = slot;
    }
    if (
      parsed?.accountKeys.includes(ADDRESS_LOOKUP_TABLE_PROGRAM_ID) &&
      this.vmSlotHashesSlot !== slot
    ) {
      const hashes = this.queue.recent(MAX_PROCESSING_AGE);
      vm.setSlotHashes(hashes.map(({ slot: s, hash }) => ({ slot: BigInt(s), hash })));
      this.vmSlotHashesSlot = slot;
    }
  }
}
