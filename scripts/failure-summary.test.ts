import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../test/fixtures/temp-dirs';
import { failureSummary, failuresOf } from './failure-summary.mjs';

const repo = join(import.meta.dirname, '..');

// The report is vitest's own: its JSON reporter run on two small test files, one with a failing
// test inside a describe block, one that cannot import what it needs.
function realReport(): { dir: string; report: unknown } {
  const dir = tempDir('swapdesk-vitest-report-');
  writeFileSync(
    join(dir, 'sums.test.mjs'),
    "describe('sums', () => {\n" +
      "  it('adds', () => expect(1 + 1).toBe(3));\n" +
      "  it('subtracts', () => expect(2 - 1).toBe(1));\n" +
      '});\n',
  );
  writeFileSync(
    join(dir, 'broken.test.mjs'),
    "import './missing.mjs';\nit('never runs', () => {});\n",
  );
  const out = join(dir, 'report.json');
  const run = spawnSync(
    join(repo, 'node_modules/.bin/vitest'),
    ['run', '--root', dir, '--globals', '--reporter=json', `--outputFile.json=${out}`],
    { cwd: repo, encoding: 'utf8' },
  );
  expect(run.status).toBe(1);
  return { dir, report: JSON.parse(readFileSync(out, 'utf8')) };
}

describe('the failure summary printed at the end of npm test', () => {
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
