/**
 * The Fees screen's referral for Best price (Meta-Aggregator) (issue 22 point 4): naming the
 * referral account and its fee, the tokens /order would pay nothing in while their token
 * accounts are missing, and creating those accounts (SOL and USDC first) through a review.
 */
import '../test/swap-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { fakeAccount, installFakeWallet } from '../test/fake-wallet';
import { initialFeesState, useFeesReviewStore, useFeesStore } from '../stores/fees-store';

afterEach(() => {
  useFeesStore.setState(initialFeesState);
  useFeesReviewStore.getState().reset();
});

describe('fees screen, /order referral', () => {
  it('saves the name and fee, shows what pays nothing, and creates the token accounts', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)], lamports: '10000000000' });
    fake.swap.statuses = ['confirmed'];
    window.location.hash = '#/fees';
    render(<App />);
    const user = userEvent.setup();

    const name = await screen.findByRole('textbox', { name: 'Referral account name' });
    await user.type(name, 'swapdesk');
    const bps = screen.getByRole('textbox', { name: 'Referral fee (bps)' });
    await user.clear(bps);
    await user.type(bps, '40');
    await user.click(screen.getByRole('button', { name: 'Save referral' }));
    await screen.findByText('The referral fee of /order is 50 to 255 bps.');
    await user.clear(bps);
    await user.type(bps, '80');
    await user.click(screen.getByRole('button', { name: 'Save referral' }));
    await waitFor(() =>
      expect(fake.fees.settings.orderReferral).toMatchObject({ name: 'swapdesk', feeBps: 80 }),
    );
    expect(
      (await screen.findByRole('status', { name: 'Tokens paying nothing' })).textContent,
    ).toMatch(/SOL, USDC/);
    expect(screen.getByRole('status', { name: 'Referral account on chain' }).textContent).toBe(
      'Not created yet',
    );
    // No referral program on this network: no button to create the account itself.
    expect(screen.queryByRole('button', { name: 'Create referral account' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Create fee token accounts' }));
    await user.click(await screen.findByRole('button', { name: 'Approve and sign' }));
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: 'Tokens paying nothing' })).toBeNull(),
    );
    const list = screen.getByRole('list', { name: 'Referral token accounts' });
    expect(list.textContent).toMatch(/SOL: earned 0 SOL/);
    expect(list.textContent).toMatch(/USDC: earned 0 USDC/);
    // Many typed keys and a review: about 2.5 s alone, more on a loaded machine.
  }, 20_000);
});
