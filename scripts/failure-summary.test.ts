import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/fixtures/temp-dirs';
import { failureSummary, failuresOf, UNFINISHED } from './failure-summary.mjs';

const repo = join(import.meta.dirname, '..');

/** vitest's own JSON report of a run over `files` (name → source), in a folder of their own. */
function vitestReport<T = unknown>(files: Record<string, string>): { dir: string; report: T } {
  const dir = tempDir('swapdesk-vitest-report-');
  for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);
  const out = join(dir, 'report.json');
  const run = spawnSync(
    join(repo, 'node_modules/.bin/vitest'),
    ['run', '--root', dir, '--globals', '--reporter=json', `--outputFile.json=${out}`],
    { cwd: repo, encoding: 'utf8' },
  );
  expect(run.status).toBe(1);
  return { dir, report: JSON.parse(readFileSync(out, 'utf8')) as T };
}

// Two small test files, one with a failing test inside a describe block, one that cannot
// import what it needs.
const realReport = () =>
  vitestReport({
    'sums.test.mjs':
      "describe('sums', () => {\n" +
      "  it('adds', () => expect(1 + 1).toBe(3));\n" +
      "  it('subtracts', () => expect(2 - 1).toBe(1));\n" +
      '});\n',
    'broken.test.mjs': "import './missing.mjs';\nit('never runs', () => {});\n",
  });

/** A file whose worker process dies in its second test. */
const reportOfADeadWorker = () =>
  vitestReport<{ success: boolean }>({
    'dies.test.mjs':
      "it('finishes', () => expect(1).toBe(1));\n" +
      "it('dies', async () => {\n" +
      "  process.kill(process.pid, 'SIGKILL');\n" +
      '  await new Promise((r) => setTimeout(r, 1000));\n' +
      '});\n',
  });

describe('the failure summary printed at the end of npm test', () => {
  it('counts the tests of a file whose worker died, which the report itself calls a success', () => {
    const { dir, report } = reportOfADeadWorker();
    expect(report.success).toBe(true);
    expect(failuresOf(report, dir)).toEqual([
      { where: 'dies.test.mjs', name: 'finishes', lines: [UNFINISHED] },
      { where: 'dies.test.mjs', name: 'dies', lines: [UNFINISHED] },
    ]);
  }, 60_000);

  it('names each failed test and each file that failed to load, with the reason', () => {
    const { dir, report } = realReport();
    const failures = failuresOf(report, dir);
    expect(failures).toEqual([
      {
        where: 'broken.test.mjs',
        name: '(the file itself)',
        lines: [expect.stringContaining("Cannot find module './missing.mjs'")],
      },
      {
        where: 'sums.test.mjs',
        name: 'sums > adds',
        lines: expect.arrayContaining([
          'AssertionError: expected 2 to be 3 // Object.is equality',
        ]) as unknown,
      },
    ]);
    expect(failures[1]?.lines.length).toBeLessThanOrEqual(6);
    const printed = failureSummary(failures.map((f) => ({ suite: 'unit', ...f })));
    expect(printed).toContain('== 2 failures');
    expect(printed).toContain('FAILED [unit] sums.test.mjs > sums > adds');
    expect(printed).toContain('FAILED [unit] broken.test.mjs > (the file itself)');
    expect(printed).not.toContain('\x1b[');
  }, 60_000);

  it('prints nothing when nothing failed', () => {
    expect(failureSummary([])).toBe('');
  });
});
