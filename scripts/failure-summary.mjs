// What failed, in a few lines per failure, read from a vitest JSON report. test.mjs prints it
// last, just above the closing `tests:` line: CI keeps only the tail of a run's output, and a
// failure named thousands of lines earlier would be lost with the rest.
import { relative } from 'node:path';

const MAX_MESSAGE_LINES = 6;
export const UNFINISHED =
  'never finished: the process running its file exited (see "Unhandled Errors" above)';

/** The first lines of a failure message, without colour codes and blank lines. */
function firstLines(message) {
  return (
    String(message)
      // eslint-disable-next-line no-control-regex
      .replace(/\x1b\[[0-9;]*m/g, '')
      .split('\n')
      .map((line) => line.trimEnd())
      .filter((line) => line.trim() !== '')
      .slice(0, MAX_MESSAGE_LINES)
  );
}

/**
 * One entry per failed test, one per test file that failed outside any test (an import
 * error, a failing hook), and one per test that never finished: `{ where, name, lines }`.
 * A test whose worker process died is "pending" in the report, which still says `success`
 * (issue 36: a keytar crash in an e2e worker was "2,276 passed, 0 failed").
 */
export function failuresOf(report, root) {
  const found = [];
  for (const file of report.testResults ?? []) {
    const where = relative(root, file.name);
    const failed = (file.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) {
      found.push({
        where,
        name: [...(test.ancestorTitles ?? []), test.title].join(' > '),
        lines: firstLines((test.failureMessages ?? []).join('\n')),
      });
    }
    for (const test of (file.assertionResults ?? []).filter((t) => t.status === 'pending')) {
      found.push({
        where,
        name: [...(test.ancestorTitles ?? []), test.title].join(' > '),
        lines: [UNFINISHED],
      });
    }
    if (file.status === 'failed' && failed.length === 0) {
      found.push({ where, name: '(the file itself)', lines: firstLines(file.message ?? '') });
    }
  }
  return found;
}

/** The printed summary: nothing when nothing failed. */
export function failureSummary(failures) {
  if (failures.length === 0) return '';
  const out = [`\n== ${failures.length} failure${failures.length === 1 ? '' : 's'}`];
  for (const { suite, where, name, lines } of failures) {
    out.push(`FAILED [${suite}] ${where} > ${name}`);
    for (const line of lines) out.push(`    ${line}`);
  }
  return out.join('\n');
}
