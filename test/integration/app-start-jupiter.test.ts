/**
 * `npm start` opens the Electron app with Jupiter's program on its sandbox when the checkout has
 * the test fixture (issue 23). Without opening a window: scripts/start.mjs's own steps
 * (withJupiterProgram on its command line, then electronEnv for Electron's environment, both in
 * scripts/jupiter-fixture.mjs), then the app's own launch of its sandbox (appSandboxLaunch, as
 * main/index.ts calls it) run for real with the built out/main/sandbox.js, and the program read
 * back over RPC: executable at its mainnet id. `--jupiter-program none` leaves it out.
 */
import { join } from 'node:path';
import { Connection, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { appSandboxLaunch } from '../../main/network/app-sandbox';
import { startSandboxProcess } from '../../main/network/sandbox-process';
import {
  APP_JUPITER_PROGRAM_ENV,
  electronEnv,
  JUPITER_FIXTURE,
  withJupiterProgram,
} from '../../scripts/jupiter-fixture.mjs';
import { JUPITER_PROGRAM_FIXTURE } from '../fixtures/jupiter-program';
import { tempDir } from '../fixtures/temp-dirs';
import { previewScript } from '../harness/preview';

const JUPITER = new PublicKey('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4');
const mainDir = join(previewScript(), '..');

/** The app's sandbox as `npm start -- <argv>` would launch it; answers Jupiter's account. */
async function appSandboxJupiter(argv: string[]) {
  const env = electronEnv(withJupiterProgram(argv), { ...process.env });
  const launch = appSandboxLaunch({
    execPath: process.execPath,
    mainDir,
    dataDir: tempDir('swapdesk-app-start-'),
    port: 0,
    env,
  });
  let stderr = '';
  const sandbox = await startSandboxProcess({
    ...launch,
    onStderr: (chunk) => (stderr += chunk.toString('utf8')),
  });
  try {
    const account = await new Connection(sandbox.rpcUrl, 'confirmed').getAccountInfo(JUPITER);
    return { env, launch, account, stderr };
  } finally {
    await sandbox.stop();
  }
}

describe("npm start: the Electron app's sandbox runs Jupiter's program from the checkout", () => {
  it('by default: start.mjs names the fixture, the app passes it on, the program is loaded', async () => {
    expect(JUPITER_FIXTURE).toBe(JUPITER_PROGRAM_FIXTURE);
    const { env, launch, account, stderr } = await appSandboxJupiter([]);
    expect(env[APP_JUPITER_PROGRAM_ENV]).toBe(JUPITER_FIXTURE);
    expect(launch.scriptPath).toBe(join(mainDir, 'sandbox.js'));
    expect(launch.args).toEqual(['--jupiter-program', JUPITER_FIXTURE]);
    expect(launch.env?.ELECTRON_RUN_AS_NODE).toBe('1');
    expect(account, stderr).not.toBeNull();
    expect(account!.executable).toBe(true);
    expect(account!.owner.toBase58()).toMatch(/^BPFLoader/);
  });

  it('`npm start -- --jupiter-program none`: the sandbox as it is without the program', async () => {
    const { env, launch, account } = await appSandboxJupiter(['--jupiter-program', 'none']);
    expect(env[APP_JUPITER_PROGRAM_ENV]).toBe('none');
    expect(launch.args).toEqual(['--jupiter-program', 'none']);
    expect(account).toBeNull();
  });
});
