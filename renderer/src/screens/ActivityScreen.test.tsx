import '../test/swap-setup';
import { describe, expect, it } from 'vitest';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityEntryView, ChainActivityView } from '../../../preload/api-types';
import { App } from '../App';
import { useAppStore } from '../stores/app-store';
import { fakeAccount, fakeAddress, installFakeWallet } from '../test/fake-wallet';
import { FAKE_TOKENS, fakeSignature, fakeUuid } from '../test/fake-swap';
import { FAKE_LOOKALIKE_TOKEN } from '../test/fake-tokens';

const SOL = FAKE_TOKENS[0]!;
const USDC = FAKE_TOKENS[1]!;

function entry(change: Partial<ActivityEntryView>): ActivityEntryView {
  return {
    id: fakeUuid(),
    kind: 'swap',
    networkId: 'sandbox',
    account: 'F'.repeat(44),
    signature: fakeSignature(1),
    status: 'confirmed',
    error: null,
    inputMint: SOL.mint,
    outputMint: USDC.mint,
    inAmount: '500000000',
    outAmount: '74987212',
    otherAmountThreshold: '74612275',
    swapMode: 'ExactIn',
    createdAt: '2026-11-22T03:19:55.000Z',
    updatedAt: '2026-11-22T03:19:57.000Z',
    explorerUrl: null,
    ...change,
  };
}

function openActivity(entries: ActivityEntryView[]) {
  const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
  fake.swap.activity = entries;
  window.location.hash = '#/activity';
  render(<App />);
  return fake;
}

describe('activity', () => {
  it('lists each transaction with its amounts, status and time; explorer links only on mainnet', async () => {
    openActivity([
      entry({
        networkId: 'mainnet',
        explorerUrl: 'https://explorer.solana.com/tx/abc',
        signature: fakeSignature(2),
      }),
      entry({ status: 'failed', error: 'Slippage tolerance exceeded: the price moved.' }),
      entry({ status: 'expired', networkId: 'custom', explorerUrl: 'https://example.com/tx/1' }),
    ]);
    const list = await screen.findByRole('list', { name: 'Transactions' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]!.textContent).toContain('Swap 0.5 SOL → 74.987212 USDC');
    expect(within(items[0]!).getByText('Confirmed')).toBeTruthy();
    expect(
      within(items[0]!).getByRole('link', { name: 'View in the explorer' }).getAttribute('href'),
    ).toBe('https://explorer.solana.com/tx/abc');
    expect(within(items[1]!).getByText('Failed')).toBeTruthy();
    expect(items[1]!.textContent).toContain('Slippage tolerance exceeded: the price moved.');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
    // Not mainnet: no link even though main sent one.
    expect(within(items[2]!).getByText('Expired')).toBeTruthy();
    expect(within(items[2]!).queryByRole('link')).toBeNull();
    expect(items[0]!.querySelector('time')?.getAttribute('dateTime')).toBe(
      '2026-11-22T03:19:55.000Z',
    );
  });

  it('marks a token that is not on the verified list', async () => {
    openActivity([entry({ outputMint: FAKE_LOOKALIKE_TOKEN.mint, outAmount: '1000000' })]);
    const list = await screen.findByRole('list', { name: 'Transactions' });
    // The look-alike is not in the verified list: named by its short mint, and marked.
    expect(within(list).getByRole('listitem').textContent).toContain(
      'Swap 0.5 SOL → 1000000 base units of USDC…1111 (unverified)',
    );
  });

  it('says when there is nothing yet, and reloads on Refresh', async () => {
    const fake = openActivity([]);
    await screen.findByText(
      'No transactions yet. What you send and receive on this network appears here.',
    );
    fake.swap.activity = [entry({ status: 'pending' })];
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refresh' }));
    const list = await screen.findByRole('list', { name: 'Transactions' });
    expect(within(list).getByText('Pending')).toBeTruthy();
  });

  it('shows main’s error when the list cannot be read', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    fake.failNext('activity.list', 'ACTIVITY_FILE_UNREADABLE', 'The activity file cannot be read.');
    window.location.hash = '#/activity';
    render(<App />);
    await waitFor(() => expect(screen.getByText('The activity file cannot be read.')).toBeTruthy());
  });
});

describe('pending entries', () => {
  it('reload on their own until main has an outcome', async () => {
    const pending = entry({ status: 'pending' });
    const fake = openActivity([pending]);
    const list = await screen.findByRole('list', { name: 'Transactions' });
    expect(within(list).getByText('Pending')).toBeTruthy();
    fake.swap.activity = [{ ...pending, status: 'confirmed' }];
    await waitFor(() => expect(within(list).getByText('Confirmed')).toBeTruthy(), {
      timeout: 5000,
    });
  });
});

describe('what the chain records (issue 18)', () => {
  const SENDER = fakeAddress(700);
  const chainEntry = (n: number, change: Partial<ChainActivityView> = {}): ChainActivityView => ({
    signature: fakeSignature(100 + n),
    slot: 1000 - n,
    // Newest first: one minute apart, all after the wallet's own swap of the fixture.
    time: new Date(Date.parse('2026-11-23T00:00:00.000Z') - n * 60_000).toISOString(),
    status: 'confirmed',
    memo: null,
    fee: null,
    movements: [{ mint: USDC.mint, change: String((n + 1) * 1_000_000), counterparties: [SENDER] }],
    explorerUrl: null,
    ...change,
  });

  it('lists a received transfer with its amount and sender, merged with the wallet’s own once', async () => {
    const own = entry({ signature: fakeSignature(1) });
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    fake.swap.activity = [own];
    fake.swap.chain = [
      chainEntry(0),
      // main leaves the wallet's own transactions out; were one to arrive, it is listed once.
      { ...chainEntry(1), signature: own.signature },
      chainEntry(2, {
        movements: [{ mint: SOL.mint, change: '-250000000', counterparties: [SENDER] }],
        fee: '5000',
      }),
    ];
    window.location.hash = '#/activity';
    render(<App />);
    const list = await screen.findByRole('list', { name: 'Transactions' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    const items = within(list).getAllByRole('listitem');
    expect(items[0]!.textContent).toContain(`Received +1 USDC from ${SENDER.slice(0, 4)}…`);
    expect(within(items[0]!).getByLabelText(SENDER)).toBeTruthy();
    expect(items[1]!.textContent).toContain('Sent −0.25 SOL to');
    expect(items[1]!.textContent).toContain('network fee 0.000005 SOL');
    // The wallet's own swap, older than both: once, as the wallet's entry.
    expect(items[2]!.textContent).toContain('Swap 0.5 SOL → 74.987212 USDC');
    expect(fake.calls.filter((c) => c.method === 'activity.chain')).toEqual([
      { method: 'activity.chain', request: { address: fakeAccount(0).address } },
    ]);
  });

  // Seen in an e2e run (activity-chain): the person's swap journalled at 01:39:59.013 and a
  // transfer from another wallet that landed after it, within the same second: the chain's
  // block time, whole seconds, said 01:39:59.000 and the transfer was listed below the swap.
  it('lists a transfer that landed after the own swap in the same second above it, by their slots', async () => {
    const own = entry({ createdAt: '2026-11-29T01:39:59.013Z', slot: 88 });
    const pending = entry({
      signature: fakeSignature(3),
      status: 'pending',
      createdAt: '2026-11-29T01:39:59.500Z',
    });
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    // The wallet's list is newest first: the pending one was sent last.
    fake.swap.activity = [pending, own];
    fake.swap.chain = [
      chainEntry(0, { slot: 90, time: '2026-11-29T01:39:59.000Z' }),
      chainEntry(1, { slot: 85, time: '2026-11-29T01:39:59.000Z' }),
      chainEntry(2, { slot: 80, time: '2026-11-29T01:39:58.000Z' }),
    ];
    window.location.hash = '#/activity';
    render(<App />);
    const list = await screen.findByRole('list', { name: 'Transactions' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    const texts = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent ?? '');
    // Not landed yet: the newest of its second. Then slot 90, the own swap's 88, slot 85, and
    // the transfer of the second before.
    expect(texts[0]).toContain('Pending');
    expect(texts[1]).toContain('Received +1 USDC');
    expect(texts[2]).toContain('Swap 0.5 SOL → 74.987212 USDC');
    expect(texts[2]).toContain('Confirmed');
    expect(texts[3]).toContain('Received +2 USDC');
    expect(texts[4]).toContain('Received +3 USDC');
  });

  it('reads the history again on another network, without the old network’s entries', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    fake.swap.chain = [chainEntry(0)];
    window.location.hash = '#/activity';
    render(<App />);
    const list = await screen.findByRole('list', { name: 'Transactions' });
    await waitFor(() => expect(list.textContent).toContain('Received +1 USDC'));
    // Settings switched the network: app.info now names another one, with its own history.
    fake.swap.chain = [chainEntry(3)];
    const info = useAppStore.getState().info!;
    act(() =>
      useAppStore.setState({
        info: {
          ...info,
          network: { ...info.network, id: 'mainnet', rpcUrl: 'https://rpc.invalid' },
        },
      }),
    );
    // The list is drawn anew for the other network.
    const shown = () => screen.getByRole('list', { name: 'Transactions' }).textContent;
    await waitFor(() => expect(shown()).toContain('Received +4 USDC'));
    expect(shown()).not.toContain('Received +1 USDC');
    expect(fake.calls.filter((c) => c.method === 'activity.chain')).toHaveLength(2);
  });

  it('pages with Show more until the history is exhausted', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    fake.swap.chain = [0, 1, 2, 3, 4].map((n) => chainEntry(n));
    fake.swap.chainPageSize = 2;
    window.location.hash = '#/activity';
    render(<App />);
    const list = await screen.findByRole('list', { name: 'Transactions' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(4));
    await user.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(5));
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(
      [1, 2, 3, 4, 5].map((usdc) => expect.stringContaining(`Received +${usdc} USDC from`)),
    );
    expect(fake.calls.filter((c) => c.method === 'activity.chain').map((c) => c.request)).toEqual([
      { address: fakeAccount(0).address },
      { address: fakeAccount(0).address, cursor: '2' },
      { address: fakeAccount(0).address, cursor: '4' },
    ]);
  });
});
