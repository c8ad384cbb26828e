import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four suites. unit and components need nothing from the machine; integration needs the
// keychain daemon and spawns the sandbox; e2e drives Debian's Chromium against the web
// preview. scripts/test.mjs runs them inside a private D-Bus session with gnome-keyring.
//
// Workers: vitest's default is one fewer than the cores, i.e. ONE on the two-core machines CI
// and these workplaces run on, so every suite ran file after file. unit and components take
// two at a time, integration three (SWAPDESK_TEST_WORKERS overrides both;
// SWAPDESK_INTEGRATION_WORKERS integration alone; docs/BENCHMARKS.md, "test suite").
// Integration files may overlap: each starts its own sandbox on port 0, in its own
// temporary folders, under a keychain service name of its own (or a wallet's own item names
// in the preview's), so nothing is shared but the keychain daemon, which serves many clients.
// e2e takes two at a time too (SWAPDESK_E2E_WORKERS overrides): the flaky UI timing once
// blamed on two Chromiums was a real race in the Swap screen's first-visit default, and the
// worker lost in two clean runs was keytar's findCredentials crashing (SIGSEGV) on an item
// another file's preview removed meanwhile; the harness now reads the keychain in a child
// (test/harness/secrets-log.ts; docs/BENCHMARKS.md, sixth round).
const workers = Number(process.env.SWAPDESK_TEST_WORKERS ?? 2);
const e2eWorkers = Number(process.env.SWAPDESK_E2E_WORKERS ?? 2);
// Integration takes three: its files wait on their own sandbox and preview processes, and with
// two the cores were busy about 80% of the suite's time (a clean run's samples); a third file
// fills those gaps, 320 s → 278 s (docs/BENCHMARKS.md, sixth round).
const integrationWorkers = Number(
  process.env.SWAPDESK_INTEGRATION_WORKERS ?? process.env.SWAPDESK_TEST_WORKERS ?? 3,
);
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          setupFiles: ['test/harness/remove-temp-dirs.ts'],
          include: ['main/**/*.test.ts', 'preload/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: ['main/sandbox/**', '**/node_modules/**'],
          maxWorkers: workers,
          // One module graph per worker, not per file (issue 36): these files share no state
          // through modules (they pass in any order, --sequence.shuffle), and importing each
          // file's graph afresh was half of the unit suite's CPU time. The sandbox's own unit
          // tests (unit-sandbox) keep isolation: shuffled without it, its CLMM route and split
          // tests read each other's pools.
          isolate: false,
        },
      },
      {
        test: {
          name: 'unit-sandbox',
          environment: 'node',
          setupFiles: ['test/harness/remove-temp-dirs.ts'],
          include: ['main/sandbox/**/*.test.ts'],
          maxWorkers: workers,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'components',
          environment: 'jsdom',
          setupFiles: ['test/harness/remove-temp-dirs.ts'],
          include: ['renderer/**/*.test.{ts,tsx}'],
          maxWorkers: workers,
          // Each file in a fresh VM context of a reused worker thread (issue 36): a fresh
          // process per file loaded jsdom again for each of the 41 files, 54 s of set-up summed;
          // 4 s this way, and the suite takes 40 s instead of 82 s. Isolation is the same (every
          // file its own globals and modules: the stores' state never crosses files).
          pool: 'vmThreads',
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          setupFiles: ['test/harness/remove-temp-dirs.ts'],
          // One sandbox genesis for the whole run, copied into each new sandbox's folder.
          globalSetup: ['test/harness/genesis-template.ts'],
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: integrationWorkers,
          // One module graph per worker (issue 36): each file's state is its own sandbox,
          // preview and keychain names, made in its hooks, not in modules.
          isolate: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          setupFiles: ['test/harness/remove-temp-dirs.ts'],
          // One sandbox genesis for the whole run, copied into each new sandbox's folder.
          globalSetup: ['test/harness/genesis-template.ts'],
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Two files side by side, each with its own preview and sandbox: about 390 s against
          // about 600 s one at a time (SWAPDESK_E2E_WORKERS=1).
          fileParallelism: e2eWorkers > 1,
          maxWorkers: e2eWorkers,
          // One module graph for the whole suite, as integration's (issue 36).
          isolate: false,
          // A group of its own: vitest runs projects with different worker counts one group
          // after another (`npx vitest run` with no --project still runs all four).
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
