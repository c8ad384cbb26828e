/**
 * The store behind the quote book and the payment-plan book (pay/plan-book.ts): entries under
 * a random id, the newest `capacity` of them kept, each until it expires, and one refusal that
 * says why an id is gone (gone-quotes.ts): evicted, expired, of another network, or unknown.
 */
import { WalletError, type ErrorCode } from '../shared/errors';
import { goneMessage, GoneIds } from './gone-quotes';

/** Entries live 2 minutes unless the book is told otherwise (prices move). */
const DEFAULT_TTL_MS = 120_000;

/** A book's clock, and how long and how many it keeps when not its defaults. */
export interface ShelfOptions {
  now: () => number;
  ttlMs?: number;
  capacity?: number;
}

/** What the shelf needs of an entry. */
export interface Shelved {
  id: string;
  networkKey: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export interface ExpiringShelf<T extends Shelved> {
  /** When an entry put now expires. */
  expiryFromNow(): number;
  /** Keeps `entry`, dropping the oldest past the capacity. */
  put(entry: T): T;
  /** The entry; throws `code` saying why when it is not there. */
  take(id: string, networkKey: string): T;
}

/**
 * @example const shelf = createExpiringShelf<StoredQuote>({ now }, { capacity: 64, code: 'QUOTE_NOT_FOUND', thing: 'quote' });
 */
export function createExpiringShelf<T extends Shelved>(
  options: ShelfOptions,
  book: {
    /** The capacity unless `options` names one. */
    capacity: number;
    /** The error code of a refused take. */
    code: ErrorCode;
    /** How the person knows an entry: "quote", "payment quote". */
    thing: string;
  },
): ExpiringShelf<T> {
  const { now } = options;
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const capacity = options.capacity ?? book.capacity;
  const { code, thing } = book;
  const entries = new Map<string, T>();
  const gone = new GoneIds();
  const notFound = (what: Parameters<typeof goneMessage>[0]) =>
    new WalletError(code, goneMessage(what, { thing, capacity, ttlMs }));
  return {
    expiryFromNow: () => now() + ttlMs,
    put(entry) {
      entries.set(entry.id, entry);
      for (const key of entries.keys()) {
        if (entries.size <= capacity) break;
        entries.delete(key);
        gone.note(key, 'evicted');
      }
      return entry;
    },
    take(id, networkKey) {
      const entry = entries.get(id);
      if (!entry) throw notFound(gone.reasonOf(id) ?? 'unknown');
      if (entry.networkKey !== networkKey) throw notFound('other-network');
      if (now() >= entry.expiresAt) {
        entries.delete(id);
        gone.note(id, 'expired');
        throw notFound('expired');
      }
      return entry;
    },
  };
}
