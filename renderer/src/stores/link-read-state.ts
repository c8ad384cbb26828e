/**
 * What reading a pasted link gives over time, for the links main reads before anything is
 * reviewed (a merchant's transaction request, a Solana Action): nothing yet, reading it, what
 * main read (`Read`), or main's refusal. `text` is the link it is about.
 */
import { useEffect } from 'react';
import type { BridgeError, Result } from '../../../main/shared/result';
import type { ReviewTicketView } from '../../../preload/api-types';

export type LinkReadState<Read extends object> =
  | { state: 'empty' }
  | { state: 'reading'; text: string }
  | ({ state: 'ready'; text: string } & Read)
  | { state: 'failed'; text: string; error: BridgeError };

/** A store that reads one kind of pasted link (merchant-store, action-store). */
export interface LinkReader {
  getState: () => { read: (text: string) => Promise<void>; clear: () => void };
}

/**
 * Keeps `store` on `text`, the pasted link when it is of the store's kind: each new link is
 * read, and the store is cleared when there is none.
 */
export function useLinkReading(store: LinkReader, text: string | null): void {
  useEffect(() => {
    if (text === null) store.getState().clear();
    else void store.getState().read(text);
  }, [store, text]);
}

/**
 * A link's review answer (a merchant's transaction, an Action's): the ticket goes on to the
 * review flow, and the rest (what main read in the transaction) to `keep`, for the link's
 * panel to show beside the review.
 */
export function passTicketOn<Answer extends { ticket: ReviewTicketView }>(
  result: Result<Answer>,
  keep: (reviewed: Omit<Answer, 'ticket'>) => void,
): Result<ReviewTicketView> {
  if (!result.ok) return result;
  const { ticket, ...reviewed } = result.value;
  keep(reviewed);
  return { ok: true, value: ticket };
}
