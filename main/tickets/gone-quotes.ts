/**
 * Why a quote (or payment plan) the renderer names is no longer in its book, in words (issue
 * 26): evicted because newer ones filled the book, expired, made on another network, or never
 * known. The book forgets a quote; this remembers, for a bounded number of ids, how it went, so
 * a review of an evicted quote says that rather than "too old".
 */

export type GoneReason = 'evicted' | 'expired';

/** How many forgotten ids keep their reason (ids are UUIDs: 1,024 of them are ~100 KB). */
const REMEMBERED = 1024;

export class GoneIds {
  private readonly reasons = new Map<string, GoneReason>();

  note(id: string, reason: GoneReason): void {
    this.reasons.delete(id);
    this.reasons.set(id, reason);
    for (const key of this.reasons.keys()) {
      if (this.reasons.size <= REMEMBERED) break;
      this.reasons.delete(key);
    }
  }

  reasonOf(id: string): GoneReason | undefined {
    return this.reasons.get(id);
  }
}

/** How the person knows the thing: "quote" or "payment quote"; how many the book keeps. */
export interface GoneWording {
  thing: string;
  capacity: number;
  ttlMs: number;
}

/** The sentence for a quote that cannot be reviewed, by what happened to it. */
export function goneMessage(
  what: GoneReason | 'other-network' | 'unknown',
  { thing, capacity, ttlMs }: GoneWording,
): string {
  const again = `Ask for a new ${thing} and review again.`;
  switch (what) {
    case 'evicted':
      return `This ${thing} was dropped: more than ${capacity} newer ${thing}s were made after it, and the wallet keeps only the latest ${capacity}. ${again}`;
    case 'expired':
      return `This ${thing} expired (the wallet keeps a ${thing} ${Math.round(ttlMs / 1000)} seconds; prices move). ${again}`;
    case 'other-network':
      return `This ${thing} was made on another network than the one selected now. ${again}`;
    case 'unknown':
      return `The wallet has no ${thing} with this id (${thing}s are not kept across a restart or a change of network). ${again}`;
  }
}
