/**
 * `npm start` on this kind of machine: no Electron binary, no D-Bus session. scripts/start.mjs
 * must say so plainly, start the web preview in its own D-Bus session with a gnome-keyring
 * whose keyring lives in the preview's data folder, print the address, stop cleanly on
 * SIGTERM, and find the same accounts on the next start (the keyring persisted).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Connection, PublicKey } from '@solana/web3.js';
import { afterAll, describe, expect, it } from 'vitest';
import type { AccountsState } from '../../preload/api-types';
import type { Result } from '../../main/shared/result';
import { previewScript } from '../harness/preview';
import { tempDir } from '../fixtures/temp-dirs';
import { ITEST_PASSWORD, firstAccount } from './wallet-setup';

const root = join(previewScript(), '..', '..', '..');
const electronInstalled = existsSync(join(root, 'node_modules', 'electron', 'path.txt'));
const home = tempDir('swapdesk-start-');
const JUPITER = new PublicKey('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4');

interface Started {
  child: ChildProcess;
  output: () => string;
  url: URL;
}

/** Runs scripts/start.mjs without a D-Bus session, as on a fresh headless machine. */
async function start(extra: string[] = []): Promise<Started & { stdout: () => string }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOME: home,
    XDG_CONFIG_HOME: join(home, 'config'),
    SWAPDESK_START_SKIP_BUILD: '1',
  };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  const child = spawn(
    process.execPath,
    [join(root, 'scripts', 'start.mjs'), ...extra, '--port', '0'],
    {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  let stdout = '';
  const collect = (chunk: Buffer) => (output += chunk.toString('utf8'));
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stdout!.on('data', collect);
  child.stderr!.on('data', collect);
  const url = await new Promise<URL>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address in time:\n${output}`)), 60_000);
    const look = () => {
      const match = /(http:\/\/127\.0\.0\.1:\d+\/#token=[0-9a-f]{64})/.exec(stdout);
      if (match) {
        clearTimeout(timer);
        resolve(new URL(match[1]!));
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', () => {
      clearTimeout(timer);
      reject(new Error(`start.mjs exited:\n${output}`));
    });
  });
  return { child, output: () => output, stdout: () => stdout, url };
}

async function stop(started: Started): Promise<number | null> {
  if (started.child.exitCode !== null) return started.child.exitCode;
  const exited = new Promise<number | null>((resolve) =>
    started.child.once('exit', (code) => resolve(code)),
  );
  started.child.kill('SIGTERM');
  return exited;
}

async function call<T>(url: URL, method: string, body: unknown): Promise<Result<T>> {
  const token = new URLSearchParams(url.hash.slice(1)).get('token')!;
  const response = await fetch(`${url.origin}/bridge/${method}`, {
    method: 'POST',
    headers: { origin: url.origin, 'content-type': 'application/json', 'x-swapdesk-token': token },
    body: JSON.stringify(body),
  });
  return (await response.json()) as Result<T>;
}

/**
 * Whether the keyring file in the preview's data folder holds a secret for `address`, asked
 * of a fresh daemon on that file (unlocked with the password scripts/start.mjs uses). Prints
 * only "found" or "missing", never the secret.
 */
function keyringHolds(keyringHome: string, address: string): string {
  const probe =
    "require('keytar').getPassword('swapdesk-preview', process.argv[1])" +
    ".then((s) => console.log(s ? 'found' : 'missing'), (e) => console.log('error ' + e.message))";
  const inner =
    `printf %s swapdesk-preview-sandbox-only | XDG_DATA_HOME='${keyringHome}' ` +
    `gnome-keyring-daemon --unlock --components=secrets >/dev/null && ` +
    `exec '${process.execPath}' -e "${probe}" '${address}'`;
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home };
  delete env.DBUS_SESSION_BUS_ADDRESS;
  const result = spawnSync('dbus-run-session', ['--', 'sh', '-c', inner], {
    cwd: root,
    env,
    encoding: 'utf8',
  });
  return result.stdout.trim();
}

afterAll(() => rmSync(home, { recursive: true, force: true }));

describe('scripts/start.mjs --web', () => {
  it('prints exactly the preview ready line on stdout, its own messages on stderr', async () => {
    const started = await start(['--web']);
    try {
      const lines = started.stdout().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(JSON.parse(lines[0]!)).toEqual({
        event: 'ready',
        url: started.url.href,
        rpcUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        swapApiUrl: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/v6$/),
      });
      expect(started.output()).not.toContain('cannot open an Electron window');
      expect(await call(started.url, 'app.info', {})).toMatchObject({ ok: true });
      // The checkout has Jupiter's program (a test fixture): start.mjs passes it by default.
      const { rpcUrl } = JSON.parse(lines[0]!) as { rpcUrl: string };
      const jupiter = await new Connection(rpcUrl, 'confirmed').getAccountInfo(JUPITER);
      expect(jupiter?.executable).toBe(true);
    } finally {
      expect(await stop(started)).toBe(0);
    }
  });
});

describe.skipIf(electronInstalled)('npm start without an Electron binary', () => {
  it('says so, starts the preview with its own keyring, and keeps accounts across restarts', async () => {
    const first = await start();
    expect(first.output()).toContain(
      'This machine cannot open an Electron window (the Electron binary could not be downloaded); starting the web preview instead.',
    );
    expect(first.output()).toMatch(/own session with a gnome-keyring/);
    const bridge = (async (method: string, body: unknown) => {
      const result = await call(first.url, method, body);
      if (!result.ok) throw new Error(`${method}: ${result.error.message}`);
      return result.value;
    }) as unknown as (m: never, r: never) => Promise<unknown>;
    const created = { ok: true as const, value: await firstAccount(bridge, 'Kept') };
    expect(created).toMatchObject({ ok: true, value: { label: 'Kept' } });
    expect(await stop(first)).toBe(0);
    const dataDir = join(home, 'config', 'Swapdesk-preview');
    expect(existsSync(join(dataDir, 'keyring', 'keyrings', 'login.keyring'))).toBe(true);
    await expect(fetch(`${first.url.origin}/`)).rejects.toThrow();

    const second = await start();
    try {
      await call(second.url, 'lock.unlock', { password: ITEST_PASSWORD });
      const state = await call<AccountsState>(second.url, 'accounts.list', {});
      expect(state).toMatchObject({ ok: true, value: { accounts: [{ label: 'Kept' }] } });
      if (!created.ok || !state.ok) return;
      expect(state.value.accounts[0]!.address).toBe(created.value.address);
    } finally {
      expect(await stop(second)).toBe(0);
    }
    // The keyring holds the wallet's sealed recovery phrase, named by the vault's id and
    // generation (issue 24: the account is derived from it); nothing under the bare address.
    const { sealing } = JSON.parse(readFileSync(join(dataDir, 'accounts.json'), 'utf8')) as {
      sealing: { id: string; generation: number };
    };
    const phraseItem = `${sealing.id}.g${sealing.generation}:phrase`;
    expect(keyringHolds(join(dataDir, 'keyring'), phraseItem)).toBe('found');
    if (created.ok)
      expect(keyringHolds(join(dataDir, 'keyring'), created.value.address)).toBe('missing');
    expect(keyringHolds(join(dataDir, 'keyring'), '11111111111111111111111111111111')).toBe(
      'missing',
    );
  });
});
