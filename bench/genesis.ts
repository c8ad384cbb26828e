/**
 * Genesis benchmark: a fresh sandbox ledger (token mints, the CP-Swap program, its AmmConfigs
 * and every pool of the catalog created by the program's `initialize` on the VM, then the first
 * snapshot) and a restart from that state. Goal: genesis under 2 s on this machine.
 *
 *   node --import tsx bench/genesis.ts [--runs N]
 */
import { SandboxLedger } from '../main/sandbox/ledger/ledger';
import { CP_POOL_SEEDS } from '../main/sandbox/cp-swap/pool-seeds';
import { median, timeGenesisAndRestart } from './lib/ledger-start';

const index = process.argv.indexOf('--runs');
const RUNS = index > 0 ? Number(process.argv[index + 1]) : 5;
const GOAL_MS = 2_000;

const { genesis, restart } = timeGenesisAndRestart(RUNS, 'genesis', (dir) =>
  SandboxLedger.open({ stateDir: dir, slotMs: 0 }),
);
const max = (values: number[]) => Math.max(...values);
console.log(
  `| pools created by initialize | runs | genesis p50 ms | genesis max ms | restart p50 ms |`,
);
console.log(
  `| --------------------------- | ---- | -------------- | -------------- | -------------- |`,
);
console.log(
  `| ${CP_POOL_SEEDS.length} | ${RUNS} | ${median(genesis).toFixed(0)} | ${max(genesis).toFixed(0)} | ${median(restart).toFixed(0)} |`,
);
if (max(genesis) > GOAL_MS) {
  console.error(`genesis took ${max(genesis).toFixed(0)} ms, above the ${GOAL_MS} ms goal`);
  process.exit(1);
}
