import '../test/setup';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { installFakeWallet } from '../test/fake-wallet';
import { useAccountsStore } from '../stores/accounts-store';

const BASE58_SECRET =
  '4wBqpZM9xaSheZzJSMawUHDgZ7miWfSsxmfVF5jJpYP3BG5SAJ4vqzp4fkd3s7ZGwyB1YvjgBuB2BA4rGMmF5L5Y';
const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

async function openApp() {
  const user = userEvent.setup();
  render(<App />);
  await screen.findByRole('heading', { name: 'Welcome to Swapdesk' });
  return user;
}

describe('onboarding', () => {
  it('offers Create wallet and Import wallet when there is no account', async () => {
    installFakeWallet();
    await openApp();
    expect(screen.getByRole('button', { name: 'Create wallet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import wallet' })).toBeTruthy();
    expect(screen.getByText('Sandbox network — test funds only')).toBeTruthy();
  });

  it('creates a wallet and shows its address in the main view', async () => {
    const fake = installFakeWallet();
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Create wallet' }));
    const address = await screen.findByRole('status', { name: 'Account address' });
    expect(address.textContent).toBe(fake.state.accounts[0]?.address);
    expect(screen.getByRole('heading', { level: 1, name: 'Wallet' })).toBeTruthy();
    expect(fake.calls.map((c) => c.method)).toContain('accounts.create');
  });

  it('shows the bridge error when creating fails and stays on onboarding', async () => {
    const fake = installFakeWallet();
    fake.failNext(
      'accounts.create',
      'KEYCHAIN_UNAVAILABLE',
      'The system keychain is locked. Unlock it and try again.',
    );
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Create wallet' }));
    const alert = await screen.findByText(
      'The system keychain is locked. Unlock it and try again.',
    );
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByRole('button', { name: 'Create wallet' })).toBeTruthy();
    expect(fake.state.accounts).toHaveLength(0);
  });

  it('imports a secret key, empties the box, and keeps the secret out of the store', async () => {
    const fake = installFakeWallet();
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    const box = screen.getByRole('textbox', { name: 'Secret key or recovery phrase' });
    expect(box.getAttribute('autocomplete')).toBe('off');
    expect(box.getAttribute('spellcheck')).toBe('false');
    await user.type(box, BASE58_SECRET);
    await user.type(screen.getByRole('textbox', { name: 'Label (optional)' }), 'Savings');
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    await screen.findByRole('status', { name: 'Account address' });
    expect(fake.calls.find((c) => c.method === 'accounts.import')?.request).toEqual({
      secret: BASE58_SECRET,
      label: 'Savings',
    });
    expect(JSON.stringify(useAccountsStore.getState())).not.toContain(BASE58_SECRET);
    expect(document.body.innerHTML).not.toContain(BASE58_SECRET);
    expect(screen.getByRole('heading', { level: 2, name: 'Savings' })).toBeTruthy();
  });

  it('asks how many accounts to derive for a recovery phrase and sends the indexes', async () => {
    const fake = installFakeWallet();
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    expect(screen.queryByRole('spinbutton', { name: 'Accounts to import' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Secret key or recovery phrase' }), PHRASE);
    const count = screen.getByRole('spinbutton', { name: 'Accounts to import' });
    await user.clear(count);
    await user.type(count, '3');
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    await screen.findByRole('status', { name: 'Account address' });
    expect(fake.calls.find((c) => c.method === 'accounts.import')?.request).toEqual({
      secret: PHRASE,
      accountIndexes: [0, 1, 2],
    });
    expect(fake.state.accounts).toHaveLength(3);
  });

  it('shows a malformed secret error in the alert, creates nothing and clears the box', async () => {
    const fake = installFakeWallet();
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', {
      name: 'Secret key or recovery phrase',
    });
    await user.type(box, 'not-a-key');
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/not a secret key/));
    expect(box.value).toBe('');
    expect(document.activeElement).toBe(box);
    expect(fake.state.accounts).toHaveLength(0);
    expect(screen.queryByRole('status', { name: 'Account address' })).toBeNull();
  });

  it('shows a bad recovery phrase error', async () => {
    installFakeWallet();
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Secret key or recovery phrase' }),
      PHRASE.replace('about', 'notaword'),
    );
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/recovery phrase is not valid/);
  });

  it('refuses an empty submission without calling the bridge', async () => {
    const fake = installFakeWallet();
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Paste a secret key/);
    expect(fake.calls.some((c) => c.method === 'accounts.import')).toBe(false);
  });

  it('goes back to the choice with Cancel and focuses its heading', async () => {
    installFakeWallet();
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Import a wallet' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Welcome to Swapdesk' }),
    );
  });

  it('says so when the page has no bridge', async () => {
    render(<App />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/no connection to the wallet/);
  });
});
