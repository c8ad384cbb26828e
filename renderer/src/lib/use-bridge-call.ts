/**
 * The state every form that sends one bridge call keeps: whether the call is under way (its
 * submit waits) and the refusal it answered (the form's alert region shows it). Shared so that
 * each form handles a call the same way: pending while it runs, the refusal kept until the
 * next try.
 */
import { useState } from 'react';
import type { BridgeError, Result } from '../../../main/shared/result';

export interface BridgeCallOptions {
  /**
   * Leave the last refusal on screen while the next try runs (a dialog whose words stay until
   * the answer replaces them); by default it is cleared when the call starts.
   */
  keepErrorWhilePending?: boolean;
}

export interface BridgeCall {
  pending: boolean;
  error: BridgeError | null;
  /** Shows a refusal of the form's own (an empty field), or clears it with null. */
  setError: (error: BridgeError | null) => void;
  /** Runs `call` with `pending` set; a failed result's error becomes `error`. */
  run: <T>(call: () => Promise<Result<T>>) => Promise<Result<T>>;
}

/**
 * One bridge call's pending flag and refusal.
 *
 * @example
 * const save = useBridgeCall();
 * const result = await save.run(() => rename(address, label));
 * if (result.ok) onClose();
 */
export function useBridgeCall({
  keepErrorWhilePending = false,
}: BridgeCallOptions = {}): BridgeCall {
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);
  const run = async <T>(call: () => Promise<Result<T>>): Promise<Result<T>> => {
    setPending(true);
    if (!keepErrorWhilePending) setError(null);
    const result = await call();
    setPending(false);
    if (!result.ok) setError(result.error);
    return result;
  };
  return { pending, error, setError, run };
}
