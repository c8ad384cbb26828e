/**
 * The sandbox process is started only while the sandbox network is selected: at launch when it
 * is the person's network, when they switch to it, and stopped when they switch away (its state
 * is written to its folder, so switching back finds every balance as it was). Starts and stops
 * run one after another, so a quick back-and-forth in Settings never leaves two processes or a
 * stop racing a start. The process always gets the same port, so the sandbox network's URLs,
 * which the settings and every network bundle hold, stay valid across restarts.
 */
import { createServer } from 'node:net';

/** What the lifecycle needs of a running sandbox. */
export interface StoppableSandbox {
  stop(): Promise<void>;
}

export interface SandboxLifecycle {
  /** Starts the sandbox unless it is running; resolves once it serves (or rejects). */
  ensureRunning(): Promise<void>;
  /** Stops it if running; resolves once it exited. */
  stop(): Promise<void>;
  /** True while it runs, or while a start or stop is queued or under way. */
  running(): boolean;
}

/**
 * @example
 * const lifecycle = createSandboxLifecycle(() => startSandboxProcess({ ..., port }));
 * if (settings.network().isSandbox) await lifecycle.ensureRunning();
 */
export function createSandboxLifecycle(start: () => Promise<StoppableSandbox>): SandboxLifecycle {
  let current: StoppableSandbox | null = null;
  let queue: Promise<unknown> = Promise.resolve();
  // Starts and stops queued or under way: while any is, the process may exist (a quit then
  // waits for the stop queued behind them, so no start is left to finish as an orphan).
  let pending = 0;
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    pending += 1;
    const next = queue.then(work, work).finally(() => {
      pending -= 1;
    });
    queue = next.catch(() => undefined);
    return next;
  };
  return {
    ensureRunning: () =>
      serial(async () => {
        if (current === null) current = await start();
      }),
    stop: () =>
      serial(async () => {
        const stopping = current;
        current = null;
        await stopping?.stop();
      }),
    running: () => current !== null || pending > 0,
  };
}

/** A TCP port free on 127.0.0.1 right now (the OS picks it), for the sandbox to keep. */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
