#!/usr/bin/env node
// Where a test run's time went, from vitest's own JSON reports (the ones scripts/test.mjs
// writes as vitest-<suite>.json in its run folder; SWAPDESK_KEEP_TEST_RUN=1 keeps them):
// per report, its files, tests and summed file time, then its slowest files with their share.
//
//   SWAPDESK_KEEP_TEST_RUN=1 npm test      # prints "test run files kept in DIR"
//   node scripts/test-timings.mjs DIR/vitest-*.json [--top N]
//
// A file's time is from its first test's start to its end (set-up in beforeAll included), as
// vitest reports it; summed over files it exceeds the suite's wall time when files overlap.
import { readFileSync } from 'node:fs';
import { basename, relative } from 'node:path';

const args = process.argv.slice(2);
const topAt = args.indexOf('--top');
const top = topAt >= 0 ? Number(args[topAt + 1]) : 10;
const reports = args.filter((a, i) => a !== '--top' && i !== topAt + 1);
if (reports.length === 0) {
  console.error('usage: node scripts/test-timings.mjs vitest-unit.json [...] [--top N]');
  process.exit(2);
}

const seconds = (ms) => (ms / 1000).toFixed(1);
for (const path of reports) {
  const report = JSON.parse(readFileSync(path, 'utf8'));
  const files = report.testResults.map((file) => ({
    name: relative(process.cwd(), file.name),
    tests: file.assertionResults.length,
    ms: Math.max(0, (file.endTime ?? 0) - (file.startTime ?? 0)),
    slowest: Math.max(0, ...file.assertionResults.map((t) => t.duration ?? 0)),
  }));
  const total = files.reduce((sum, f) => sum + f.ms, 0);
  const tests = files.reduce((sum, f) => sum + f.tests, 0);
  const wall =
    files.length > 0
      ? Math.max(...report.testResults.map((f) => f.endTime ?? 0)) - report.startTime
      : 0;
  console.log(
    `\n${basename(path)}: ${files.length} files, ${tests} tests, ${seconds(total)} s summed over files, ${seconds(wall)} s from start to last end`,
  );
  console.log('| file | tests | s | share | slowest test, s |');
  console.log('| --- | ---: | ---: | ---: | ---: |');
  for (const f of [...files].sort((a, b) => b.ms - a.ms).slice(0, top)) {
    const share = total > 0 ? ((100 * f.ms) / total).toFixed(0) : '0';
    console.log(
      `| ${f.name} | ${f.tests} | ${seconds(f.ms)} | ${share}% | ${seconds(f.slowest)} |`,
    );
  }
}
