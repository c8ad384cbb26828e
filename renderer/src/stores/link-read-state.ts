/**
 * What reading a pasted link gives over time, for the links main reads before anything is
 * reviewed (a merchant's transaction request, a Solana Action): nothing yet, reading it, what
 * main read (`Read`), or main's refusal. `text` is the link it is about.
 */
import { useEffect } from 'react';
import type { BridgeError } from '../../../main/shared/result';

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
