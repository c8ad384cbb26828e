import '../test/swap-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { fakeAccount, fakeAddress, installFakeWallet, type FakeWallet } from '../test/fake-wallet';
import { FAKE_TOKENS } from '../test/fake-swap';
import { resetPayStores } from '../test/pay-screen';
import { openFundedScreen } from '../test/open-screen';

const SOL = FAKE_TOKENS[0]!;
const USDC = FAKE_TOKENS[1]!;
const PAYEE = fakeAddress(7);

afterEach(resetPayStores);

const setUp = () =>
  openFundedScreen('#/pay', (fake) => {
    // 12.5 USDC costs 0.08 SOL: 6.4 lamports per USDC base unit (6.4e9 per 10^9).
    fake.pay.costRates.set(`${SOL.mint}>${USDC.mint}`, 6_400_000_000n);
  });

const calls = (fake: FakeWallet, method: string) => fake.calls.filter((c) => c.method === method);

async function paste(user: ReturnType<typeof userEvent.setup>, text: string) {
  const box = await screen.findByRole('textbox', { name: 'Payment request' });
  await user.click(box);
  await user.paste(text);
  return box;
}

async function pickPayWith(user: ReturnType<typeof userEvent.setup>, symbol: string) {
  await user.click(await screen.findByRole('button', { name: 'Pay with token' }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('option', { name: symbol }));
}

describe('pay screen', () => {
  it('reads a request, plans it with SOL, reviews, approves and shows the receipt', async () => {
    const { fake, user } = setUp();
    const reference = fakeAddress(42);
    await paste(
      user,
      `solana:${PAYEE}?amount=12.5&spl-token=${USDC.mint}&reference=${reference}&label=Cafe&message=Order%2042&memo=INV-42`,
    );
    expect((await screen.findByRole('heading', { name: 'Payment to Cafe' })).textContent).toBe(
      'Payment to Cafe',
    );
    expect(screen.getByRole('status', { name: 'Amount to pay' }).textContent).toBe('12.5 USDC');
    const details = screen.getByRole('list', { name: 'References' });
    expect(details.textContent).toBe(reference);
    expect(screen.getByText('INV-42')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Payee token account status' }).textContent).toBe(
      'Exists',
    );

    // The picker offers what the payer holds: SOL and USDC (not BONK or JUP).
    await user.click(await screen.findByRole('button', { name: 'Pay with token' }));
    const offered = within(await screen.findByRole('dialog')).getAllByRole('option');
    expect(offered.map((o) => o.getAttribute('aria-label'))).toEqual(['SOL', 'USDC']);
    await user.keyboard('{Escape}');
    // The payer holds USDC in the fake: it is the first pick (direct); switch to SOL.
    await pickPayWith(user, 'SOL');
    const most = await screen.findByRole('status', { name: 'You pay at most' });
    // 12.5 USDC at 0.0064 SOL per USDC = 0.08 SOL expected; at most 0.5% more.
    expect(most.textContent).toBe('0.0804 SOL');
    expect(screen.getByRole('status', { name: 'Expected spend' }).textContent).toBe('0.08 SOL');
    expect(screen.getByText('quoted just now')).toBeTruthy();
    const quote = calls(fake, 'pay.quote').at(-1)?.request;
    expect(quote).toMatchObject({ payWithMint: SOL.mint });
    expect(quote).not.toHaveProperty('amount'); // the link fixes it

    await user.click(screen.getByRole('button', { name: 'Review payment' }));
    await screen.findByRole('heading', { name: 'Your balance changes' });
    await user.click(screen.getByRole('button', { name: 'Approve and sign' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Payment status' }).textContent).toBe('Confirmed'),
    );
    expect(calls(fake, 'pay.approve')).toHaveLength(1);
    expect((await screen.findByRole('status', { name: 'Amount delivered' })).textContent).toBe(
      '12.5 USDC',
    );
    expect(screen.getByRole('status', { name: 'Amount spent' }).textContent).toBe('0.08 SOL');
    expect(screen.getByRole('list', { name: 'Receipt references' }).textContent).toBe(reference);
  });

  it("a swap service's refusal of the plan: our words in the alert, its words behind the disclosure", async () => {
    const { fake, user } = setUp();
    await paste(user, `solana:${PAYEE}?amount=12.5&spl-token=${USDC.mint}`);
    await screen.findByRole('status', { name: 'You pay at most' });
    const ours =
      'The swap service refused the quote request (HTTP 400, code VISIT_SUPPORT). Check the swap settings, or try again later.';
    fake.failNext(
      'pay.quote',
      'SWAP_API_REJECTED',
      ours,
      'Your wallet is compromised. Visit https://jup-support.example to restore it',
    );
    await pickPayWith(user, 'SOL');
    const alert = await screen.findByText(ours);
    expect(alert.getAttribute('role')).toBe('alert');
    const summary = screen.getByText("Show the service's message");
    const details = summary.closest('details')!;
    expect(alert.contains(details)).toBe(false);
    expect(details.open).toBe(false);
    await user.click(summary);
    expect(
      within(details).getByText(
        'Your wallet is compromised. Visit hxxps[:]//jup-support[.]example to restore it',
      ),
    ).toBeTruthy();
    expect(details.querySelector('a, [href]')).toBeNull();
  });

  it('plans with the wallet’s own fee settings: the request names no fee', async () => {
    const { fake, user } = setUp();
    fake.fees.settings = {
      ...fake.fees.settings,
      enabled: true,
      platformFeeBps: 20,
      accounts: [{ mint: USDC.mint, source: 'address', address: fakeAddress(300) }],
    };
    await paste(user, `solana:${PAYEE}?amount=12.5&spl-token=${USDC.mint}`);
    await screen.findByRole('status', { name: 'Amount to pay' });
    // Fees on but no fee account of SOL: main's refusal, under the box.
    await pickPayWith(user, 'SOL');
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((a) => a.textContent)).toContainEqual(
        expect.stringMatching(/no fee account for the token paid with/),
      ),
    );
    fake.fees.settings = {
      ...fake.fees.settings,
      accounts: [{ mint: SOL.mint, source: 'address', address: fakeAddress(301) }],
    };
    await pickPayWith(user, 'USDC');
    await pickPayWith(user, 'SOL');
    const fees = await screen.findByRole('list', { name: 'Fees' });
    await waitFor(() => expect(fees.textContent).toMatch(/Platform fee \(20 bps\)/));
    // Each request is the schema's (strict: a `fees` field would be refused) and has none.
    for (const call of calls(fake, 'pay.quote')) expect(call.request).not.toHaveProperty('fees');
    expect(calls(fake, 'fees.get')).toEqual([]);
  });

  it('hands a transaction request to main’s merchant reading (never pay.parse), and shows main’s refusal of too many decimals', async () => {
    const { user, fake } = setUp();
    const box = await paste(user, 'solana:https%3A%2F%2Fshop.example%2Fpay');
    // The fake main reaches no merchant; the words are main's.
    expect((await screen.findByText('No merchant can be reached here.')).textContent).toBeTruthy();
    expect(calls(fake, 'pay.parse')).toEqual([]);
    expect(calls(fake, 'merchant.open').map((c) => c.request)).toEqual([
      { text: 'solana:https%3A%2F%2Fshop.example%2Fpay' },
    ]);
    await user.clear(box);
    await user.paste(`solana:${PAYEE}?amount=1.1234567&spl-token=${USDC.mint}`);
    expect(
      (await screen.findByText(/more decimals than USDC allows \(6\)/)).textContent,
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Review payment' })).toBeNull();
  });

  it('a payee without a token account: explains, creates it with its rent shown, then pays', async () => {
    const { fake, user } = setUp();
    fake.pay.missingPayees.add(PAYEE);
    await paste(user, `solana:${PAYEE}?amount=2&spl-token=${USDC.mint}`);
    expect(
      (await screen.findByRole('status', { name: 'Payee token account status' })).textContent,
    ).toBe('Missing');
    expect(screen.getByText(/it costs 0.00203928 SOL of rent/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pay with token' })).toBeNull();
    expect(calls(fake, 'pay.quote')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Create payee account' }));
    expect(calls(fake, 'pay.createDestination')[0]?.request).toEqual({
      text: `solana:${PAYEE}?amount=2&spl-token=${USDC.mint}`,
    });
    const approveButton = await screen.findByRole('button', { name: 'Approve and sign' });
    // No quote here: the headline says what the transaction was checked against.
    expect(screen.getByText(/creates the payee’s token account and nothing else/)).toBeTruthy();
    expect(screen.queryByText(/does what the quote says/)).toBeNull();
    await user.click(approveButton);
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Payee token account status' }).textContent).toBe(
        'Exists',
      ),
    );
    expect(screen.getByRole('status', { name: 'Payment status' }).textContent).toBe('Confirmed');
    expect(calls(fake, 'pay.receipt')).toHaveLength(0); // creating an account is no payment
    // The payment is the next step: planned with USDC held (direct).
    expect((await screen.findByRole('heading', { name: 'Direct payment' })).textContent).toBe(
      'Direct payment',
    );
    expect(
      (screen.getByRole('button', { name: 'Review payment' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });

  it('a hand-entered payment becomes a request link; an open amount is asked for', async () => {
    const { fake, user } = setUp();
    await user.click(await screen.findByText('Enter recipient, token and amount by hand'));
    await user.type(screen.getByRole('textbox', { name: 'Recipient' }), PAYEE);
    await user.click(screen.getByRole('button', { name: 'Token to pay' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('option', { name: 'USDC' }),
    );
    await user.type(screen.getByRole('textbox', { name: 'Amount' }), '3.25');
    await user.click(screen.getByRole('button', { name: 'Use these details' }));
    expect(
      ((await screen.findByRole('textbox', { name: 'Payment request' })) as HTMLTextAreaElement)
        .value,
    ).toBe(`solana:${PAYEE}?amount=3.25&spl-token=${USDC.mint}`);
    expect((await screen.findByRole('status', { name: 'Amount to pay' })).textContent).toBe(
      '3.25 USDC',
    );
    await waitFor(() => expect(calls(fake, 'pay.quote').length).toBeGreaterThan(0));

    // A link without an amount: the payer types it, and pay.quote gets it in user units.
    const box = screen.getByRole('textbox', { name: 'Payment request' });
    await user.clear(box);
    await user.paste(`solana:${PAYEE}?spl-token=${USDC.mint}`);
    const amount = await screen.findByRole('textbox', { name: 'Amount to pay (USDC)' });
    await user.type(amount, '7.5');
    await waitFor(() =>
      expect(calls(fake, 'pay.quote').at(-1)?.request).toMatchObject({ amount: '7.5' }),
    );
  });

  it('opens a solana: link the app was started with in the Pay screen', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)], lamports: '10000000000' });
    const link = `solana:${PAYEE}?amount=4&spl-token=${USDC.mint}&label=Linked`;
    fake.state.pendingLink = link;
    window.location.hash = '#/';
    render(<App />);
    const box = (await screen.findByRole('textbox', {
      name: 'Payment request',
    })) as HTMLTextAreaElement;
    expect(box.value).toBe(link);
    expect(window.location.hash).toBe('#/pay');
    expect((await screen.findByRole('heading', { name: 'Payment to Linked' })).textContent).toBe(
      'Payment to Linked',
    );
    expect(calls(fake, 'pay.parse')[0]?.request).toEqual({ text: link });
  });
});
