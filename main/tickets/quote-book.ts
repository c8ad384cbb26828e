/**
 * Quotes the renderer was shown, kept in main under a random id: the service's raw answer never
 * crosses the bridge (POST /swap must send it back verbatim), and swap.review can only build a
 * transaction for a quote the wallet itself received, on the network it was received on.
 */
import { randomUUID } from 'node:crypto';
import type { Quote } from '../swap-api';
import { createExpiringShelf, type ShelfOptions } from './expiring-shelf';

export interface StoredQuote<Extra> {
  id: string;
  quote: Quote;
  /** What the /swap request needs besides the quote (priority fee, legacy transaction...). */
  extra: Extra;
  networkKey: string;
  /** Milliseconds since the epoch. */
  expiresAt: number;
}

export interface QuoteBook<Extra> {
  add(quote: Quote, extra: Extra, networkKey: string): StoredQuote<Extra>;
  /**
   * The stored quote; throws QUOTE_NOT_FOUND saying why when it is not there: evicted by newer
   * quotes, expired, of another network, or unknown.
   */
  take(id: string, networkKey: string): StoredQuote<Extra>;
}

/**
 * Creates the book. Quotes live `ttlMs` (default 2 minutes; the screen refreshes them well
 * before), at most `capacity` of them (the person types: many quotes, few reviews).
 *
 * @example
 * const quotes = createQuoteBook<SwapExtras>({ now: Date.now });
 * const { id } = quotes.add(quote, extras, networkKey);
 */
export function createQuoteBook<Extra>(options: ShelfOptions): QuoteBook<Extra> {
  const shelf = createExpiringShelf<StoredQuote<Extra>>(options, {
    capacity: 64,
    code: 'QUOTE_NOT_FOUND',
    thing: 'quote',
  });
  return {
    add: (quote, extra, networkKey) =>
      shelf.put({ id: randomUUID(), quote, extra, networkKey, expiresAt: shelf.expiryFromNow() }),
    take: (id, networkKey) => shelf.take(id, networkKey),
  };
}
