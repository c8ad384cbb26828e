/**
 * What the ledger-start benchmarks (genesis.ts, jupiter.ts) share: the time of a fresh genesis
 * and of a restart from the state folder it left, over several runs, and their median.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

/** Milliseconds of each run's fresh genesis and of its restart. */
export interface StartTimes {
  genesis: number[];
  restart: number[];
}

/**
 * Opens and closes a ledger with `open` `runs` times on a fresh temporary state folder (named
 * after `name`), and once more on the state each left; each folder is deleted after its run.
 */
export function timeGenesisAndRestart(
  runs: number,
  name: string,
  open: (stateDir: string) => { close(): void },
): StartTimes {
  const times: StartTimes = { genesis: [], restart: [] };
  for (let run = 0; run < runs; run += 1) {
    const dir = mkdtempSync(join(tmpdir(), `swapdesk-bench-${name}-`));
    try {
      let start = performance.now();
      open(dir).close();
      times.genesis.push(performance.now() - start);
      start = performance.now();
      open(dir).close();
      times.restart.push(performance.now() - start);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return times;
}

/** The median of `values` (the upper one of an even count). */
export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
