/**
 * What reading a pasted link gives over time, for the links main reads before anything is
 * reviewed (a merchant's transaction request, a Solana Action): nothing yet, reading it, what
 * main read (`Read`), or main's refusal. `text` is the link it is about.
 */
import type { BridgeError } from '../../../main/shared/result';

export type LinkReadState<Read extends object> =
  | { state: 'empty' }
  | { state: 'reading'; text: string }
  | ({ state: 'ready'; text: string } & Read)
  | { state: 'failed'; text: string; error: BridgeError };
