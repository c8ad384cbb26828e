import '../test/setup';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { fakeAccount, installFakeWallet } from '../test/fake-wallet';

async function openAccounts(count = 2) {
  const accounts = Array.from({ length: count }, (_, i) => fakeAccount(i));
  const fake = installFakeWallet({ accounts, lamports: '2500000000' });
  window.location.hash = '#/accounts';
  const user = userEvent.setup();
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Accounts' });
  return { fake, user, accounts };
}

function rowOf(label: string): HTMLElement {
  return screen.getByRole('listitem', { name: new RegExp(`^${label}`) });
}

describe('accounts list', () => {
  it('lists each account with label, address and SOL balance', async () => {
    const { accounts } = await openAccounts();
    const row = rowOf('Account 2');
    expect(within(row).getByText(accounts[1]!.address)).toBeTruthy();
    await waitFor(() => expect(within(row).getByText('2.5 SOL')).toBeTruthy());
  });

  it('copies an address with the Copy address button', async () => {
    const { user, accounts } = await openAccounts();
    await user.click(within(rowOf('Account 2')).getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(accounts[1]!.address);
    expect(within(rowOf('Account 2')).getByText('Copied')).toBeTruthy();
  });

  it('renames an account through a dialog', async () => {
    const { user } = await openAccounts();
    await user.click(within(rowOf('Account 1')).getByRole('button', { name: 'Rename' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Account 1' });
    const input = within(dialog).getByRole('textbox', { name: 'New label' });
    await user.clear(input);
    await user.type(input, 'Trading{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rowOf('Trading')).toBeTruthy();
    // Focus returns to the button that opened the dialog.
    expect(document.activeElement?.textContent).toBe('Rename');
  });

  it('shows a rename error from the bridge inside the dialog', async () => {
    const { user, fake } = await openAccounts();
    fake.failNext('accounts.rename', 'KEYCHAIN_UNAVAILABLE', 'Unlock your keychain and try again.');
    await user.click(within(rowOf('Account 1')).getByRole('button', { name: 'Rename' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = screen.getByRole('dialog');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Unlock your keychain and try again.',
    );
  });

  it('removes an account only after confirmation', async () => {
    const { user, fake, accounts } = await openAccounts();
    await user.click(within(rowOf('Account 2')).getByRole('button', { name: 'Remove' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Account 2?' });
    // Focus starts on Cancel, so Enter does not destroy anything.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(fake.state.accounts).toHaveLength(2);

    await user.click(within(rowOf('Account 2')).getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Remove account' }));
    await waitFor(() => expect(screen.queryByRole('listitem', { name: /^Account 2/ })).toBeNull());
    expect(fake.state.accounts.map((a) => a.address)).toEqual([accounts[0]!.address]);
    expect(fake.calls.filter((c) => c.method === 'accounts.remove')).toHaveLength(1);
  });

  it('goes back to onboarding when the last account is removed', async () => {
    const { user } = await openAccounts(1);
    await user.click(within(rowOf('Account 1')).getByRole('button', { name: 'Remove' }));
    await user.click(screen.getByRole('button', { name: 'Remove account' }));
    expect(await screen.findByRole('button', { name: 'Create wallet' })).toBeTruthy();
  });

  it('switches the current account from the list and from the header', async () => {
    const { user, accounts } = await openAccounts();
    await user.click(within(rowOf('Account 2')).getByRole('button', { name: 'Use this account' }));
    await waitFor(() => expect(within(rowOf('Account 2')).getByText('Current')).toBeTruthy());
    const switcher = screen.getByRole<HTMLSelectElement>('combobox', { name: 'Current account' });
    expect(switcher.value).toBe(accounts[1]!.address);
    await user.selectOptions(switcher, accounts[0]!.address);
    await waitFor(() => expect(within(rowOf('Account 1')).getByText('Current')).toBeTruthy());
  });

  it('creates and imports more accounts', async () => {
    const { user, fake } = await openAccounts(1);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await screen.findByText('Created Account 2.');
    expect(fake.state.accounts).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Import account' }));
    // Pasted, as a person would paste a keypair file (typing '[' is a key descriptor).
    await user.click(screen.getByRole('textbox', { name: 'Secret key or recovery phrase' }));
    await user.paste(`[${Array.from({ length: 64 }, (_, i) => i).join(',')}]`);
    await user.click(screen.getByRole('button', { name: 'Import account' }));
    await screen.findByText('Imported Imported.');
    expect(fake.state.accounts).toHaveLength(3);
  });
});
