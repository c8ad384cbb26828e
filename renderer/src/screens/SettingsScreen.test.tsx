import '../test/swap-setup';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { fakeAccount, installFakeWallet } from '../test/fake-wallet';

function openSettings() {
  const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
  window.location.hash = '#/settings';
  render(<App />);
  return { fake, user: userEvent.setup() };
}

describe('network settings', () => {
  it('starts on the sandbox, labelled as the default with test funds only', async () => {
    openSettings();
    const sandbox = await screen.findByRole('radio', { name: /Sandbox — the default/ });
    expect((sandbox as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('banner').textContent).toContain('Sandbox network — test funds only');
  });

  it('switches to mainnet with its RPC URL; every screen then names mainnet', async () => {
    const { fake, user } = openSettings();
    await user.click(await screen.findByRole('radio', { name: /Mainnet — real funds/ }));
    const rpc = screen.getByRole('textbox', { name: 'RPC URL' }) as HTMLInputElement;
    expect(rpc.value).toBe('https://api.mainnet-beta.solana.com');
    expect(
      (screen.getByRole('textbox', { name: 'Swap API base URL' }) as HTMLInputElement).value,
    ).toBe('https://api.jup.ag/swap/v2');
    await user.clear(rpc);
    await user.type(rpc, 'https://rpc.example.com');
    await user.click(screen.getByRole('button', { name: 'Use this network' }));
    await screen.findByText('Now on Solana mainnet.');
    expect(
      fake.calls.filter((c) => c.method === 'settings.setNetwork').map((c) => c.request),
    ).toEqual([
      {
        id: 'mainnet',
        rpcUrl: 'https://rpc.example.com',
        swapApiUrl: 'https://api.jup.ag/swap/v2',
      },
    ]);
    await waitFor(() =>
      expect(screen.getByRole('banner').textContent).toContain('Mainnet — real funds'),
    );
    for (const hash of ['#/swap', '#/activity', '#/']) {
      window.location.hash = hash;
      await waitFor(() =>
        expect(screen.getByRole('banner').textContent).toContain('Mainnet — real funds'),
      );
    }
  });

  it('keeps the API key write-only: sent once, the box emptied, only "stored" shown', async () => {
    const { fake, user } = openSettings();
    await user.click(await screen.findByRole('radio', { name: /Mainnet — real funds/ }));
    const key = screen.getByLabelText('API key (optional)') as HTMLInputElement;
    expect(key.type).toBe('password');
    await user.type(key, 'sk-test-123');
    await user.click(screen.getByRole('button', { name: 'Save API key' }));
    await screen.findByText('API key saved in the keychain.');
    expect(key.value).toBe('');
    expect(
      fake.calls.filter((c) => c.method === 'settings.setApiKey').map((c) => c.request),
    ).toEqual([{ apiKey: 'sk-test-123', network: 'mainnet' }]);
    expect(document.body.textContent).not.toContain('sk-test-123');
    expect(screen.getByRole('button', { name: 'Remove API key' })).toBeTruthy();
  });

  it('a network this shell cannot use is disabled, with the reason', async () => {
    const { fake } = openSettings();
    fake.swap.settings = {
      ...fake.swap.settings,
      networks: fake.swap.settings.networks.map((n) =>
        n.id === 'sandbox'
          ? n
          : {
              ...n,
              available: false,
              unavailableReason: 'The web preview runs on the sandbox network only.',
            },
      ),
    };
    const mainnet = await screen.findByRole('radio', { name: /Mainnet — real funds/ });
    expect((mainnet as HTMLInputElement).disabled).toBe(true);
    const label = mainnet.closest('label') as HTMLElement;
    expect(
      within(label).getByText('The web preview runs on the sandbox network only.'),
    ).toBeTruthy();
  });

  it('a custom network sends both URLs and shows main’s refusal of a bad one', async () => {
    const { fake, user } = openSettings();
    await user.click(await screen.findByRole('radio', { name: /Custom/ }));
    await user.type(screen.getByRole('textbox', { name: 'RPC URL' }), 'http://127.0.0.1:8899');
    await user.type(
      screen.getByRole('textbox', { name: 'Swap API base URL' }),
      'http://127.0.0.1:8899/v6',
    );
    fake.failNext('settings.setNetwork', 'INVALID_URL', 'The swap API URL must use https.');
    await user.click(screen.getByRole('button', { name: 'Use this network' }));
    await screen.findByText('The swap API URL must use https.');
    expect(
      fake.calls.filter((c) => c.method === 'settings.setNetwork').map((c) => c.request),
    ).toEqual([
      { id: 'custom', rpcUrl: 'http://127.0.0.1:8899', swapApiUrl: 'http://127.0.0.1:8899/v6' },
    ]);
  });
});
