/**
 * Starts a real sandbox process for tests: `node --import tsx main/sandbox/cli.ts --port 0
 * --state <dir>` (or the build's sandbox.js, see sandboxEntry), waiting for its ready line. Each
 * sandbox gets a new temporary state folder holding a copy of the run's genesis
 * (genesis-template.ts) unless a folder is given (to test restarts).
 *
 * @example
 * const sandbox = await startSandbox();
 * const connection = new Connection(sandbox.rpcUrl, 'confirmed');
 * // ...
 * await sandbox.stop(); // SIGTERM; `kill()` is SIGKILL
 * await sandbox.remove(); // deletes a state folder the harness created
 */
import { JUPITER_PROGRAM_FIXTURE } from '../fixtures/jupiter-program';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { seedFromGenesisTemplate } from './genesis-seed';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The sandbox program: the build's out/main/sandbox.js when scripts/test.mjs built it in this
 * run (SWAPDESK_TEST_BUILT=1; a second less per start than loading the sources through tsx),
 * else the sources, so that a suite run on its own never starts a stale build.
 */
function sandboxEntry(): string[] {
  const built = join(ROOT, 'out/main/sandbox.js');
  if (process.env.SWAPDESK_TEST_BUILT === '1' && existsSync(built)) return [built];
  return ['--import', 'tsx', join(ROOT, 'main/sandbox/cli.ts')];
}

export interface StartSandboxOptions {
  /** Reuse a state folder (restarts); default: a new temporary one. */
  stateDir?: string;
  reset?: boolean;
  /**
   * 'template' (default): a state folder the harness makes starts as a copy of the run's genesis
   * (genesis-template.ts); 'fresh': the sandbox writes its own genesis, as a first start does.
   */
  genesis?: 'template' | 'fresh';
  /** Slot time; tests of blockhash expiry pass a few ms. Default 400 like mainnet. */
  slotMs?: number;
  /** Extra CLI arguments (e.g. a fixed `--port`). */
  args?: string[];
  timeoutMs?: number;
}

export interface RunningSandbox {
  rpcUrl: string;
  swapApiUrl: string;
  /** The PubSub WebSocket API (the RPC port + 1; issue 33). */
  wsUrl: string;
  stateDir: string;
  pid: number;
  /** Everything the process wrote on stderr so far. */
  stderr(): string;
  /** The lines the process wrote on stdout so far (the ready line, and nothing else). */
  stdoutLines(): string[];
  /** SIGTERM; resolves with the exit code once it exited. */
  stop(): Promise<number | null>;
  /** SIGKILL; resolves once it exited. */
  kill(): Promise<void>;
  /** Stops it (SIGTERM) if running and deletes the state folder if the harness created it. */
  remove(): Promise<void>;
}

/** Spawns a sandbox and resolves when its ready line arrived. */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const created = options.stateDir === undefined;
  const stateDir = options.stateDir ?? mkdtempSync(join(tmpdir(), 'swapdesk-sandbox-'));
  if (created && !options.reset && options.genesis !== 'fresh') {
    await seedFromGenesisTemplate(stateDir, makeGenesis);
  }
  const args = [...sandboxEntry(), '--port', '0', '--state', stateDir];
  if (options.reset) args.push('--reset');
  if (options.slotMs !== undefined) args.push('--slot-ms', String(options.slotMs));
  args.push(...(options.args ?? []));
  // SWAPDESK_TEST_SANDBOX_JUPITER=1: suites that start a sandbox run it with Jupiter's program
  // (the review and swap-flow suites then judge the aggregator's routes, as on mainnet).
  if (process.env.SWAPDESK_TEST_SANDBOX_JUPITER === '1' && !args.includes('--jupiter-program')) {
    args.push('--jupiter-program', JUPITER_PROGRAM_FIXTURE);
  }
  const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  const stdoutLines: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const running = () => child.exitCode === null && child.signalCode === null;

  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`sandbox did not print its ready line in time; stderr:\n${stderr}`));
    }, options.timeoutMs ?? 30_000);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code} before it was ready; stderr:\n${stderr}`));
    });
    createInterface({ input: child.stdout }).on('line', (line) => {
      stdoutLines.push(line);
      let ready: { event?: string; rpcUrl?: string; swapApiUrl?: string; wsUrl?: string };
      try {
        ready = JSON.parse(line) as typeof ready;
      } catch {
        return;
      }
      if (ready.event !== 'ready' || !ready.rpcUrl || !ready.swapApiUrl) return;
      clearTimeout(timer);
      const stop = async () => {
        if (running()) child.kill('SIGTERM');
        return exited;
      };
      resolvePromise({
        rpcUrl: ready.rpcUrl,
        swapApiUrl: ready.swapApiUrl,
        wsUrl: ready.wsUrl ?? '',
        stateDir,
        pid: child.pid!,
        stderr: () => stderr,
        stdoutLines: () => [...stdoutLines],
        stop,
        async kill() {
          if (running()) child.kill('SIGKILL');
          await exited;
        },
        async remove() {
          await stop();
          if (created) rmSync(stateDir, { recursive: true, force: true });
        },
      });
    });
  });
}

/**
 * Writes a fresh genesis into the empty folder `stateDir`: a sandbox started there and stopped
 * with SIGTERM, which leaves the snapshot a restart reads (genesis-template.ts).
 */
export async function makeGenesis(stateDir: string): Promise<void> {
  const sandbox = await startSandbox({ stateDir, genesis: 'fresh', timeoutMs: 60_000 });
  const code = await sandbox.stop();
  if (code !== 0 || !existsSync(join(stateDir, 'ledger-snapshot.json'))) {
    throw new Error(`the genesis sandbox stopped with ${code}:\n${sandbox.stderr()}`);
  }
}
