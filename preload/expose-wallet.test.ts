import { describe, expect, it } from 'vitest';
import { METHOD_NAMES, channelOf } from './contract';
import { exposeWallet } from './expose-wallet';

/** contextBridge and ipcRenderer as Electron hands them to a preload script. */
function fakes() {
  const exposed = new Map<string, unknown>();
  const invoked: Array<[string, unknown]> = [];
  return {
    exposed,
    invoked,
    contextBridge: {
      exposeInMainWorld(key: string, api: unknown) {
        exposed.set(key, api);
      },
    },
    ipcRenderer: {
      invoke(channel: string, ...args: unknown[]) {
        invoked.push([channel, args[0]]);
        return Promise.resolve({ ok: true, value: channel });
      },
    },
  };
}

describe('preload', () => {
  it('exposes only `wallet`, with exactly the contract methods', () => {
    const f = fakes();
    exposeWallet(f.contextBridge, f.ipcRenderer);
    expect([...f.exposed.keys()]).toEqual(['wallet']);
    const wallet = f.exposed.get('wallet') as Record<string, Record<string, unknown>>;
    const names = Object.entries(wallet).flatMap(([ns, verbs]) =>
      Object.entries(verbs).map(([verb, fn]) => {
        expect(typeof fn).toBe('function');
        return `${ns}.${verb}`;
      }),
    );
    expect(names.sort()).toEqual([...METHOD_NAMES].sort());
    expect(Object.isFrozen(wallet)).toBe(true);
    expect(Object.values(wallet).every((ns) => Object.isFrozen(ns))).toBe(true);
  });

  it('sends each method on its own channel with the request, and nothing else', async () => {
    const f = fakes();
    exposeWallet(f.contextBridge, f.ipcRenderer);
    const wallet = f.exposed.get('wallet') as {
      app: { start: (r?: unknown) => Promise<unknown> };
      accounts: { rename: (r: unknown) => Promise<unknown> };
    };
    const request = { address: 'A', label: 'B' };
    // What the first screen needs is asked at once, in one call, before the page has run (issue 26).
    expect(f.invoked).toEqual([['wallet:app.start', {}]]);
    expect(await wallet.accounts.rename(request)).toEqual({
      ok: true,
      value: channelOf('accounts.rename'),
    });
    // Another call came in between: the early answer may be stale, so it is asked again.
    await wallet.app.start();
    expect(f.invoked.slice(1)).toEqual([
      ['wallet:accounts.rename', request],
      ['wallet:app.start', {}],
    ]);
  });

  it('gives the page’s calls of app.start the answer asked early, until another method is called', async () => {
    const f = fakes();
    exposeWallet(f.contextBridge, f.ipcRenderer);
    const wallet = f.exposed.get('wallet') as {
      app: { start: (r: unknown) => Promise<unknown> };
      accounts: { list: (r: unknown) => Promise<unknown> };
    };
    // The welcome drawn before React and the app's own start: both take the early answer.
    expect(await wallet.app.start({})).toEqual({ ok: true, value: 'wallet:app.start' });
    expect(await wallet.app.start({})).toEqual({ ok: true, value: 'wallet:app.start' });
    expect(f.invoked).toHaveLength(1);
    // Another method may change what app.start says: later calls go out as usual.
    await wallet.accounts.list({});
    await wallet.app.start({});
    expect(f.invoked.map(([channel]) => channel)).toEqual([
      'wallet:app.start',
      'wallet:accounts.list',
      'wallet:app.start',
    ]);
  });
});
