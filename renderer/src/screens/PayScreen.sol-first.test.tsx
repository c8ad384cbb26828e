/**
 * The Pay screen for a person with no SOL (issue 32): the plan's step is shown in main's words,
 * **Review payment** waits; **Swap into SOL first** reviews that swap on its own and approves it
 * as a swap (swap.approve, never pay.approve); once it is confirmed the payment is planned again
 * and can be reviewed.
 */
import '../test/swap-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { fakeAccount, fakeAddress, fakeUsdcHolding, installFakeWallet } from '../test/fake-wallet';
import { resetPayStores } from '../test/pay-screen';
import { FAKE_TOKENS } from '../test/fake-swap';

const USDC = FAKE_TOKENS[1]!;
const PAYEE = fakeAddress(7);

afterEach(resetPayStores);

describe('pay screen, no SOL for the fee', () => {
  it('shows the step, reviews the swap into SOL on its own, approves it as a swap, then plans again', async () => {
    const fake = installFakeWallet({
      accounts: [fakeAccount(0)],
      lamports: '0',
      tokens: [fakeUsdcHolding()],
    });
    fake.pay.withoutSol = true;
    fake.swap.statuses = ['confirmed'];
    window.location.hash = '#/pay';
    render(<App />);
    const user = userEvent.setup();
    const calls = (method: string) => fake.calls.filter((c) => c.method === method);

    await user.click(await screen.findByRole('textbox', { name: 'Payment request' }));
    await user.paste(`solana:${PAYEE}?amount=12.5&spl-token=${USDC.mint}&memo=INV-32`);
    await screen.findByRole('status', { name: 'Amount to pay' });
    await user.click(await screen.findByRole('button', { name: 'Pay with token' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('option', { name: 'USDC' }),
    );
    const step = await screen.findByRole('note');
    expect(step.textContent).toBe(
      'You have no SOL for the network fee: first swap 6 USDC into SOL (gasless), then pay.',
    );
    const review = screen.getByRole('button', { name: 'Review payment' }) as HTMLButtonElement;
    expect(review.disabled).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Swap into SOL first' }));
    await screen.findByRole('heading', { name: 'Your balance changes' });
    expect(calls('pay.solFirst')).toHaveLength(1);
    expect(screen.getByText(/swaps a little of your token into SOL/)).toBeTruthy();
    // The swap brings SOL: the payment planned next has no step before it.
    fake.pay.withoutSol = false;
    const plansBefore = calls('pay.quote').length;
    await user.click(screen.getByRole('button', { name: 'Approve and sign' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Swap status' }).textContent).toBe('Confirmed'),
    );
    expect(calls('swap.approve')).toHaveLength(1);
    expect(calls('pay.approve')).toHaveLength(0);
    await waitFor(() => expect(calls('pay.quote').length).toBeGreaterThan(plansBefore));

    await user.click(screen.getByRole('button', { name: 'Continue to the payment' }));
    await waitFor(() => expect(screen.queryByRole('note')).toBeNull());
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Review payment' }) as HTMLButtonElement).disabled,
      ).toBe(false),
    );
  });
});
