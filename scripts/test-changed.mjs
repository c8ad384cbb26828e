#!/usr/bin/env node
// `npm run test:changed [-- BASE]`: the tests a change touches, in every suite, through
// scripts/test.mjs (so inside the same private D-Bus session and keychain as `npm test`).
//
// Which files: vitest's own `--changed BASE` (default HEAD: the uncommitted change, untracked
// files included), i.e. every test file whose static imports reach a changed file; and, because
// the sandbox (tsx main/sandbox/cli.ts) and the web preview (out/main/preview.js) run as child
// processes that no import reaches, every integration and e2e file that starts one when the
// change touches code they run (main/ outside its *.test.ts files, renderer/ for the preview).
// It is an approximation on the safe side: `npm test` remains the verdict before a merge.
//
// Type check, lint and build run first unless SWAPDESK_TEST_SKIP_STATIC=1 (the e2e files need
// a fresh build of the preview). SWAPDESK_TEST_CHANGED_LIST=1 only names the files.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const base = process.argv[2] ?? 'HEAD';
const git = (...args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' }).split('\n').filter(Boolean);
const changed = [
  ...git('diff', '--name-only', base),
  ...git('ls-files', '--others', '--exclude-standard'),
];
if (changed.length === 0) {
  console.log(`nothing changed since ${base}: no tests to run`);
  process.exit(0);
}

// vitest's import graph, over all five projects.
const listed = spawnSync('npx', ['vitest', 'list', '--changed', base, '--filesOnly', '--json'], {
  cwd: root,
  encoding: 'utf8',
  maxBuffer: 64 * 1024 * 1024,
});
if (listed.status !== 0) {
  console.error(listed.stderr);
  process.exit(listed.status ?? 1);
}
const files = new Set(JSON.parse(listed.stdout).map((entry) => relative(root, entry.file)));

// Code that runs in a child process: the sandbox (tsx main/sandbox/cli.ts: main/sandbox and
// main/shared) and the preview (out/main/preview.js: all of main, preload and the renderer).
// Other children (electron-entry's, the vault's) start from a test file that says spawn/fork.
const isCode = (f) => /\.(ts|tsx|mjs|js)$/.test(f) && !/\.test\.tsx?$/.test(f);
const code = changed.filter(isCode);
const starters = [];
if (code.some((f) => /^main\/(sandbox|shared)\//.test(f))) {
  starters.push('startSandbox', 'spawn', 'fork', 'execFile');
}
if (code.some((f) => /^(main|renderer|preload)\//.test(f))) starters.push('startPreview');
if (starters.length > 0) {
  const starts = new RegExp(`\\b(${starters.join('|')})\\(`);
  for (const suite of ['test/integration', 'test/e2e']) {
    for (const name of readdirSync(join(root, suite))) {
      const path = join(suite, name);
      if (name.endsWith('.test.ts') && startsAChild(path, starts, new Set())) files.add(path);
    }
  }
}

/** Whether `path`, or a test/ file it imports (relative imports, transitively), starts one. */
function startsAChild(path, starts, seen) {
  if (seen.has(path)) return false;
  seen.add(path);
  const text = readFileSync(join(root, path), 'utf8');
  if (starts.test(text)) return true;
  for (const [, specifier] of text.matchAll(/\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/g)) {
    const target = relative(root, join(root, dirname(path), specifier));
    if (!target.startsWith('test/')) continue;
    const file = [`${target}.ts`, target].find(
      (f) => existsSync(join(root, f)) && f.endsWith('.ts'),
    );
    if (file !== undefined && startsAChild(file, starts, seen)) return true;
  }
  return false;
}

if (files.size === 0) {
  console.log(`no test file is reached by the change since ${base}`);
  process.exit(0);
}
console.log(`${files.size} test files reached by ${changed.length} changed files since ${base}`);
// SWAPDESK_TEST_CHANGED_LIST=1: name them and stop.
if (process.env.SWAPDESK_TEST_CHANGED_LIST) {
  for (const file of [...files].sort()) console.log(file);
  process.exit(0);
}
const run = spawnSync(process.execPath, [join(root, 'scripts/test.mjs'), ...[...files].sort()], {
  cwd: root,
  stdio: 'inherit',
});
process.exit(run.status ?? 1);
