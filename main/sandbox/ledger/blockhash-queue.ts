/**
 * The sandbox's blocks: one slot per tick, one blockhash per slot, derived from the genesis seed
 * so that restarts need not store the queue. Block height equals the slot (the sandbox never
 * skips a slot). A blockhash is valid while the current height is at most its own height + 150,
 * which is what `lastValidBlockHeight` means on mainnet.
 */
import { createHash } from 'node:crypto';
import bs58 from 'bs58';

export const MAX_PROCESSING_AGE = 150;

/** The blockhash of a slot: sha256(seed || slot as u64 LE), base58. */
export function blockhashOfSlot(seed: Uint8Array, slot: number): string {
  const slotBytes = new Uint8Array(8);
  new DataView(slotBytes.buffer).setBigUint64(0, BigInt(slot), true);
  return bs58.encode(createHash('sha256').update(seed).update(slotBytes).digest());
}

/** The genesis hash: sha256 of the seed and a label, so it differs from every blockhash. */
export function genesisHashOf(seed: Uint8Array): string {
  return bs58.encode(createHash('sha256').update('swapdesk-sandbox-genesis').update(seed).digest());
}

export class BlockhashQueue {
  private readonly slotByHash = new Map<string, number>();
  private slot = 0;
  private started = false;

  constructor(private readonly seed: Uint8Array) {}

  /** Moves the head to `slot`, remembering the blockhashes still valid there. */
  advanceTo(slot: number): void {
    const from = Math.max(0, slot - MAX_PROCESSING_AGE, this.started ? this.slot + 1 : 0);
    for (let s = from; s <= slot; s++) this.slotByHash.set(blockhashOfSlot(this.seed, s), s);
    this.slot = slot;
    this.started = true;
    // Forget hashes well past expiry, keeping enough that the map stays small.
    if (this.slotByHash.size > 4 * MAX_PROCESSING_AGE) {
      for (const [hash, s] of this.slotByHash) {
        if (s < slot - 2 * MAX_PROCESSING_AGE) this.slotByHash.delete(hash);
      }
    }
  }

  currentSlot(): number {
    return this.slot;
  }

  latest(): { blockhash: string; lastValidBlockHeight: number } {
    return {
      blockhash: blockhashOfSlot(this.seed, this.slot),
      lastValidBlockHeight: this.slot + MAX_PROCESSING_AGE,
    };
  }

  /** The slot of a blockhash that is still valid now, or null (unknown or expired). */
  validSlotOf(blockhash: string): number | null {
    const slot = this.slotByHash.get(blockhash);
    if (slot === undefined || slot + MAX_PROCESSING_AGE < this.slot) return null;
    return slot;
  }

  /** The last (slot, blockhash) pairs, newest first, for the VM's SlotHashes sysvar. */
  recent(count: number): { slot: number; hash: string }[] {
    const out: { slot: number; hash: string }[] = [];
    for (let s = this.slot; s >= 0 && out.length < count; s--) {
      out.push({ slot: s, hash: blockhashOfSlot(this.seed, s) });
    }
    return out;
  }
}
