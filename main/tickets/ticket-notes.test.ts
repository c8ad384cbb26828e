import { describe, expect, it } from 'vitest';
import { createTicketBook } from './ticket-book';
import { TicketNotes } from './ticket-notes';
import { unsignedTransfer } from '../../test/fixtures/unsigned-transfer';

/**
 * The pay handlers kept one payment summary per review in a plain map for the whole session;
 * the book forgets tickets past its capacity, the map never did.
 */
describe('notes kept beside the ticket book', () => {
  it('stay bounded by the book over 500 reviews and keep every ticket the book still holds', () => {
    const book = createTicketBook<null, null, string>({ now: () => 0, capacity: 8 });
    const notes = new TicketNotes<number>((id) => book.get(id) !== undefined);
    const transaction = unsignedTransfer();
    const ids: string[] = [];
    for (let n = 0; n < 500; n++) {
      const ticket = book.create({
        account: 'A',
        networkKey: 'sandbox',
        transaction,
        lastValidBlockHeight: 1,
        report: null,
        accepted: true,
        refusals: [],
        intent: null,
      });
      notes.set(ticket.id, n);
      ids.push(ticket.id);
    }
    expect(notes.size).toBeLessThanOrEqual(9);
    const held = ids.filter((id) => book.get(id) !== undefined);
    expect(held.length).toBeGreaterThan(0);
    for (const id of held) expect(notes.get(id)).toBe(ids.indexOf(id));
    expect(notes.get(ids[0]!)).toBeUndefined();
  });
});
