/**
 * Facts a handler keeps beside the ticket book, by ticket id (what Activity records for a
 * payment). They live exactly as long as the book holds the ticket: a note whose ticket the
 * book has forgotten can never be read again (a late approve of a forgotten ticket is answered
 * by the book alone), so it is dropped, and memory stays bounded by the book's capacity however
 * many reviews a session makes.
 */
export class TicketNotes<Note> {
  private readonly notes = new Map<string, Note>();

  constructor(private readonly holds: (ticketId: string) => boolean) {}

  /** Keeps `note` for `ticketId`, and drops the notes of tickets the book no longer holds. */
  set(ticketId: string, note: Note): void {
    this.notes.set(ticketId, note);
    for (const id of this.notes.keys()) {
      if (!this.holds(id)) this.notes.delete(id);
    }
  }

  get(ticketId: string): Note | undefined {
    return this.notes.get(ticketId);
  }

  get size(): number {
    return this.notes.size;
  }
}
