// What a run left in the system temp folder: `npm test` snapshots the `swapdesk-*` entries
// before its suites and names every new one at its end, failing the run (issue 10: every test
// and script that makes a temporary folder removes it, also when it fails).
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';

/** The names of the `swapdesk-*` entries of `dir` (the system temp folder by default). */
export function swapdeskEntries(dir = tmpdir()) {
  return new Set(readdirSync(dir).filter((name) => name.startsWith('swapdesk-')));
}

/** The entries of `dir` that were not in `before`, sorted. */
export function leftovers(before, dir = tmpdir()) {
  return [...swapdeskEntries(dir)].filter((name) => !before.has(name)).sort();
}
