/**
 * Settings with the in-memory keychain (the keychain is not the point here; the integration
 * test stores the API key in the real gnome-keyring) and a real settings file on disk.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordSecret } from '../../test/harness/secrets-log';
import { createMemoryKeychain } from '../../test/fixtures/memory-keychain';
import { MAINNET, sandboxNetwork } from '../network/presets';
import { checkServiceUrl } from './service-url';
import { createSettingsFile } from './settings-file';
import { apiKeyEntry, createSettingsService } from './settings-service';
import { tempDir } from '../../test/fixtures/temp-dirs';

const sandbox = sandboxNetwork({
  rpcUrl: 'http://127.0.0.1:4000',
  swapApiUrl: 'http://127.0.0.1:4000/v6',
});

function setup(
  shell: 'electron' | 'web-preview' = 'electron',
  dataDir = tempDir('swapdesk-settings-'),
) {
  const keychain = createMemoryKeychain();
  const make = () =>
    createSettingsService({ file: createSettingsFile(dataDir), keychain, shell, initial: sandbox });
  return { settings: make(), make, keychain, dataDir };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e as { code: string; message: string },
  );
  if (!error) throw new Error('expected a refusal');
  return `${error.code}: ${error.message}`;
}

describe('network settings', () => {
  it('starts on the sandbox, labelled as such, with mainnet at its default URLs', async () => {
    const { settings } = setup();
    const view = await settings.view();
    expect(view.network).toEqual(sandbox);
    expect(view.network.label).toMatch(/Sandbox .*no real funds/);
    expect(view.apiKeySet).toBe(false);
    const mainnet = view.networks.find((n) => n.id === 'mainnet');
    expect(mainnet).toMatchObject({
      rpcUrl: 'https://api.mainnet-beta.solana.com',
      // Today's Swap API v2 is the mainnet default (issue 22).
      swapApiUrl: 'https://api.jup.ag/swap/v2',
      swapApiFlavour: 'swap-v2',
      available: true,
      apiKeySet: false,
    });
  });

  it('switches to mainnet with a custom RPC URL, tells listeners, and keeps it across a restart', async () => {
    const { settings, make } = setup();
    const seen: string[] = [];
    settings.onNetworkChange((network) => {
      seen.push(`${network.id} ${network.rpcUrl}`);
    });
    const view = await settings.setNetwork({ id: 'mainnet', rpcUrl: 'https://rpc.example.com/' });
    expect(view.network).toEqual({ ...MAINNET, rpcUrl: 'https://rpc.example.com' });
    expect(seen).toEqual(['mainnet https://rpc.example.com']);
    expect(make().network()).toEqual({ ...MAINNET, rpcUrl: 'https://rpc.example.com' });
    await settings.setNetwork({ id: 'sandbox' });
    expect(make().network()).toEqual(sandbox);
  });

  it('needs both URLs for a custom network and checks each', async () => {
    const { settings } = setup();
    expect(
      await refusal(settings.setNetwork({ id: 'custom', rpcUrl: 'https://rpc.example.com' })),
    ).toMatch(/^INVALID_URL: A custom network needs both/);
    expect(
      await refusal(
        settings.setNetwork({
          id: 'custom',
          rpcUrl: 'http://rpc.example.com',
          swapApiUrl: 'https://x.example/v6',
        }),
      ),
    ).toMatch(/^INVALID_URL: The RPC URL must use https:\/\//);
    const view = await settings.setNetwork({
      id: 'custom',
      rpcUrl: 'http://127.0.0.1:8899',
      swapApiUrl: 'https://swap.example.org/v6',
    });
    expect(view.network).toMatchObject({
      id: 'custom',
      rpcUrl: 'http://127.0.0.1:8899',
      swapApiUrl: 'https://swap.example.org/v6',
      isSandbox: false,
    });
    // Nothing was written for the refused attempts: the sandbox was never left before this.
  });

  it('keeps the API key in the keychain and answers only whether one is set', async () => {
    const { settings, keychain } = setup();
    const key = `key-${crypto.randomUUID()}`;
    recordSecret('other', key);
    const view = await settings.setApiKey(key);
    expect(JSON.stringify(view)).not.toContain(key);
    expect(view.networks.find((n) => n.id === 'mainnet')?.apiKeySet).toBe(true);
    expect(view.apiKeySet).toBe(false); // still on the sandbox
    expect(await keychain.get(apiKeyEntry('mainnet'))).toBe(key);
    expect(await settings.currentApiKey()).toBeUndefined();
    await settings.setNetwork({ id: 'mainnet' });
    expect(await settings.currentApiKey()).toBe(key);
    expect((await settings.view()).apiKeySet).toBe(true);
    expect((await settings.setApiKey(null)).apiKeySet).toBe(false);
    expect(keychain.size).toBe(0);
    expect(await refusal(settings.setApiKey('two words'))).toMatch(/^INVALID_SWAP_REQUEST/);
  });

  it('allows only the sandbox in the web preview, whatever the file says', async () => {
    const dataDir = tempDir('swapdesk-settings-');
    writeFileSync(
      join(dataDir, 'settings.json'),
      JSON.stringify({ version: 1, selected: 'mainnet', mainnet: {}, custom: null }),
    );
    const { settings } = setup('web-preview', dataDir);
    expect(settings.network()).toEqual(sandbox);
    const refused = await refusal(settings.setNetwork({ id: 'mainnet' }));
    expect(refused).toMatch(
      /^NETWORK_NOT_ALLOWED: The web preview runs on the sandbox network only/,
    );
    expect(await refusal(settings.setApiKey('abc'))).toMatch(/^NETWORK_NOT_ALLOWED/);
    const view = await settings.view();
    expect(view.networks.map((n) => [n.id, n.available])).toEqual([
      ['sandbox', true],
      ['mainnet', false],
      ['custom', false],
    ]);
    expect(JSON.parse(readFileSync(join(dataDir, 'settings.json'), 'utf8')).selected).toBe(
      'mainnet',
    );
  });

  it('falls back to the default network when the file is damaged', () => {
    const dataDir = tempDir('swapdesk-settings-');
    writeFileSync(join(dataDir, 'settings.json'), '{"version": 1, "selected": "moon"');
    expect(setup('electron', dataDir).settings.network()).toEqual(sandbox);
  });
});

describe('service URLs', () => {
  it('wants https except on loopback, and no credentials or fragments', () => {
    expect(checkServiceUrl(' https://api.jup.ag/swap/v1/ ', 'The swap API URL')).toBe(
      'https://api.jup.ag/swap/v1',
    );
    expect(checkServiceUrl('http://localhost:8899', 'The RPC URL')).toBe('http://localhost:8899');
    expect(checkServiceUrl('http://127.0.0.1:8899/', 'The RPC URL')).toBe('http://127.0.0.1:8899');
    expect(checkServiceUrl('http://[::1]:8899', 'The RPC URL')).toBe('http://[::1]:8899');
    expect(checkServiceUrl('https://rpc.example.com/?api-key=k', 'The RPC URL')).toBe(
      'https://rpc.example.com/?api-key=k',
    );
    const refused = (text: string) => {
      try {
        checkServiceUrl(text, 'The RPC URL');
        return 'accepted';
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refused('http://rpc.example.com')).toMatch(/must use https:\/\//);
    expect(refused('http://127.0.0.1.example.com')).toMatch(/must use https:\/\//);
    expect(refused('ftp://rpc.example.com')).toMatch(/must start with https:\/\//);
    expect(refused('rpc.example.com')).toMatch(/is not a web address/);
    expect(refused('https://user:pw@rpc.example.com')).toMatch(/must not contain a user name/);
    expect(refused('https://rpc.example.com/#x')).toMatch(/#fragment/);
  });
});
