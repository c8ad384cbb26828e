/**
 * Runs a few vault calls in a separate Node process (node --import tsx), the way a second app
 * instance or an app with no keychain daemon would. The child opens the vault on the data
 * folder and keychain service given in its environment and prints one JSON line per call.
 * Secrets go in through the environment (SWAPDESK_TEST_SECRET), never in the script text.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { tempDir } from '../fixtures/temp-dirs';

export const repoRoot = resolve(import.meta.dirname, '../..');

export type ChildResult =
  | { label: string; ok: true; value: unknown }
  | { label: string; ok: false; code: string; message: string };

const PRELUDE = `
import { createVault } from './main/vault/index.ts';
import { createKeytarKeychain } from './main/keychain/index.ts';
import { createSigner } from './main/signer/index.ts';
import { recordVaultSecret } from './test/harness/secrets-log.ts';
const real = createKeytarKeychain(process.env.SWAPDESK_TEST_SERVICE);
// SWAPDESK_TEST_KILL_AFTER_SETS=N: the process kills itself (SIGKILL) at keychain write N+1,
// the way a crash or a power cut stops an upgrade or a password change half way.
const killAfter = Number(process.env.SWAPDESK_TEST_KILL_AFTER_SETS ?? Infinity);
let sets = 0;
const keychain = {
  ...real,
  set: async (account, secret) => {
    if (sets++ >= killAfter) process.kill(process.pid, 'SIGKILL');
    return real.set(account, secret);
  },
};
const vault = createVault({ keychain, dataDir: process.env.SWAPDESK_TEST_DATA, onSecretCreated: recordVaultSecret });
const signer = createSigner({ secretKeyOf: (address) => vault.secretKeyOf(address) });
const secret = process.env.SWAPDESK_TEST_SECRET ?? '';
async function step(label, run) {
  try {
    console.log(JSON.stringify({ label, ok: true, value: await run() }));
  } catch (error) {
    console.log(JSON.stringify({ label, ok: false, code: error?.code ?? 'THROWN', message: String(error?.message) }));
  }
}
`;

export interface ChildOptions {
  service: string;
  dataDir: string;
  secret?: string;
  /** No Secret Service: D-Bus session address and displays removed, an empty runtime dir. */
  noDaemon?: boolean;
  /** Wraps the command, e.g. ['dbus-run-session', '--', 'sh', '-c', '... exec "$@"', 'sh']. */
  wrap?: string[];
  env?: Record<string, string>;
  /** The child is expected to kill itself (SWAPDESK_TEST_KILL_AFTER_SETS): no exit code check. */
  killed?: boolean;
}

/** Runs `body` (JavaScript using `vault`, `keychain`, `signer`, `secret`, `step`) in a child. */
export async function runVaultChild(body: string, options: ChildOptions): Promise<ChildResult[]> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SWAPDESK_TEST_SERVICE: options.service,
    SWAPDESK_TEST_DATA: options.dataDir,
    SWAPDESK_TEST_SECRET: options.secret ?? '',
    ...options.env,
  };
  if (options.noDaemon) {
    delete env.DBUS_SESSION_BUS_ADDRESS;
    delete env.DISPLAY;
    delete env.WAYLAND_DISPLAY;
    // libsecret also looks for a bus at $XDG_RUNTIME_DIR/bus: give it an empty folder.
    env.XDG_RUNTIME_DIR = tempDir('swapdesk-nobus-');
  }
  const node = [process.execPath, '--import', 'tsx', '--input-type=module', '-e', PRELUDE + body];
  const [command, ...args] = [...(options.wrap ?? []), ...node];
  const child = spawn(command!, args, { cwd: repoRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((done) => child.on('close', done));
  const results = stdout
    .split('\n')
    .filter((line) => line.startsWith('{"label"'))
    .map((line) => JSON.parse(line) as ChildResult);
  if (options.killed) {
    if (code === 0) throw new Error('the vault child was expected to be killed, but it finished');
    return results;
  }
  if (code !== 0) {
    throw new Error(`vault child exited ${code}; stderr:\n${stderr.slice(-2000)}`);
  }
  return results;
}

/** The result of the step named `label`. */
export function stepOf(results: ChildResult[], label: string): ChildResult {
  const found = results.find((r) => r.label === label);
  if (!found) throw new Error(`the child printed no result for "${label}"`);
  return found;
}
