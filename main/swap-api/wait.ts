/** The real `wait` for createSwapApiClient: a timer that an AbortSignal clears early. */
import type { Wait } from './http-transport';

/**
 * Resolves after `ms` milliseconds, or at once when `signal` aborts (the timer is cleared, so a
 * finished request keeps no timer alive).
 */
export const realWait: Wait = (ms, signal) =>
  new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
    signal?.addEventListener('abort', done, { once: true });
  });
