import '../test/swap-setup';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ActivityEntryView } from '../../../preload/api-types';
import { App } from '../App';
import { fakeAccount, installFakeWallet } from '../test/fake-wallet';
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
    await screen.findByText('No transactions yet. Swaps you send appear here.');
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
