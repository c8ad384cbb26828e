/**
 * Connect Ledger on the Accounts screen (issue 17) and the review's **Confirm on your Ledger**,
 * over the fake wallet's ledger.* methods (the device itself is tested in main and end to end).
 */
import '../test/setup';
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { fakeAccount, installFakeWallet } from '../test/fake-wallet';
import { FAKE_PASSWORD } from '../test/fake-lock';
import { useAccountsStore } from '../stores/accounts-store';
import { LedgerPrompt } from './swap/LedgerPrompt';

async function openAccounts() {
  const fake = installFakeWallet({ accounts: [fakeAccount(0)], lamports: '1500000000' });
  window.location.hash = '#/accounts';
  const user = userEvent.setup();
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Accounts' });
  return { fake, user };
}

describe('Connect Ledger', () => {
  it('lists the device accounts with paths and balances, and adds the picked one by name', async () => {
    const { fake, user } = await openAccounts();
    await user.click(screen.getByRole('button', { name: 'Connect Ledger' }));
    const table = await screen.findByRole('table', { name: 'Ledger accounts' });
    expect(within(table).getByText("m/44'/501'/0'/0'")).toBeTruthy();
    expect(within(table).getByText("m/44'/501'/0'")).toBeTruthy();
    expect(within(table).getByText("m/44'/501'")).toBeTruthy();
    await waitFor(() => expect(within(table).getAllByText('1.5 SOL').length).toBeGreaterThan(0));
    await user.click(within(table).getByRole('checkbox', { name: "Add m/44'/501'/0'/0'" }));
    const name = within(table).getByRole('textbox', { name: "Name for m/44'/501'/0'/0'" });
    await user.clear(name);
    await user.type(name, 'Cold');
    await user.click(screen.getByRole('button', { name: 'Add selected accounts' }));
    expect(await screen.findByText('Added Cold from your Ledger.')).toBeTruthy();
    const row = screen.getByRole('listitem', { name: /^Cold/ });
    expect(within(row).getByText(/Ledger · m\/44'\/501'\/0'\/0'/)).toBeTruthy();
    expect(fake.calls.find((c) => c.method === 'ledger.add')?.request).toEqual({
      accounts: [{ address: fake.ledger.accounts[0]!.address, label: 'Cold' }],
    });
  });

  it('says what to do when the device is locked, and tries again', async () => {
    const { fake, user } = await openAccounts();
    fake.failNext(
      'ledger.connect',
      'LEDGER_LOCKED',
      'Your Ledger is locked. Enter its PIN on the device, open the Solana app, and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Connect Ledger' }));
    expect((await screen.findByText(/Your Ledger is locked/)).textContent).toMatch(/Enter its PIN/);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'Ledger accounts' })).toBeTruthy();
  });

  it('says swaps need blind signing when it is off', async () => {
    const { fake, user } = await openAccounts();
    fake.ledger.blindSigningEnabled = false;
    await user.click(screen.getByRole('button', { name: 'Connect Ledger' }));
    expect(await screen.findByText(/turn on "Allow blind signing"/)).toBeTruthy();
  });
});

describe('Connect Ledger on first run', () => {
  it('adds a Ledger account from the welcome screen and opens the wallet', async () => {
    const fake = installFakeWallet({ accounts: [] });
    window.location.hash = '#/';
    const user = userEvent.setup();
    render(<App />);
    await user.click(await screen.findByRole('button', { name: 'Connect Ledger' }));
    // The first account of any kind asks for the wallet's password first (issue 24).
    await screen.findByRole('heading', { name: 'Choose a password' });
    await user.type(screen.getByLabelText('Password'), FAKE_PASSWORD);
    await user.type(screen.getByLabelText('Confirm password'), FAKE_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    const table = await screen.findByRole('table', { name: 'Ledger accounts' });
    await user.click(within(table).getByRole('checkbox', { name: "Add m/44'/501'/0'/0'" }));
    await user.click(screen.getByRole('button', { name: 'Add selected accounts' }));
    await screen.findByRole('heading', { level: 1, name: 'Wallet' });
    expect(fake.state.accounts).toEqual([
      expect.objectContaining({
        kind: 'ledger',
        derivationPath: "m/44'/501'/0'/0'",
        label: 'Ledger 1',
      }),
    ]);
  });
});

describe('Confirm on your Ledger', () => {
  it('shows the message hash main sent to the device', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    useAccountsStore.setState({ accounts: [fakeAccount(0)], current: fakeAccount(0).address });
    render(<LedgerPrompt account={fakeAccount(0).address} />);
    const status = screen.getByRole('status', { name: 'Ledger' });
    expect(status.textContent).toMatch(/Confirm on your Ledger/);
    expect(status.textContent).toMatch(/cannot be cancelled from Swapdesk/);
    act(() => {
      fake.ledger.prompt = {
        account: fakeAccount(0).address,
        messageHash: 'HashShownOnTheDevice111',
      };
    });
    await waitFor(() => expect(status.textContent).toMatch(/HashShownOnTheDevice111/), {
      timeout: 2000,
    });
  });
});
