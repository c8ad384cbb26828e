/**
 * One sandbox genesis per suite run, copied into every state folder the harness makes (issue 36:
 * "shared genesis snapshots instead of a fresh ledger per test").
 *
 * A fresh sandbox writes its genesis (token mints, the faucet, the CP-Swap, CLMM and AMM v4
 * markets, each pool made by running the real programs): about 1.2 s of CPU at every start,
 * and the integration and e2e suites start well over a hundred sandboxes. This globalSetup
 * makes that genesis once: a real sandbox, started from source on an empty folder and stopped
 * with SIGTERM, which writes the snapshot a restart reads. Every sandbox the harness then starts
 * on a folder of its own (test/harness/sandbox-process.ts, test/harness/preview.ts) begins as
 * a restart of a copy of it: the same accounts, the same faucet and venue keys, its clock
 * resuming a few slots past the snapshot's. What a fresh genesis does itself is still tested
 * where it is the subject (`genesis: 'fresh'`, sandbox-ledger.test.ts) and by this set-up.
 *
 * The folder's path reaches the test workers and the previews they spawn through
 * SWAPDESK_TEST_GENESIS (workers start after the globalSetup and inherit its environment);
 * genesis-seed.ts copies it.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GENESIS_ENV } from './genesis-seed';
import { startSandbox } from './sandbox-process';

/** vitest globalSetup: makes the template and answers its removal. */
export default async function makeGenesisTemplate(): Promise<() => void> {
  const dir = mkdtempSync(join(tmpdir(), 'swapdesk-genesis-'));
  const sandbox = await startSandbox({ stateDir: dir, genesis: 'fresh', timeoutMs: 60_000 });
  const code = await sandbox.stop();
  if (code !== 0 || !existsSync(join(dir, 'ledger-snapshot.json'))) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`the genesis template's sandbox stopped with ${code}:\n${sandbox.stderr()}`);
  }
  process.env[GENESIS_ENV] = dir;
  return () => {
    delete process.env[GENESIS_ENV];
    rmSync(dir, { recursive: true, force: true });
  };
}
