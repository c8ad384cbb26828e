/**
 * The composition root wires every contract method, and the network decides what the
 * network-bound handlers do. The keychain is the in-memory one (no Secret Service in the unit
 * suite; the preview integration test runs the same composition on gnome-keyring).
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { NetworkInfo } from '../../preload/api-types';
import { METHOD_NAMES } from '../../preload/contract';
import { createRegistry } from '../bridge/registry';
import { createMemoryKeychain } from '../../test/fixtures/memory-keychain';
import { TEST_PASSWORD } from '../../test/fixtures/test-vault';
import { recordSecret } from '../../test/harness/secrets-log';
import { MAINNET, sandboxNetwork } from '../network/presets';
import { composeApp, unreachableMessage } from './compose';
import { appDataRoot, previewDataDir } from './data-dirs';
import { tempDir } from '../../test/fixtures/temp-dirs';
import { closedPortUrl } from '../../test/fixtures/closed-port';

const dataDir = tempDir('swapdesk-compose-');
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** The app on `network`; each in its own data folder (a password there would lock the next). */
function compose(network: NetworkInfo, folder = tempDir('swapdesk-compose-')) {
  const { handlers } = composeApp({
    keychainService: 'swapdesk-test',
    dataDir: folder,
    network,
    shell: 'electron',
    version: '1.2.3',
    keychain: createMemoryKeychain('swapdesk-test'),
  });
  return createRegistry({ handlers, policy: () => true });
}

const sender = { kind: 'electron', frameUrl: 'file:///x', isMainFrame: true } as const;

/** A sandbox network at a port nothing listens on: app.info and app.start need no answer. */
const unreachableSandbox = () =>
  sandboxNetwork({
    rpcUrl: 'http://127.0.0.1:1',
    swapApiUrl: 'http://127.0.0.1:1/v6',
  });

describe('composeApp', () => {
  it('handles every contract method', () => {
    const { handlers } = composeApp({
      keychainService: 'swapdesk-test',
      dataDir,
      network: MAINNET,
      shell: 'electron',
      version: '1',
      keychain: createMemoryKeychain(),
    });
    expect(Object.keys(handlers).sort()).toEqual([...METHOD_NAMES].sort());
  });

  it('answers app.info with the version, network and shell it was given', async () => {
    const network = unreachableSandbox();
    expect(await compose(network).dispatch('app.info', {}, sender)).toEqual({
      ok: true,
      value: { version: '1.2.3', shell: 'electron', network, lock: 'new' },
    });
  });

  it('answers app.start with app.info and the account list in one, the first screen’s one call (issue 26)', async () => {
    const network = unreachableSandbox();
    expect(await compose(network).dispatch('app.start', {}, sender)).toEqual({
      ok: true,
      value: {
        info: { version: '1.2.3', shell: 'electron', network, lock: 'new' },
        accounts: { accounts: [], current: null },
      },
    });
    // Validated like every method: anything in the request is refused.
    expect(await compose(network).dispatch('app.start', { accounts: true }, sender)).toMatchObject({
      ok: false,
      error: { code: 'INVALID_REQUEST' },
    });
  });

  it('creates accounts in the data folder it was given, behind the lock (issue 24)', async () => {
    const registry = compose(MAINNET, dataDir);
    const call = async (method: string, payload: unknown) => {
      const result = await registry.dispatch(method, payload, sender);
      if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
      return result.value as never;
    };
    await call('lock.setPassword', { password: TEST_PASSWORD, confirm: TEST_PASSWORD });
    const { draft, words } = (await call('accounts.beginPhrase', { words: 12 })) as {
      draft: string;
      words: string[];
    };
    recordSecret('recovery-phrase', words.join(' '));
    const answers = [1, 2, 3].map((position) => ({ position, word: words[position - 1] }));
    const created = await call('accounts.confirmPhrase', { draft, answers, label: 'Main' });
    expect(created).toMatchObject({ label: 'Main' });
    expect(readFileSync(join(dataDir, 'accounts.json'), 'utf8')).toContain('"Main"');
    // Locked: the composition's handlers refuse what the lock screen does not need.
    await call('lock.lock', {});
    expect(await registry.dispatch('accounts.list', {}, sender)).toMatchObject({
      ok: false,
      error: { code: 'LOCKED' },
    });
    expect(await call('app.info', {})).toMatchObject({ lock: 'locked' });
    // The first screen's one call answers while locked, but lists no account (issue 26).
    expect(await call('app.start', {})).toMatchObject({ info: { lock: 'locked' }, accounts: null });
    expect(await call('lock.unlock', { password: TEST_PASSWORD })).toMatchObject({
      state: 'unlocked',
    });
    expect(await registry.dispatch('accounts.list', {}, sender)).toMatchObject({ ok: true });
    expect(await call('app.start', {})).toMatchObject({
      info: { lock: 'unlocked' },
      accounts: {
        accounts: [{ label: 'Main' }],
        current: (created as { address: string }).address,
      },
    });
  });

  it('refuses test funds off the sandbox with NOT_SANDBOX', async () => {
    const result = await compose(MAINNET).dispatch(
      'sandbox.fund',
      { address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T' },
      sender,
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_SANDBOX' } });
  });

  it('answers NETWORK_UNAVAILABLE, naming the network, when it cannot be reached', async () => {
    const url = await closedPortUrl();
    const address = { address: '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T' };
    const sandbox = sandboxNetwork({ rpcUrl: url, swapApiUrl: `${url}/v6` });
    for (const method of ['balances.get', 'sandbox.fund'] as const) {
      expect(await compose(sandbox).dispatch(method, address, sender)).toEqual({
        ok: false,
        error: { code: 'NETWORK_UNAVAILABLE', message: unreachableMessage(sandbox) },
      });
    }
    const custom: NetworkInfo = { ...MAINNET, id: 'custom', label: 'My RPC', rpcUrl: url };
    const result = await compose(custom).dispatch('balances.get', address, sender);
    expect(result).toMatchObject({ ok: false, error: { code: 'NETWORK_UNAVAILABLE' } });
    expect(!result.ok && result.error.message).toContain(`My RPC is not reachable at ${url}`);
  });
});

describe('data folders', () => {
  it('keeps the preview beside the app, never in it', () => {
    const env = { HOME: '/home/ana' };
    expect(appDataRoot(env, 'linux')).toBe('/home/ana/.config');
    expect(previewDataDir(env, 'linux')).toBe('/home/ana/.config/Swapdesk-preview');
    expect(previewDataDir({ ...env, XDG_CONFIG_HOME: '/x' }, 'linux')).toBe('/x/Swapdesk-preview');
    expect(previewDataDir({ APPDATA: 'C:\\Users\\ana\\AppData\\Roaming' }, 'win32')).toMatch(
      /Roaming[\\/]Swapdesk-preview$/,
    );
  });
});
