// The Jupiter aggregator binary the sandbox runs when a checkout has it: a TEST FIXTURE
// (closed source, no licence: test/fixtures/programs/jupiter-v6/PROVENANCE.md), never in a build
// or a release. `npm run sandbox`, `npm start` and `npm run start:web` pass it to the sandbox
// (`--jupiter-program FILE`) unless the command line names one already (`none` for none), so a
// clone shows mainnet's shape of a swap; without the file the sandbox is as it was.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
export const JUPITER_FIXTURE = join(
  root,
  'test',
  'fixtures',
  'programs',
  'jupiter-v6',
  'jupiter_v6.so',
);

/** `args` with `--jupiter-program <fixture>` added when it is absent and the fixture exists. */
export function withJupiterProgram(args) {
  if (args.includes('--jupiter-program') || !existsSync(JUPITER_FIXTURE)) return args;
  return [...args, '--jupiter-program', JUPITER_FIXTURE];
}

/** The variable the Electron app reads the program's path from (main/network/app-sandbox.ts). */
export const APP_JUPITER_PROGRAM_ENV = 'SWAPDESK_SANDBOX_JUPITER_PROGRAM';

/**
 * The environment `npm start` opens the Electron app with: the app starts its sandbox itself, so
 * the `--jupiter-program` of `args` (the fixture, by withJupiterProgram) travels in a variable.
 */
export function electronEnv(args, env) {
  const at = args.indexOf('--jupiter-program');
  const program = at >= 0 ? args[at + 1] : undefined;
  return program ? { ...env, [APP_JUPITER_PROGRAM_ENV]: program } : { ...env };
}
