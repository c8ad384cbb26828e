import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createSandboxLifecycle, freeLoopbackPort } from './sandbox-lifecycle';

/** A start function whose processes record their life, each taking a tick to start and stop. */
function recorder() {
  const events: string[] = [];
  let n = 0;
  const start = async () => {
    const id = ++n;
    events.push(`start ${id}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
    return {
      stop: async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push(`stop ${id}`);
      },
    };
  };
  return { events, start };
}

describe('the sandbox runs only while it is the selected network', () => {
  it('starts once however often it is asked, and stops when asked', async () => {
    const { events, start } = recorder();
    const lifecycle = createSandboxLifecycle(start);
    expect(lifecycle.running()).toBe(false);
    await Promise.all([lifecycle.ensureRunning(), lifecycle.ensureRunning()]);
    expect(lifecycle.running()).toBe(true);
    await lifecycle.stop();
    await lifecycle.stop();
    expect(events).toEqual(['start 1', 'stop 1']);
  });

  it('a quick switch away and back runs stop and start in order, one process at a time', async () => {
    const { events, start } = recorder();
    const lifecycle = createSandboxLifecycle(start);
    await lifecycle.ensureRunning();
    void lifecycle.stop();
    void lifecycle.ensureRunning();
    await lifecycle.stop();
    await lifecycle.ensureRunning();
    expect(events).toEqual(['start 1', 'stop 1', 'start 2', 'stop 2', 'start 3']);
    expect(lifecycle.running()).toBe(true);
  });

  it('counts a start under way as running, so a quit waits for the stop queued behind it', async () => {
    const { events, start } = recorder();
    const lifecycle = createSandboxLifecycle(start);
    const starting = lifecycle.ensureRunning();
    expect(lifecycle.running()).toBe(true); // not started yet, but it will be
    await lifecycle.stop();
    await starting;
    expect(events).toEqual(['start 1', 'stop 1']);
    expect(lifecycle.running()).toBe(false);
  });

  it('a failed start leaves it stopped, and the next switch tries again', async () => {
    let fail = true;
    const lifecycle = createSandboxLifecycle(async () => {
      if (fail) throw new Error('port in use');
      return { stop: async () => undefined };
    });
    await expect(lifecycle.ensureRunning()).rejects.toThrow('port in use');
    expect(lifecycle.running()).toBe(false);
    fail = false;
    await lifecycle.ensureRunning();
    expect(lifecycle.running()).toBe(true);
  });

  it('finds a loopback port nothing listens on', async () => {
    const port = await freeLoopbackPort();
    expect(port).toBeGreaterThan(0);
    // It really is free: a server can take it.
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
