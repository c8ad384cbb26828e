import '../test/swap-setup';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { fakeAccount, installFakeWallet } from '../test/fake-wallet';
import { quoteCalls, quoteFor, reviewFor, setUp } from '../test/swap-screen';
import { textsOf } from '../test/texts';

describe('review, approve and status', () => {
  it('shows the report: balance changes, fee, rent, checks and instructions by program', async () => {
    const { user } = setUp();
    await reviewFor(user, '2');
    const changes = await screen.findByRole('table', { name: 'Your balance changes' });
    expect(textsOf(changes, 'row')).toEqual(['SOL−2 SOL', 'USDC (account opened)+300 USDC']);
    const review = screen
      .getByRole('heading', { name: 'Review' })
      .closest('section') as HTMLElement;
    expect(review.textContent).toContain('Network fee0.000005 SOL');
    expect(review.textContent).toContain('Rent for new accounts0.00203928 SOL');
    // What the swap instructions make the network refuse when it lands, in sight (issue 21).
    expect(review.textContent).toContain(
      'Protected on chainThe network refuses this swap if you would receive less than 297 USDC.',
    );
    const instructions = within(screen.getByRole('list', { name: 'Instructions' })).getAllByRole(
      'listitem',
    );
    expect(instructions.map((li) => li.textContent)).toEqual([
      'Compute Budget (Comp…1111): Sets the compute unit limit to 200,000.',
      'Sandbox swap router (JUP6…TaV4): Swaps through the quoted route.',
    ]);
    expect(
      screen.getByText(
        'The transaction does what the quote says. Check the changes below, then approve.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve and sign' })).toBeTruthy();
  });

  it('a double click on Approve and sign sends one swap, then shows Pending and Confirmed', async () => {
    const { fake, user } = setUp();
    await reviewFor(user, '1');
    const approve = await screen.findByRole('button', { name: 'Approve and sign' });
    const release = fake.hold('swap.approve');
    await user.dblClick(approve);
    await user.click(approve);
    expect((approve as HTMLButtonElement).disabled).toBe(true);
    release();
    const status = screen.getByRole('status', { name: 'Swap status' });
    await waitFor(() => expect(status.textContent).toBe('Pending'));
    await waitFor(() => expect(status.textContent).toBe('Confirmed'), { timeout: 4000 });
    expect(fake.calls.filter((c) => c.method === 'swap.approve')).toHaveLength(1);
    expect(fake.swap.sent).toBe(1);
    expect(fake.calls.find((c) => c.method === 'swap.approve')?.request).toEqual({
      ticketId: expect.any(String),
      transactionBase64: 'AQID',
    });
  });

  it('when the guard refuses: the reasons in words and no approve button', async () => {
    const { fake, user } = setUp();
    fake.swap.refusals = [
      'The transaction sends 1.5 SOL to an account that is not yours (Fg9a…x2Lq).',
      'You would receive 0 USDC, below the quoted minimum of 223.875 USDC.',
    ];
    await reviewFor(user, '1');
    const reasons = await screen.findByRole('list', { name: 'Reasons for the refusal' });
    expect(textsOf(reasons, 'listitem')).toEqual(fake.swap.refusals);
    expect(screen.getByText('Swapdesk will not sign this transaction')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve and sign' })).toBeNull();
    expect(fake.calls.filter((c) => c.method === 'swap.approve')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Get a fresh quote' })).toBeTruthy();
  });

  it('an expired transaction offers a fresh quote, which closes the review and quotes again', async () => {
    const { fake, user } = setUp();
    fake.swap.statuses = ['pending', 'expired'];
    await reviewFor(user, '1');
    await user.click(await screen.findByRole('button', { name: 'Approve and sign' }));
    const status = screen.getByRole('status', { name: 'Swap status' });
    await waitFor(() => expect(status.textContent).toBe('Expired'), { timeout: 4000 });
    const before = quoteCalls(fake).length;
    await user.click(screen.getByRole('button', { name: 'Get a fresh quote' }));
    await waitFor(() => expect(quoteCalls(fake).length).toBe(before + 1));
    expect(screen.queryByRole('heading', { name: 'Review' })).toBeNull();
    expect(await screen.findByRole('status', { name: 'You receive' })).toBeTruthy();
  });
});

describe('a review that can no longer be approved', () => {
  it('counts down the ticket, then offers only a fresh quote', async () => {
    const { fake, user } = setUp();
    fake.swap.ticketTtlMs = 2_500;
    await reviewFor(user, '1');
    await screen.findByText(/^Approve within [12] s, or review again with a fresh quote\.$/);
    await screen.findByText(
      'This review has expired: prices move, so get a fresh quote and review again.',
      undefined,
      { timeout: 4000 },
    );
    expect(screen.queryByRole('button', { name: 'Approve and sign' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Get a fresh quote' }));
    expect(screen.queryByRole('heading', { name: 'Review' })).toBeNull();
    expect(fake.calls.filter((c) => c.method === 'swap.approve')).toHaveLength(0);
  });

  it('switching the account closes an open review (its ticket is for the other account)', async () => {
    const fake = installFakeWallet({
      accounts: [fakeAccount(0), fakeAccount(1)],
      lamports: '10000000000',
    });
    window.location.hash = '#/swap';
    render(<App />);
    const user = userEvent.setup();
    await reviewFor(user, '1');
    await screen.findByRole('button', { name: 'Approve and sign' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Current account/ }),
      fake.state.accounts[1]!.address,
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Review' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Approve and sign' })).toBeNull();
  });
});

describe('accounts touched', () => {
  it('lists every account of the transaction with its role', async () => {
    const { fake, user } = setUp();
    await reviewFor(user, '1');
    await user.click(await screen.findByText('Accounts touched (2)'));
    const items = within(screen.getByRole('list', { name: 'Accounts touched' })).getAllByRole(
      'listitem',
    );
    const me = fake.state.accounts[0]!.address;
    expect(items.map((li) => li.textContent)).toEqual([
      `${me.slice(0, 6)}…${me.slice(-6)} you, fee payer, signs, writable`,
      'JUP6Lk…yVTaV4 read-only',
    ]);
  });
});

describe('a review main could not build', () => {
  it('shows main’s words and offers a fresh quote, with nothing to approve', async () => {
    const { fake, user } = setUp();
    await quoteFor(user, '1');
    fake.failNext(
      'swap.review',
      'SWAP_NOT_SIGNABLE',
      'The swap service’s own test run of this transaction failed, so it cannot be signed. Get a fresh quote and try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Review swap' }));
    await screen.findByText(/own test run of this transaction failed/);
    expect(screen.queryByRole('button', { name: 'Approve and sign' })).toBeNull();
    const before = quoteCalls(fake).length;
    await user.click(screen.getByRole('button', { name: 'Get a fresh quote' }));
    await waitFor(() => expect(quoteCalls(fake).length).toBe(before + 1));
  });
});
