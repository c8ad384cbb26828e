/**
 * `npm run bench`: runs every benchmark under bench/ (or those named on the command line), each
 * in its own Node process so that one's memory and JIT state do not colour another's figures.
 * Each benchmark prints its own table.
 *
 *   npm run bench               all of them
 *   npm run bench -- router     only bench/router.ts
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((name) => name.endsWith('.ts') && name !== 'run.ts' && !name.endsWith('.test.ts'))
  .map((name) => name.slice(0, -3))
  .filter((name) => wanted.length === 0 || wanted.includes(name))
  .sort();

if (benches.length === 0) {
  console.error(`no benchmark matches ${wanted.join(', ')}`);
  process.exit(1);
}

let failed = 0;
for (const name of benches) {
  console.log(`\n# ${name}`);
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(here, `${name}.ts`)], {
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    failed += 1;
    console.error(`# ${name} failed (exit ${result.status})`);
  }
}
process.exit(failed === 0 ? 0 : 1);
