import { describe, expect, it } from 'vitest';
import { METHOD_NAMES, channelOf } from '../../preload/contract';
import type { Handlers } from './handler-types';
import {
  appPagePolicy,
  registerIpcTransport,
  senderOfEvent,
  type InvokeEventLike,
} from './electron-transport';
import { createRegistry } from './registry';

const APP_URL = 'file:///opt/Swapdesk/resources/app.asar/out/renderer/index.html';

type Listener = (event: InvokeEventLike, payload: unknown) => Promise<unknown>;

/** ipcMain as Electron hands it over: handle/removeHandler keyed by channel. */
function fakeIpcMain() {
  const handlers = new Map<string, Listener>();
  return {
    handlers,
    handle(channel: string, listener: Listener) {
      if (handlers.has(channel)) throw new Error(`second handler for ${channel}`);
      handlers.set(channel, listener);
    },
    removeHandler(channel: string) {
      handlers.delete(channel);
    },
  };
}

/** An invoke event from a frame: Electron's WebFrameMain has `url` and `parent`. */
function eventFrom(url: string, isMainFrame = true): InvokeEventLike {
  const frame = { url, parent: isMainFrame ? null : { url: APP_URL } };
  return { senderFrame: frame } as unknown as InvokeEventLike;
}

const info = {
  version: '1',
  shell: 'electron' as const,
  network: {
    id: 'sandbox' as const,
    label: 's',
    rpcUrl: 'r',
    swapApiUrl: 'w',
    swapApiFlavour: 'v6' as const,
    isSandbox: true,
  },
};
const handlers = Object.fromEntries(
  METHOD_NAMES.map((name) => [name, async () => (name === 'app.info' ? info : null)]),
) as unknown as Handlers;

describe('IPC transport', () => {
  it('registers one handler per contract method on its own channel, and removes them', () => {
    const ipc = fakeIpcMain();
    const registry = createRegistry({ handlers, policy: appPagePolicy(APP_URL) });
    const unregister = registerIpcTransport(ipc, registry);
    expect([...ipc.handlers.keys()].sort()).toEqual(METHOD_NAMES.map(channelOf).sort());
    unregister();
    expect(ipc.handlers.size).toBe(0);
  });

  it('answers the app page and refuses subframes, other pages and destroyed frames', async () => {
    const ipc = fakeIpcMain();
    registerIpcTransport(ipc, createRegistry({ handlers, policy: appPagePolicy(APP_URL) }));
    const invoke = ipc.handlers.get(channelOf('app.info'))!;
    expect(await invoke(eventFrom(`${APP_URL}#/swap`), {})).toEqual({ ok: true, value: info });
    const refused = { ok: false, error: { code: 'UNTRUSTED_SENDER', message: expect.any(String) } };
    expect(await invoke(eventFrom(APP_URL, false), {})).toEqual(refused);
    expect(await invoke(eventFrom('https://evil.example/index.html'), {})).toEqual(refused);
    expect(await invoke(eventFrom('file:///tmp/index.html'), {})).toEqual(refused);
    expect(await invoke({ senderFrame: null } as unknown as InvokeEventLike, {})).toEqual(refused);
  });
});

describe('appPagePolicy', () => {
  it('accepts only the top frame of the exact app page, ignoring query and fragment', () => {
    const policy = appPagePolicy(APP_URL);
    const from = (url: string, main = true) => policy(senderOfEvent(eventFrom(url, main)));
    expect(from(APP_URL)).toBe(true);
    expect(from(`${APP_URL}?x=1#/accounts`)).toBe(true);
    expect(from(APP_URL, false)).toBe(false);
    expect(from(APP_URL.replace('index.html', 'other.html'))).toBe(false);
    expect(from('file:///opt/Swapdesk/resources/app.asar/out/renderer/')).toBe(false);
    expect(from('')).toBe(false);
    expect(policy({ kind: 'http', origin: APP_URL, tokenValid: true })).toBe(false);
  });

  it('accepts the dev server page when that is the app URL', () => {
    const policy = appPagePolicy('http://localhost:5173/');
    expect(
      policy({ kind: 'electron', frameUrl: 'http://localhost:5173/#/pay', isMainFrame: true }),
    ).toBe(true);
    expect(
      policy({ kind: 'electron', frameUrl: 'http://localhost:5174/', isMainFrame: true }),
    ).toBe(false);
  });
});
