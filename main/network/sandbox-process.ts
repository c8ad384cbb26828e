/**
 * Starts the sandbox network as its own process and waits for its ready line
 * `{"event":"ready","rpcUrl":...,"swapApiUrl":...}` on stdout. Used by the Electron app and by
 * the web preview alike; the caller decides which executable runs the script (plain node, or
 * Electron's binary with ELECTRON_RUN_AS_NODE=1).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { WalletError } from '../shared/errors';

export interface SandboxLaunch {
  /** The program that runs JavaScript: process.execPath in both the app and the preview. */
  execPath: string;
  /** out/main/sandbox.js */
  scriptPath: string;
  stateDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  env?: NodeJS.ProcessEnv;
  /** How long to wait for the ready line. */
  timeoutMs?: number;
  /** Where the sandbox's stderr goes; the default forwards it to this process's stderr. */
  onStderr?: (chunk: Buffer) => void;
  /** Extra sandbox options, e.g. ['--api-shape', 'v1'] (the web preview passes its own on). */
  args?: string[];
}

export interface SandboxProcess {
  rpcUrl: string;
  swapApiUrl: string;
  pid: number | undefined;
  /** SIGTERM, then SIGKILL if it has not exited after `graceMs`. Resolves once it exited. */
  stop(graceMs?: number): Promise<void>;
}

interface ReadyLine {
  event: 'ready';
  rpcUrl: string;
  swapApiUrl: string;
}

function parseReady(line: string): ReadyLine | null {
  try {
    const value = JSON.parse(line) as Partial<ReadyLine>;
    if (
      value.event === 'ready' &&
      typeof value.rpcUrl === 'string' &&
      typeof value.swapApiUrl === 'string'
    ) {
      return value as ReadyLine;
    }
  } catch {
    // Not JSON: an ordinary log line.
  }
  return null;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Spawns the sandbox and resolves when it is ready to serve.
 *
 * @example
 * const sandbox = await startSandboxProcess({ execPath: process.execPath, scriptPath, stateDir });
 * // ... sandbox.rpcUrl ...
 * await sandbox.stop();
 */
export function startSandboxProcess(launch: SandboxLaunch): Promise<SandboxProcess> {
  const args = [
    launch.scriptPath,
    '--port',
    String(launch.port ?? 0),
    '--state',
    launch.stateDir,
    ...(launch.args ?? []),
  ];
  const child = spawn(launch.execPath, args, {
    env: launch.env ?? process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const onStderr = launch.onStderr ?? ((chunk: Buffer) => process.stderr.write(chunk));
  child.stderr?.on('data', onStderr);

  const stop = async (graceMs = 5000): Promise<void> => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited(child);
    clearTimeout(timer);
  };

  return new Promise((resolve, reject) => {
    let settled = false;
    const lines = createInterface({ input: child.stdout! });
    const finish = (error: Error | null, ready?: ReadyLine): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        void stop(500);
        reject(error);
        return;
      }
      // Keep draining stdout so the sandbox never blocks on a full pipe.
      resolve({ rpcUrl: ready!.rpcUrl, swapApiUrl: ready!.swapApiUrl, pid: child.pid, stop });
    };
    const timer = setTimeout(
      () =>
        finish(
          new WalletError(
            'NETWORK_UNAVAILABLE',
            'The sandbox network did not start in time. Restart Swapdesk; if it keeps happening, run `npm run sandbox` to see why.',
          ),
        ),
      launch.timeoutMs ?? 30_000,
    );
    lines.on('line', (line) => {
      const ready = parseReady(line);
      if (ready) finish(null, ready);
    });
    child.once('error', (error) =>
      finish(
        new WalletError('NETWORK_UNAVAILABLE', 'The sandbox network could not be started.', {
          cause: error,
        }),
      ),
    );
    child.once('exit', (code, signal) =>
      finish(
        new WalletError(
          'NETWORK_UNAVAILABLE',
          `The sandbox network stopped while starting (${signal ?? `exit code ${code}`}). Run \`npm run sandbox\` to see why.`,
        ),
      ),
    );
  });
}
