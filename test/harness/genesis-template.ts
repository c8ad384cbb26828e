/**
 * One sandbox genesis per suite run, copied into every state folder the harness makes (issue 36:
 * "shared genesis snapshots instead of a fresh ledger per test").
 *
 * A fresh sandbox writes its genesis (token mints, the faucet, the CP-Swap, CLMM and AMM v4
 * markets, each pool made by running the real programs): about 1.2 s of CPU at every start,
 * and the integration and e2e suites start well over a hundred sandboxes. This globalSetup
 * makes that genesis once: a real sandbox started on an empty folder and stopped with SIGTERM,
 * which writes the snapshot a restart reads. Every sandbox the harness then starts on a folder
 * of its own (test/harness/sandbox-process.ts, test/harness/preview.ts) begins as a restart of
 * a copy of it: the same accounts, the same faucet and venue keys, its clock resuming a few
 * slots past the snapshot's. A genesis serves five minutes, then the next start makes another
 * (genesis-seed.ts: XSTK's split comes ten minutes after genesis). What a fresh genesis does
 * itself is still tested where it is the subject (`genesis: 'fresh'`, sandbox-ledger.test.ts)
 * and by this set-up.
 *
 * The folder's path reaches the test workers and the previews they spawn through
 * SWAPDESK_TEST_GENESIS (workers start after the globalSetup and inherit its environment);
 * genesis-seed.ts copies it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENESIS_ENV, newGeneration } from './genesis-seed';
import { makeGenesis } from './sandbox-process';

/** vitest globalSetup: makes the run's first genesis and answers the folder's removal. */
export default async function makeGenesisTemplate(): Promise<() => void> {
  const root = mkdtempSync(join(tmpdir(), 'swapdesk-genesis-'));
  try {
    if ((await newGeneration(root, makeGenesis)) === null) throw new Error('no genesis made');
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  process.env[GENESIS_ENV] = root;
  return () => {
    delete process.env[GENESIS_ENV];
    rmSync(root, { recursive: true, force: true });
  };
}
