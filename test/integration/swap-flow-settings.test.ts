/**
 * Networks and the swap API key through the real composition root, with the real OS keychain
 * (gnome-keyring in the test's D-Bus session) and a real sandbox: the key lands in the
 * keychain and never comes back over the bridge; switching networks changes what app.info and
 * tokens.list answer and survives a restart; a quote or review ticket never crosses a switch;
 * the web preview stays on the sandbox.
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppInfo } from '../../preload/api-types';
import { composeApp, type ComposedApp } from '../../main/app/compose';
import { createRegistry } from '../../main/bridge/registry';
import { createKeytarKeychain } from '../../main/keychain';
import { sandboxNetwork } from '../../main/network/presets';
import { apiKeyEntry } from '../../main/settings/settings-service';
import { recordSecret, recordVaultSecret } from '../harness/secrets-log';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { callerOf, transcribed } from './swap-flow-wallet';
import { tempDir } from '../fixtures/temp-dirs';
import { firstAccount, unlock } from './wallet-setup';

const SERVICE = `swapdesk-itest-settings-${process.pid}-${Date.now()}`;
const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

let sandbox: RunningSandbox;
let dataDir: string;
const apps: ComposedApp[] = [];

function open(shell: AppInfo['shell'] = 'electron', dir = dataDir) {
  const app = composeApp({
    keychainService: SERVICE,
    dataDir: dir,
    network: sandboxNetwork(sandbox),
    shell,
    version: 'test',
    onSecretCreated: recordVaultSecret,
  });
  apps.push(app);
  const registry = createRegistry({ handlers: app.handlers, policy: () => true, ...transcribed() });
  return callerOf(registry);
}

beforeAll(async () => {
  sandbox = await startSandbox();
  dataDir = tempDir('swapdesk-settings-itest-');
});

afterAll(async () => {
  for (const app of apps) app.close();
  await createKeytarKeychain(SERVICE)
    .delete(apiKeyEntry('mainnet'))
    .catch(() => false);
  await sandbox?.remove();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('networks and the swap API key', () => {
  it('stores the API key in the OS keychain and only ever says whether one is set', async () => {
    const wallet = open();
    const key = `jup-${crypto.randomUUID()}`;
    recordSecret('other', key);
    const view = await wallet.call('settings.setApiKey', { apiKey: key });
    expect(view.networks.find((n) => n.id === 'mainnet')?.apiKeySet).toBe(true);
    const everything = JSON.stringify([view, await wallet.call('settings.get', {})]);
    expect(everything).not.toContain(key);
    expect(await createKeytarKeychain(SERVICE).get(apiKeyEntry('mainnet'))).toBe(key);
    // Nothing in the data folder holds it.
    for (const name of readdirSync(dataDir)) {
      expect(readFileSync(join(dataDir, name), 'utf8')).not.toContain(key);
    }
  });

  it('switches to mainnet and back, app.info and tokens.list follow, and it survives a restart', async () => {
    const wallet = open();
    expect((await wallet.call('app.info', {})).network.id).toBe('sandbox');
    const view = await wallet.call('settings.setNetwork', {
      id: 'mainnet',
      rpcUrl: 'https://rpc.example.com',
    });
    expect(view).toMatchObject({
      apiKeySet: true,
      network: {
        id: 'mainnet',
        rpcUrl: 'https://rpc.example.com',
        // Today's Swap API v2 is the mainnet default (issue 22).
        swapApiUrl: 'https://api.jup.ag/swap/v2',
        swapApiFlavour: 'swap-v2',
        isSandbox: false,
      },
    });
    expect((await wallet.call('app.info', {})).network.id).toBe('mainnet');
    const tokens = await wallet.call('tokens.list', {});
    expect(tokens.every((t) => t.source === 'bundled')).toBe(true);
    expect(tokens.find((t) => t.symbol === 'USDC')).toMatchObject({ mint: USDC, decimals: 6 });
    expect(await wallet.refusal('sandbox.fund', { address: SOL })).toMatchObject({
      code: 'NOT_SANDBOX',
    });

    expect((await open().call('app.info', {})).network).toMatchObject({
      id: 'mainnet',
      rpcUrl: 'https://rpc.example.com',
    });
    await wallet.call('settings.setNetwork', { id: 'sandbox' });
    expect((await wallet.call('app.info', {})).network).toEqual(sandboxNetwork(sandbox));
    // Back on the sandbox: its own token API answers (its warning tokens included).
    const sandboxTokens = await wallet.call('tokens.list', {});
    expect(sandboxTokens.every((t) => t.source === 'api')).toBe(true);
    expect(sandboxTokens.map((t) => t.symbol)).toContain('PDLG');
  });

  it('never lets a quote cross a network switch', async () => {
    const wallet = open();
    await firstAccount(wallet.call);
    const quote = await wallet.call('swap.quote', {
      inputMint: SOL,
      outputMint: USDC,
      amount: '1000000',
      slippage: { bps: 50 },
    });
    await wallet.call('settings.setNetwork', { id: 'mainnet' });
    await wallet.call('settings.setNetwork', { id: 'sandbox' });
    expect(await wallet.refusal('swap.review', { quoteId: quote.quoteId })).toMatchObject({
      code: 'QUOTE_NOT_FOUND',
      message: expect.stringMatching(/another network|change of network.*Ask for a new quote/),
    });
  });

  it('refuses URLs without https off this computer, naming the field', async () => {
    const wallet = open();
    // The earlier tests set the password in this data folder: a wallet opened again is locked.
    await unlock(wallet.call);
    expect(
      await wallet.refusal('settings.setNetwork', {
        id: 'custom',
        rpcUrl: 'http://rpc.example.com',
        swapApiUrl: 'https://swap.example.com/v6',
      }),
    ).toEqual({
      code: 'INVALID_URL',
      message:
        'The RPC URL must use https:// (plain http is allowed only for a service on this computer, like http://127.0.0.1:8899).',
    });
    expect((await wallet.call('app.info', {})).network.id).toBe('sandbox');
  });

  it('keeps the web preview on the sandbox', async () => {
    const preview = open('web-preview', tempDir('swapdesk-preview-itest-'));
    const refused = await preview.refusal('settings.setNetwork', { id: 'mainnet' });
    expect(refused.code).toBe('NETWORK_NOT_ALLOWED');
    expect(refused.message).toMatch(/^The web preview runs on the sandbox network only/);
    expect((await preview.call('app.info', {})).network.isSandbox).toBe(true);
    const view = await preview.call('settings.get', {});
    expect(view.networks.filter((n) => n.available).map((n) => n.id)).toEqual(['sandbox']);
  });
});
