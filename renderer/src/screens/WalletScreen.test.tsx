import '../test/setup';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { fakeAccount, installFakeWallet } from '../test/fake-wallet';
import { BALANCE_REFRESH_MS } from './WalletScreen';
import { usePricesStore } from '../stores/prices-store';

describe('wallet overview', () => {
  it('moves the balances when a transaction lands, without the 20 s wait, where the network has subscriptions (issue 33)', async () => {
    const fake = installFakeWallet({
      accounts: [fakeAccount(0)],
      lamports: '1000000000',
      balanceWatch: true,
    });
    const release = fake.holdNext('balances.watch');
    render(<App />);
    expect((await screen.findByLabelText('SOL balance')).textContent).toBe('1 SOL');
    fake.state.lamports = '2500000000';
    release();
    await waitFor(() => expect(screen.getByLabelText('SOL balance').textContent).toBe('2.5 SOL'));
  });

  it('asks once on a network without subscriptions and keeps the timer alone (issue 33)', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)], lamports: '1000000000' });
    render(<App />);
    expect((await screen.findByLabelText('SOL balance')).textContent).toBe('1 SOL');
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.method === 'balances.watch')).toHaveLength(1),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(fake.calls.filter((c) => c.method === 'balances.watch')).toHaveLength(1);
  });

  it('shows SOL and token balances formatted from base units', async () => {
    installFakeWallet({ accounts: [fakeAccount(0)], lamports: '1234567890123' });
    render(<App />);
    expect((await screen.findByLabelText('SOL balance')).textContent).toBe('1,234.567890123 SOL');
    const table = screen.getByRole('table', { name: 'Token balances' });
    const row = within(table).getByRole('row', { name: /USDC/ });
    expect(within(row).getAllByRole('cell')[0]?.textContent).toBe('1,000');
    // USD values at the fake's prices (SOL $150, USDC $1), from base units with bigint math:
    // 1,234.567890123 SOL × 150 = 185,185.18351845; plus 1,000 USDC.
    expect((await screen.findByLabelText('USD value of SOL')).textContent).toBe('≈ $185,185.18');
    expect(within(row).getByLabelText('USD value of USDC').textContent).toBe('$1,000.00');
    expect(screen.getByLabelText('Total value').textContent).toBe('$186,185.18');
    expect(within(row).getByLabelText('verified')).toBeTruthy();
    // Every price here is the swap service's: the total says so (issue 25).
    expect(screen.getByLabelText('Price sources').textContent).toBe(
      "Every value is at the swap service's prices: Pyth has no feed for these tokens here.",
    );
  });

  it("marks values at Pyth's oracle prices, and the total says how many are (issue 25)", async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)], lamports: '1000000000' });
    fake.swap.oracleFeeds.set('So11111111111111111111111111111111111111112', 'SOL/USD');
    // Prices asked by an earlier test are kept for 30 s: ask afresh.
    usePricesStore.setState({ prices: {}, askedAt: {} });
    render(<App />);
    expect((await screen.findByLabelText('USD value of SOL')).textContent).toBe('≈ $150.00');
    expect(screen.getByLabelText('Pyth oracle price (SOL/USD)')).toBeTruthy();
    expect((await screen.findByLabelText('Price sources')).textContent).toBe(
      "1 of 2 values at Pyth's oracle prices (marked Pyth), read from the network; the others at the swap service's prices.",
    );
  });

  it('shows a clear network-unavailable state with what to do, and recovers on Try again', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)], networkDown: true });
    const user = userEvent.setup();
    render(<App />);
    const title = await screen.findByRole('heading', { name: 'Network unavailable' });
    const card = title.closest('section') as HTMLElement;
    expect(card.textContent).toMatch(/Restart Swapdesk/i);
    expect(screen.queryByLabelText('SOL balance')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Get test funds' })).toBeNull();
    // The address is still there: the wallet is usable offline for what needs no network.
    expect(screen.getByRole('status', { name: 'Account address' }).textContent).toBe(
      fake.state.accounts[0]?.address,
    );

    fake.state.networkDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByLabelText('SOL balance')).textContent).toBe('0 SOL');
    expect(screen.queryByRole('heading', { name: 'Network unavailable' })).toBeNull();
    expect(screen.getByText('Sandbox network — test funds only')).toBeTruthy();
  });

  it('gets test funds on the sandbox with progress, then shows the new balance', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    const user = userEvent.setup();
    render(<App />);
    await screen.findByLabelText('SOL balance');
    const release = fake.hold('sandbox.fund');
    const button = screen.getByRole('button', { name: 'Get test funds' });
    await user.click(button);
    expect(screen.getByText('Requesting test funds…')).toBeTruthy();
    expect((button as HTMLButtonElement).disabled).toBe(true);
    release();
    await screen.findByText('Test funds received.');
    await waitFor(() => expect(screen.getByLabelText('SOL balance').textContent).toBe('10 SOL'));
    expect(fake.calls.filter((c) => c.method === 'sandbox.fund')).toHaveLength(1);
  });

  it('shows the faucet error in an alert', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    fake.failNext('sandbox.fund', 'NETWORK_UNAVAILABLE', 'The sandbox faucet did not answer.');
    const user = userEvent.setup();
    render(<App />);
    await user.click(await screen.findByRole('button', { name: 'Get test funds' }));
    expect(
      (await screen.findByText('The sandbox faucet did not answer.')).getAttribute('role'),
    ).toBe('alert');
  });

  it('has no Get test funds button off the sandbox and names the network', async () => {
    installFakeWallet({ accounts: [fakeAccount(0)], isSandbox: false });
    render(<App />);
    await screen.findByLabelText('SOL balance');
    expect(screen.queryByRole('button', { name: 'Get test funds' })).toBeNull();
    expect(screen.getByText('Mainnet — real funds')).toBeTruthy();
  });

  it('refreshes balances on request', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)], lamports: '5' });
    const user = userEvent.setup();
    render(<App />);
    expect((await screen.findByLabelText('SOL balance')).textContent).toBe('0.000000005 SOL');
    fake.state.lamports = '1000000000';
    await user.click(screen.getByRole('button', { name: 'Refresh balances' }));
    await waitFor(() => expect(screen.getByLabelText('SOL balance').textContent).toBe('1 SOL'));
  });

  it('refreshes balances on its own every 20 seconds', async () => {
    // Only intervals are faked: the queries' own timeouts and observers stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const fake = installFakeWallet({ accounts: [fakeAccount(0)], lamports: '1' });
      render(<App />);
      expect((await screen.findByLabelText('SOL balance')).textContent).toBe('0.000000001 SOL');
      fake.state.lamports = '3000000000';
      await vi.advanceTimersByTimeAsync(BALANCE_REFRESH_MS - 1);
      expect(screen.getByLabelText('SOL balance').textContent).toBe('0.000000001 SOL');
      await vi.advanceTimersByTimeAsync(1);
      await waitFor(() => expect(screen.getByLabelText('SOL balance').textContent).toBe('3 SOL'));
    } finally {
      vi.useRealTimers();
    }
  });
});
