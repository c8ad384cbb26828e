/**
 * How the Electron app launches its sandbox network: Electron's own binary as Node
 * (ELECTRON_RUN_AS_NODE=1) running out/main/sandbox.js, its ledger in the app's data folder.
 * In development, `npm start` in a checkout that has Jupiter's program (a test fixture, never
 * in a build) names it in SWAPDESK_SANDBOX_JUPITER_PROGRAM (scripts/jupiter-fixture.mjs), and
 * the sandbox then loads it (`--jupiter-program`); a packaged app never has the variable.
 */
import { join } from 'node:path';
import type { SandboxLaunch } from './sandbox-process';

export const APP_JUPITER_PROGRAM_ENV = 'SWAPDESK_SANDBOX_JUPITER_PROGRAM';

export interface AppSandboxOptions {
  /** process.execPath: Electron's binary in the app. */
  execPath: string;
  /** The folder of the built main process (out/main), where sandbox.js lies. */
  mainDir: string;
  /** The app's data folder; the sandbox keeps its ledger in `sandbox/` under it. */
  dataDir: string;
  port: number;
  env: NodeJS.ProcessEnv;
}

export function appSandboxLaunch(options: AppSandboxOptions): SandboxLaunch {
  const jupiterProgram = options.env[APP_JUPITER_PROGRAM_ENV];
  return {
    execPath: options.execPath,
    scriptPath: join(options.mainDir, 'sandbox.js'),
    stateDir: join(options.dataDir, 'sandbox'),
    port: options.port,
    env: { ...options.env, ELECTRON_RUN_AS_NODE: '1' },
    ...(jupiterProgram ? { args: ['--jupiter-program', jupiterProgram] } : {}),
  };
}
