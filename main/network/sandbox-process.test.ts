/**
 * The launcher against real child processes: small Node scripts that behave like the sandbox
 * (ready line, logs, slow start, early exit, ignoring SIGTERM).
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startSandboxProcess } from './sandbox-process';
import { tempDir } from '../../test/fixtures/temp-dirs';

const dir = tempDir('swapdesk-launcher-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function script(name: string, body: string): string {
  const path = join(dir, name);
  writeFileSync(path, body);
  return path;
}

function alive(pid: number | undefined): boolean {
  try {
    process.kill(pid!, 0);
    return true;
  } catch {
    return false;
  }
}

const quiet = () => {};

describe('startSandboxProcess', () => {
  it('resolves with the URLs of the ready line, passing port and state, and stops on SIGTERM', async () => {
    const path = script(
      'ready.mjs',
      `const args = process.argv.slice(2);
       console.log('starting...');
       console.log(JSON.stringify({ event: 'ready', rpcUrl: 'http://127.0.0.1:1234', swapApiUrl: 'http://127.0.0.1:1234/v6', args }));
       process.on('SIGTERM', () => { console.log('bye'); process.exit(0); });
       setInterval(() => {}, 1000);`,
    );
    const sandbox = await startSandboxProcess({
      execPath: process.execPath,
      scriptPath: path,
      stateDir: '/tmp/state here',
      onStderr: quiet,
    });
    expect(sandbox.rpcUrl).toBe('http://127.0.0.1:1234');
    expect(sandbox.swapApiUrl).toBe('http://127.0.0.1:1234/v6');
    expect(alive(sandbox.pid)).toBe(true);
    await sandbox.stop();
    expect(alive(sandbox.pid)).toBe(false);
    await sandbox.stop(); // a second stop is harmless
  });

  it('rejects with NETWORK_UNAVAILABLE when the process exits before it is ready', async () => {
    const path = script('dies.mjs', `console.error('no state folder'); process.exit(3);`);
    await expect(
      startSandboxProcess({
        execPath: process.execPath,
        scriptPath: path,
        stateDir: dir,
        onStderr: quiet,
      }),
    ).rejects.toMatchObject({
      code: 'NETWORK_UNAVAILABLE',
      message: expect.stringContaining('exit code 3'),
    });
  });

  it('rejects after the timeout and does not leave the process running', async () => {
    const path = script(
      'slow.mjs',
      `console.log('{"event":"ready"}'); setInterval(() => {}, 1000);`,
    );
    const started = Date.now();
    await expect(
      startSandboxProcess({
        execPath: process.execPath,
        scriptPath: path,
        stateDir: dir,
        timeoutMs: 300,
        onStderr: quiet,
      }),
    ).rejects.toMatchObject({
      code: 'NETWORK_UNAVAILABLE',
      message: expect.stringContaining('in time'),
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('kills a process that ignores SIGTERM after the grace period', async () => {
    const path = script(
      'stubborn.mjs',
      `process.on('SIGTERM', () => {});
       console.log(JSON.stringify({ event: 'ready', rpcUrl: 'http://a', swapApiUrl: 'http://a/v6' }));
       setInterval(() => {}, 1000);`,
    );
    const sandbox = await startSandboxProcess({
      execPath: process.execPath,
      scriptPath: path,
      stateDir: dir,
      onStderr: quiet,
    });
    await sandbox.stop(200);
    expect(alive(sandbox.pid)).toBe(false);
  });
});
