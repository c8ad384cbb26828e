import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

// Four suites. unit and components need nothing from the machine; integration needs the
// keychain daemon and spawns the sandbox; e2e drives Debian's Chromium against the web
// preview. scripts/test.mjs runs them inside a private D-Bus session with gnome-keyring.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          setupFiles: ['test/harness/remove-temp-dirs.ts'],
          include: ['main/**/*.test.ts', 'preload/**/*.test.ts', 'scripts/**/*.test.ts'],
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'components',
          environment: 'jsdom',
          setupFiles: ['test/harness/remove-temp-dirs.ts'],
          include: ['renderer/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'integration',
          environment: 'node',
          setupFiles: ['test/harness/remove-temp-dirs.ts'],
          include: ['test/integration/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          setupFiles: ['test/harness/remove-temp-dirs.ts'],
          include: ['test/e2e/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
