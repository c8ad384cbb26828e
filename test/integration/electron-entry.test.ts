/**
 * The built Electron entry (out/main/index.js) run in plain Node with only the `electron`
 * module replaced by a fake of Electron's objects (this machine has no Electron binary). It
 * checks the wiring main/index.ts is responsible for: the userData folder, the sandbox child
 * process started before the window and stopped on quit, one IPC handler per contract method
 * answering the app page and refusing subframes, the window's preferences and its page, and the
 * `solana:` scheme registration with the launch link handed to the renderer.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { METHOD_NAMES, channelOf } from '../../preload/contract';
import { previewScript } from '../harness/preview';
import { tempDir } from '../fixtures/temp-dirs';

const outMain = join(previewScript(), '..');
const dir = tempDir('swapdesk-electron-entry-');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The fake `electron` module: records what main does and plays one session. */
const FAKE_ELECTRON = String.raw`
import { EventEmitter } from 'node:events';
import { pathToFileURL } from 'node:url';
const say = (event, data = {}) => process.stdout.write(JSON.stringify({ event, ...data }) + '\n');
const paths = { appData: process.env.FAKE_APP_DATA };
const emitter = new EventEmitter();
const handlers = new Map();
let quitting = false;

export const app = {
  isPackaged: false,
  setPath: (name, value) => { paths[name] = value; say('setPath', { name, value }); },
  getPath: (name) => paths[name],
  getVersion: () => '7.7.7',
  enableSandbox: () => say('enableSandbox'),
  setAsDefaultProtocolClient: (scheme) => { say('protocol', { scheme }); return true; },
  requestSingleInstanceLock: () => true,
  on: (name, listener) => { emitter.on(name, listener); return app; },
  whenReady: () => Promise.resolve(),
  quit: () => {
    let prevented = false;
    emitter.emit('will-quit', { preventDefault: () => { prevented = true; } });
    if (prevented) { say('quitDeferred'); return; }
    say('quit');
    setTimeout(() => process.exit(0), 50);
  },
};

export const ipcMain = {
  handle: (channel, listener) => { handlers.set(channel, listener); },
  removeHandler: (channel) => { handlers.delete(channel); },
};

export const shell = { openExternal: async (url) => say('openExternal', { url }) };

const powerListeners = new Map();
export const powerMonitor = {
  on: (name, listener) => { say('powerOn', { name }); powerListeners.set(name, listener); return powerMonitor; },
};

export class BrowserWindow {
  constructor(options) {
    say('window', { webPreferences: options.webPreferences, show: options.show });
    this.webContents = {
      session: {
        webRequest: { onHeadersReceived: () => say('csp') },
        setPermissionRequestHandler: () => say('permissionRequest'),
        setPermissionCheckHandler: () => say('permissionCheck'),
      },
      setWindowOpenHandler: () => say('windowOpenHandler'),
      on: (name) => say('contentsOn', { name }),
    };
  }
  on() { return this; }
  once() { return this; }
  show() {}
  async loadURL(url) { say('loadURL', { url }); }
  async loadFile(path) {
    say('loadFile', { path });
    setTimeout(() => void session(pathToFileURL(path).href), 0);
  }
}

async function session(pageUrl) {
  say('channels', { channels: [...handlers.keys()] });
  const top = { senderFrame: { url: pageUrl + '#/accounts', parent: null } };
  const sub = { senderFrame: { url: pageUrl, parent: { url: pageUrl } } };
  say('appInfo', { result: await handlers.get('wallet:app.info')(top, {}) });
  say('fromSubframe', { result: await handlers.get('wallet:accounts.list')(sub, {}) });
  say('accounts', { result: await handlers.get('wallet:accounts.list')(top, {}) });
  say('link', { result: await handlers.get('wallet:links.takePending')(top, {}) });
  say('linkAgain', { result: await handlers.get('wallet:links.takePending')(top, {}) });
  if (process.env.FAKE_SWITCH === '1') await switchNetworks(top);
  const password = 'entry test: amber lantern';
  say('setPassword', { result: await handlers.get('wallet:lock.setPassword')(top, { password, confirm: password }) });
  powerListeners.get('lock-screen')?.();
  say('afterScreenLock', { result: await handlers.get('wallet:accounts.list')(top, {}) });
  say('unlock', { result: await handlers.get('wallet:lock.unlock')(top, { password }) });
  powerListeners.get('suspend')?.();
  say('afterSuspend', { result: await handlers.get('wallet:lock.status')(top, {}) });
  app.quit();
}

// JSON-RPC to the sandbox's address: its answer, or 'down' when nothing listens there.
async function rpc(url, method, params = []) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    return (await response.json()).result;
  } catch {
    return 'down';
  }
}

// Settings > Network, as the person would: to the sandbox, away, and back.
async function switchNetworks(top) {
  const settings = await handlers.get('wallet:settings.get')(top, {});
  const url = settings.value.networks.find((n) => n.id === 'sandbox').rpcUrl;
  say('onMainnet', { network: settings.value.network.id, sandbox: await rpc(url, 'getHealth') });
  await handlers.get('wallet:settings.setNetwork')(top, { id: 'sandbox' });
  const who = 'mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN';
  const airdrop = await rpc(url, 'requestAirdrop', [who, 1000000000]);
  for (let i = 0; i < 100 && !(await rpc(url, 'getSignatureStatuses', [[airdrop]]))?.value?.[0]; i++) {
    await new Promise((done) => setTimeout(done, 20));
  }
  say('onSandbox', { sandbox: await rpc(url, 'getHealth'), balance: (await rpc(url, 'getBalance', [who, { commitment: 'confirmed' }]))?.value });
  await handlers.get('wallet:settings.setNetwork')(top, { id: 'mainnet' });
  say('awayAgain', { sandbox: await rpc(url, 'getHealth') });
  await handlers.get('wallet:settings.setNetwork')(top, { id: 'sandbox' });
  say('backOnSandbox', { sandbox: await rpc(url, 'getHealth'), balance: (await rpc(url, 'getBalance', [who, { commitment: 'confirmed' }]))?.value });
}
`;

const HOOKS = String.raw`
export async function resolve(specifier, context, next) {
  if (specifier === 'electron') {
    return { url: new URL('./fake-electron.mjs', import.meta.url).href, shortCircuit: true };
  }
  return next(specifier, context);
}
`;

const REGISTER = String.raw`
import { register } from 'node:module';
register('./hooks.mjs', import.meta.url);
`;

const LAUNCH_LINK = 'solana:mvines9iiHiQTysrwkJjGf2gb9Ex9jXJX8ns3qwf2kN?amount=1&label=Coffee';

interface Line {
  event: string;
  [key: string]: unknown;
}

function run(
  appData: string,
  extraEnv: NodeJS.ProcessEnv = {},
): Promise<{ code: number | null; lines: Line[]; stderr: string }> {
  writeFileSync(join(dir, 'fake-electron.mjs'), FAKE_ELECTRON);
  writeFileSync(join(dir, 'hooks.mjs'), HOOKS);
  writeFileSync(join(dir, 'register.mjs'), REGISTER);
  const env: NodeJS.ProcessEnv = { ...process.env, FAKE_APP_DATA: appData, ...extraEnv };
  delete env.ELECTRON_RENDERER_URL;
  const child = spawn(
    process.execPath,
    [
      '--import',
      pathToFileURL(join(dir, 'register.mjs')).href,
      join(outMain, 'index.js'),
      // How Windows and Linux hand the app a link it was opened with.
      LAUNCH_LINK,
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      const lines = stdout
        .trim()
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Line);
      resolve({ code, lines, stderr });
    });
  });
}

describe('Electron entry (out/main/index.js) with a fake electron module', () => {
  it('wires data folder, sandbox, IPC handlers and the hardened window, and stops the sandbox on quit', async () => {
    const appData = join(dir, 'appData');
    const { code, lines, stderr } = await run(appData);
    const find = (event: string) => lines.find((line) => line.event === event);
    expect(code, stderr).toBe(0);

    expect(find('setPath')).toMatchObject({ name: 'userData', value: join(appData, 'Swapdesk') });
    expect(find('enableSandbox')).toBeDefined();
    expect(find('window')).toMatchObject({
      show: false,
      webPreferences: {
        contextIsolation: true,
        sandbox: true,
        nodeIntegration: false,
        webSecurity: true,
        preload: join(outMain, '..', 'preload', 'index.cjs'),
      },
    });
    for (const hardening of ['csp', 'permissionRequest', 'permissionCheck', 'windowOpenHandler']) {
      expect(find(hardening), hardening).toBeDefined();
    }
    expect(find('loadFile')).toEqual({
      event: 'loadFile',
      path: join(outMain, '..', 'renderer', 'index.html'),
    });
    expect(find('loadURL')).toBeUndefined();
    expect((find('channels')!.channels as string[]).sort()).toEqual(
      METHOD_NAMES.map(channelOf).sort(),
    );

    const info = find('appInfo')!.result as {
      ok: boolean;
      value: { version: string; shell: string; network: { id: string; rpcUrl: string } };
    };
    expect(info).toMatchObject({
      ok: true,
      value: { version: '7.7.7', shell: 'electron', network: { id: 'sandbox' }, lock: 'new' },
    });
    expect(find('fromSubframe')!.result).toMatchObject({
      ok: false,
      error: { code: 'UNTRUSTED_SENDER' },
    });
    expect(find('accounts')!.result).toEqual({ ok: true, value: { accounts: [], current: null } });

    // Issue 24: the entry wires powerMonitor; screen lock and suspend lock the wallet in main.
    expect(lines.filter((l) => l.event === 'powerOn').map((l) => l.name)).toEqual([
      'suspend',
      'lock-screen',
    ]);
    expect(find('setPassword')!.result).toMatchObject({ ok: true, value: { state: 'unlocked' } });
    expect(find('afterScreenLock')!.result).toMatchObject({ ok: false, error: { code: 'LOCKED' } });
    expect(find('unlock')!.result).toMatchObject({ ok: true, value: { state: 'unlocked' } });
    expect(find('afterSuspend')!.result).toMatchObject({ ok: true, value: { state: 'locked' } });

    // Registered for solana: links; the one it was launched with reaches the renderer once.
    expect(find('protocol')).toEqual({ event: 'protocol', scheme: 'solana' });
    expect(find('link')!.result).toEqual({ ok: true, value: { url: LAUNCH_LINK } });
    expect(find('linkAgain')!.result).toEqual({ ok: true, value: { url: null } });

    // Quit waited for the sandbox: deferred once, then quit, and the sandbox is gone.
    const order = lines
      .map((line) => line.event)
      .filter((e) => e === 'quitDeferred' || e === 'quit');
    expect(order).toEqual(['quitDeferred', 'quit']);
    await expect(fetch(info.value.network.rpcUrl, { method: 'POST' })).rejects.toThrow();
    expect(existsSync(join(appData, 'Swapdesk', 'sandbox'))).toBe(true);
  });

  it('starts the sandbox only while it is selected: not on Mainnet, on switching to it, stopped away, restarted with its ledger intact', async () => {
    const appData = join(dir, 'appData-mainnet');
    // A person who chose Mainnet last time.
    mkdirSync(join(appData, 'Swapdesk'), { recursive: true });
    writeFileSync(
      join(appData, 'Swapdesk', 'settings.json'),
      JSON.stringify({ version: 1, selected: 'mainnet', mainnet: {}, custom: null }),
    );
    const { code, lines, stderr } = await run(appData, { FAKE_SWITCH: '1' });
    const find = (event: string) => lines.find((line) => line.event === event);
    expect(code, stderr).toBe(0);
    expect(find('onMainnet')).toMatchObject({ network: 'mainnet', sandbox: 'down' });
    expect(find('onSandbox')).toMatchObject({ sandbox: 'ok', balance: 1_000_000_000 });
    expect(find('awayAgain')).toMatchObject({ sandbox: 'down' });
    expect(find('backOnSandbox')).toMatchObject({ sandbox: 'ok', balance: 1_000_000_000 });
    // On the sandbox at quit: it was stopped (quit deferred once), and its state folder kept.
    const order = lines.map((l) => l.event).filter((e) => e === 'quitDeferred' || e === 'quit');
    expect(order).toEqual(['quitDeferred', 'quit']);
    expect(existsSync(join(appData, 'Swapdesk', 'sandbox'))).toBe(true);
  });
});
