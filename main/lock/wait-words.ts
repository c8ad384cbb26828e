/** The growing delay after wrong passwords (issue 24), and how it is said. */

/** Tries without any delay. */
export const FREE_TRIES = 5;
const FIRST_DELAY_MS = 30_000;

/**
 * How long to wait after `failures` wrong passwords in a row: nothing for the first five, then
 * 30 s, doubling with every further wrong one (60 s, 2 min, …), at most a day.
 */
export function delayAfter(failures: number): number {
  if (failures < FREE_TRIES) return 0;
  return Math.min(FIRST_DELAY_MS * 2 ** (failures - FREE_TRIES), 24 * 3_600_000);
}

/** "45 seconds", "2 minutes 5 seconds", "3 hours": the time left, rounded up to a second. */
export function timeInWords(ms: number): string {
  const total = Math.max(1, Math.ceil(ms / 1000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (total < 60) return plural(total, 'second');
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (hours > 0)
    return minutes > 0
      ? `${plural(hours, 'hour')} ${plural(minutes, 'minute')}`
      : plural(hours, 'hour');
  return seconds > 0
    ? `${plural(minutes, 'minute')} ${plural(seconds, 'second')}`
    : plural(minutes, 'minute');
}
