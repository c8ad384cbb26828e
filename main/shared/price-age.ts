/**
 * When a USD price stops being current (issue 11: "a price older than a minute … is shown as
 * such"). Shared by main's price service, which labels each price as it answers, and the
 * renderer, which keeps showing a price after that answer and must notice it ageing on screen.
 */

/** A price older than this is stale. */
export const STALE_AFTER_MS = 60_000;

/** Whether a price fetched at `asOf` (ms since epoch) is stale at `now`. */
export function isStale(asOf: number, now: number): boolean {
  return now - asOf > STALE_AFTER_MS;
}
