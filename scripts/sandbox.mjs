#!/usr/bin/env node
// `npm run sandbox -- [options]` (after the build): the sandbox network, with Jupiter's program
// from the checkout's test fixture unless `--jupiter-program` is given (jupiter-fixture.mjs).
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withJupiterProgram } from './jupiter-fixture.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const child = spawn(
  process.execPath,
  [join(root, 'out', 'main', 'sandbox.js'), ...withJupiterProgram(process.argv.slice(2))],
  { stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
