#!/usr/bin/env node
// `npm test`: type check, build, then every vitest suite (unit, components, integration, e2e)
// inside a private D-Bus session with a real gnome-keyring Secret Service, lint beside the last
// suite, then the leak check over everything the suites printed and every bridge response they
// saw.
//
//   node scripts/test.mjs [vitest args...]   e.g. `node scripts/test.mjs --project unit`
//
// Setting SWAPDESK_TEST_SKIP_STATIC=1 skips type check, build and lint (for quick local loops).
import { spawn, spawnSync } from 'node:child_process';
import {
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { failureSummary, failuresOf } from './failure-summary.mjs';
import { leftovers, swapdeskEntries } from './temp-leftovers.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vitestArgs = process.argv.slice(2);

function step(name, command, args) {
  const started = Date.now();
  console.log(`\n== ${name}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`== ${name} failed (exit ${result.status})`);
    process.exit(result.status ?? 1);
  }
  console.log(`== ${name} passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const checkStatic = !process.env.SWAPDESK_TEST_SKIP_STATIC;
if (checkStatic) {
  step('type check', 'npm', ['run', '--silent', 'typecheck']);
  step('build', 'npx', ['electron-vite', 'build', '--logLevel', 'warn']);
}

// Everything the suites write lives in one folder per run: the keychain daemon's home, the
// captured output and the secrets and bridge transcripts the leak check reads.
const runDir = mkdtempSync(join(tmpdir(), 'swapdesk-test-'));
// The suites' temp folder is one of the run's own (TMPDIR below), so the leftover check at the
// end counts only what this run made: another run on the machine that leaves a swapdesk-*
// folder in the system temp folder meanwhile is no failure of this one.
const runTemp = join(runDir, 'tmp');
mkdirSync(runTemp, { mode: 0o700 });
const tempBefore = swapdeskEntries(runTemp);
const keyringHome = join(runDir, 'keyring-home');
mkdirSync(join(keyringHome, 'run'), { recursive: true, mode: 0o700 });
const outputLog = join(runDir, 'vitest-output.log');
const env = {
  ...process.env,
  HOME: keyringHome,
  TMPDIR: runTemp,
  XDG_DATA_HOME: join(keyringHome, 'data'),
  XDG_RUNTIME_DIR: join(keyringHome, 'run'),
  XDG_CONFIG_HOME: join(keyringHome, 'config'),
  // Set by the test harness: where tests record the secrets they make, and where the bridge
  // records every response it sends; the leak check reads both.
  SWAPDESK_TEST_RUN_DIR: runDir,
  SWAPDESK_SECRETS_LOG: join(runDir, 'secrets.jsonl'),
  SWAPDESK_BRIDGE_TRANSCRIPT: join(runDir, 'bridge-transcript.jsonl'),
  SWAPDESK_REPO_ROOT: root,
  // The build above is this checkout's: integration's sandboxes may run its sandbox.js
  // (test/harness/sandbox-process.ts) instead of loading the sources through tsx.
  ...(process.env.SWAPDESK_TEST_SKIP_STATIC ? {} : { SWAPDESK_TEST_BUILT: '1' }),
  npm_config_cache: process.env.npm_config_cache ?? join(process.env.HOME ?? '/root', '.npm'),
};

// The suites run one after another: on a two-core machine, parallel suites that start
// sandboxes and browsers only make each other's timings flaky. Each writes a JSON report.
const suites =
  vitestArgs.length > 0
    ? [{ name: 'selected', args: vitestArgs }]
    : [
        {
          name: 'unit',
          args: ['--project', 'unit', '--project', 'unit-sandbox', '--project', 'components'],
        },
        { name: 'integration', args: ['--project', 'integration'] },
        { name: 'e2e', args: ['--project', 'e2e'] },
      ];
const quote = (a) => `'${a.replace(/'/g, "'\\''")}'`;
const runs = suites.map(({ name, args }) => {
  const report = join(runDir, `vitest-${name}.json`);
  const all = [
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${report}`,
  ];
  return { name, report, command: `npx vitest ${all.map(quote).join(' ')}` };
});
// Lint runs beside the last suite (e2e in a whole run), its output kept for after the suites:
// it is about 25 s of one core, and e2e's files, waiting on their browsers and previews, left a
// core idle about a quarter of their time on a quiet machine (docs/BENCHMARKS.md, sixth and
// seventh rounds; on a busy one e2e is CPU-bound and lint's gain smaller). Lint failing still
// fails the run.
const lintLog = join(runDir, 'lint.log');
const lintStatus = join(runDir, 'lint.status');
const lintBeside = checkStatic
  ? `(npm run --silent lint >${quote(lintLog)} 2>&1; echo $? >${quote(lintStatus)}) & lint=$!; `
  : '';
// The daemon reads its unlock password on stdin; the keyring lives only in runDir.
const inner =
  'echo -n swapdesk-test | gnome-keyring-daemon --unlock --components=secrets >/dev/null || exit 1; rc=0; ' +
  runs
    .map(
      (r, i) =>
        `echo "== suite ${r.name}"; ${i === runs.length - 1 ? lintBeside : ''}${r.command} || rc=1; `,
    )
    .join('') +
  (checkStatic ? 'wait $lint; ' : '') +
  'exit $rc';

console.log('\n== test suites (vitest, in a private D-Bus session with gnome-keyring)');
const started = Date.now();
const log = createWriteStream(outputLog);
const child = spawn('dbus-run-session', ['--', 'sh', '-c', inner], {
  cwd: root,
  env,
  stdio: ['ignore', 'pipe', 'pipe'],
});
child.stdout.on('data', (chunk) => {
  process.stdout.write(chunk);
  log.write(chunk);
});
child.stderr.on('data', (chunk) => {
  process.stderr.write(chunk);
  log.write(chunk);
});
const code = await new Promise((resolve) => child.on('close', resolve));
await new Promise((resolve) => log.end(resolve));
console.log(`== test suites exit ${code} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

let lintPassed = true;
if (checkStatic) {
  const status = existsSync(lintStatus) ? readFileSync(lintStatus, 'utf8').trim() : 'none';
  lintPassed = status === '0';
  console.log('\n== lint (beside the last suite)');
  const output = existsSync(lintLog) ? readFileSync(lintLog, 'utf8') : '';
  if (output.trim() !== '') process.stdout.write(output);
  console.log(lintPassed ? '== lint passed' : `== lint failed (exit ${status})`);
}

// One closing line over every suite, in the plain form CI reads.
const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
for (const run of runs) {
  if (!existsSync(run.report)) {
    console.error(`suite ${run.name} wrote no report: counted as failed`);
    totals.failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(run.report, 'utf8'));
  totals.passed += report.numPassedTests;
  // Each failed test counts once, and so does a file that failed outside its tests (vitest's
  // numFailedTestSuites would also count every describe block around a failed test).
  const found = failuresOf(report, root);
  totals.failed += Math.max(found.length, report.numFailedTests);
  totals.skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  for (const failure of found) failures.push({ suite: run.name, ...failure });
}

step('leak check', process.execPath, [join(root, 'scripts/leak-check.mjs'), runDir]);

const passed = code === 0 && lintPassed && totals.failed === 0 && totals.passed > 0;
// Read the run's temp folder before it goes; the run's own folder goes too, failed or not
// (SWAPDESK_KEEP_TEST_RUN keeps it to debug).
const left = process.env.SWAPDESK_KEEP_TEST_RUN ? [] : leftovers(tempBefore, runTemp);
if (process.env.SWAPDESK_KEEP_TEST_RUN) console.log(`test run files kept in ${runDir}`);
else rmSync(runDir, { recursive: true, force: true });
if (left.length > 0) {
  console.error(
    `\n== the run left ${left.length} new entr${left.length === 1 ? 'y' : 'ies'} in its temp folder: ${left.join(', ')}`,
  );
  totals.failed += 1;
}
const summary = failureSummary(failures);
if (summary) console.log(summary);
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
if (!lintPassed) console.log('lint failed: its problems are listed under "== lint" above');
process.exit(passed && left.length === 0 ? 0 : 1);
