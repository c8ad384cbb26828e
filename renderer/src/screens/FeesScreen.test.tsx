import '../test/swap-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { fakeAccount, fakeAddress, installFakeWallet, type FakeWallet } from '../test/fake-wallet';
import { FAKE_TOKENS } from '../test/fake-swap';
import { initialFeesState, useFeesReviewStore, useFeesStore } from '../stores/fees-store';
import { openFundedScreen } from '../test/open-screen';

const USDC = FAKE_TOKENS[1]!;

afterEach(() => {
  useFeesStore.setState(initialFeesState);
  useFeesReviewStore.getState().reset();
});

const setUp = () => openFundedScreen('#/fees');

/** **Approve and sign** on the open review, then waits for the fee transaction's Confirmed. */
async function approveUntilConfirmed(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Approve and sign' }));
  await waitFor(() =>
    expect(screen.getByRole('status', { name: 'Fee transaction status' }).textContent).toBe(
      'Confirmed',
    ),
  );
}

const calls = (fake: FakeWallet, method: string) => fake.calls.filter((c) => c.method === method);

async function pickFeeMint(user: ReturnType<typeof userEvent.setup>, symbol: string) {
  await user.click(await screen.findByRole('button', { name: 'Fee token mint' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('option', { name: symbol }));
}

describe('fees screen', () => {
  it('validates the platform fee, warns above common values and saves it', async () => {
    const { fake, user } = setUp();
    const bps = await screen.findByRole('spinbutton', { name: 'Platform fee (bps)' });
    await user.clear(bps);
    await user.type(bps, '12.5');
    expect(screen.getByText('Enter a whole number of basis points (1 bps = 0.01%).')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save fee' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await user.clear(bps);
    await user.type(bps, '250');
    expect(screen.getByText(/250 bps is above common platform fees/)).toBeTruthy();
    await user.clear(bps);
    await user.type(bps, '20');
    expect(screen.queryByText(/above common platform fees/)).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Charge a platform fee/ }));
    await user.click(screen.getByRole('button', { name: 'Save fee' }));
    await screen.findByText('Saved: a 20 bps platform fee on swaps and payments.');
    expect(calls(fake, 'fees.set').at(-1)?.request).toEqual({ enabled: true, platformFeeBps: 20 });
    expect(fake.fees.settings.platformFeeBps).toBe(20);
  });

  it('on a network without the referral program: explains, creates your own account, uses it', async () => {
    const { fake, user } = setUp();
    const referral = fakeAddress(77);
    await user.type(await screen.findByRole('textbox', { name: 'Referral account' }), referral);
    await user.click(screen.getByRole('button', { name: 'Save referral account' }));
    await waitFor(() => expect(fake.fees.settings.referralAccount).toBe(referral));
    await pickFeeMint(user, 'USDC');
    // The derived referral token account, and what the chain says: missing, no program here.
    const derived = await screen.findByRole('status', { name: 'Fee token account' });
    expect(derived.textContent).toBe(`Ref${USDC.mint.slice(3)}`);
    expect(calls(fake, 'fees.deriveAccount').at(-1)?.request).toEqual({
      referralAccount: referral,
      mint: USDC.mint,
    });
    expect(screen.getByText(/The referral program is not deployed on this network/)).toBeTruthy();
    await user.click(
      screen.getByRole('button', { name: 'Create your own token account for the fee mint' }),
    );
    expect(calls(fake, 'fees.createAccount')[0]?.request).toEqual({ mint: USDC.mint });
    await approveUntilConfirmed(user);
    expect(calls(fake, 'fees.approve')).toHaveLength(1);
    expect(calls(fake, 'swap.approve')).toHaveLength(0);
    // The new account becomes the USDC fee account, shown with its status.
    const own = `Acc${USDC.mint.slice(3)}`;
    await waitFor(() =>
      expect(calls(fake, 'fees.setFeeAccount').at(-1)?.request).toEqual({
        mint: USDC.mint,
        address: own,
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Fee token account' }).textContent).toBe(own),
    );
    expect(screen.getByRole('status', { name: 'Fee token account status' }).textContent).toBe(
      'In use',
    );
  });

  it('shows every fee account with balances, totals and the fee of each swap and payment', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)], lamports: '10000000000' });
    const address = fakeAddress(300);
    fake.fees.settings = {
      ...fake.fees.settings,
      enabled: true,
      platformFeeBps: 20,
      accounts: [{ mint: USDC.mint, source: 'address', address }],
    };
    fake.fees.accounts.set(address, {
      address,
      exists: true,
      tokenProgram: 'spl-token',
      mint: USDC.mint,
      owner: fakeAddress(0),
      balance: '1950000',
      decimals: 6,
      referralProgramDeployed: false,
      problem: null,
      advice: null,
    });
    fake.fees.swaps = [
      {
        signature: '5'.repeat(88),
        activityId: null,
        kind: 'swap',
        feeAccount: address,
        mint: USDC.mint,
        platformFeeBps: 20,
        received: '1950000',
        status: 'confirmed',
        createdAt: '2026-11-22T03:00:00.000Z',
      },
      {
        signature: '6'.repeat(88),
        activityId: null,
        kind: 'pay',
        feeAccount: address,
        mint: USDC.mint,
        platformFeeBps: 50,
        received: null,
        status: 'pending',
        createdAt: '2026-11-22T02:00:00.000Z',
      },
    ];
    window.location.hash = '#/fees';
    render(<App />);
    const table = await screen.findByRole('table', { name: 'Fee accounts' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toMatch(/USDC.*Ready.*1\.95 USDC/);
    expect(screen.getByRole('list', { name: 'Fee totals' }).textContent).toBe('1.95 USDC');
    const perSwap = screen.getByRole('table', { name: 'Fees paid per swap and payment' });
    expect(within(perSwap).getAllByRole('row')[1]?.textContent).toMatch(
      /Swap20 bps1\.95 USDCConfirmed/,
    );
    expect(within(perSwap).getAllByRole('row')[2]?.textContent).toMatch(/Payment50 bps—Pending/);
  });

  it('refuses a Token-2022 fee account with main’s reason', async () => {
    const { fake, user } = setUp();
    const address = fakeAddress(400);
    fake.fees.accounts.set(address, {
      address,
      exists: true,
      tokenProgram: 'token-2022',
      mint: USDC.mint,
      owner: fakeAddress(0),
      balance: '0',
      decimals: 6,
      referralProgramDeployed: false,
      problem: {
        code: 'FEE_ACCOUNT_TOKEN_2022',
        message: 'This is a Token-2022 account: platform fees cannot be paid into it.',
      },
      advice: null,
    });
    await pickFeeMint(user, 'USDC');
    await user.type(screen.getByRole('textbox', { name: 'Existing token account' }), address);
    await user.click(screen.getByRole('button', { name: 'Use this account' }));
    expect(
      (await screen.findByRole('status', { name: 'Fee token account status' })).textContent,
    ).toBe('Refused');
    expect(screen.getByText('Token-2022')).toBeTruthy();
    expect(
      screen.getByText('This is a Token-2022 account: platform fees cannot be paid into it.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Use as fee account' })).toBeNull();
  });

  it('with the referral program: creates the referral token account, uses it, and claims', async () => {
    const { fake, user } = setUp();
    fake.fees.referralProgramDeployed = true;
    const referral = fakeAddress(78);
    const derived = `Ref${USDC.mint.slice(3)}`;
    await user.type(await screen.findByRole('textbox', { name: 'Referral account' }), referral);
    await user.click(screen.getByRole('button', { name: 'Save referral account' }));
    await waitFor(() => expect(fake.fees.settings.referralAccount).toBe(referral));
    await pickFeeMint(user, 'USDC');
    expect((await screen.findByRole('status', { name: 'Fee token account' })).textContent).toBe(
      derived,
    );
    await user.click(screen.getByRole('button', { name: 'Create referral fee account' }));
    await user.click(await screen.findByRole('button', { name: 'Approve and sign' }));
    await waitFor(() =>
      expect(calls(fake, 'fees.setFeeAccount').at(-1)?.request).toEqual({
        mint: USDC.mint,
        fromReferral: true,
      }),
    );
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Fee token account status' }).textContent).toBe(
        'In use',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await user.click(screen.getByRole('button', { name: 'Claim fees' }));
    expect(calls(fake, 'fees.claim')[0]?.request).toEqual({ mint: USDC.mint });
    await approveUntilConfirmed(user);
    expect(calls(fake, 'fees.approve')).toHaveLength(2);
  });
});
