/**
 * How a bridge read ends in a store's state: `ready` with the answer under the state's own name
 * for it (`request`, `receipt`, `ticket`), or `failed` with main's refusal. Shared so that the
 * states that read one answer (a parsed request, a receipt, a review) end the same way.
 */
import type { BridgeError, Result } from '../../../main/shared/result';

/** The two ends of a read whose answer the state holds under `Key`. */
export type ReadEnd<Key extends string, Value> =
  ({ state: 'ready' } & { [K in Key]: Value }) | { state: 'failed'; error: BridgeError };

/**
 * The end a bridge answer gives a read.
 *
 * @example set({ receipt: readEnd(result, 'receipt') });
 */
export function readEnd<Key extends string, Value>(
  result: Result<Value>,
  key: Key,
): ReadEnd<Key, Value> {
  if (!result.ok) return { state: 'failed', error: result.error };
  // A computed key widens to `string` in TypeScript's eyes; it is `key`, so the shape holds.
  return { state: 'ready', [key]: result.value } as { state: 'ready' } & { [K in Key]: Value };
}
