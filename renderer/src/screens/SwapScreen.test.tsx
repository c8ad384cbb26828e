import '../test/swap-setup';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { fakeAccount, installFakeWallet, type FakeWallet } from '../test/fake-wallet';
import { FAKE_CHAIN_TOKEN, FAKE_TOKENS } from '../test/fake-swap';
import { useSwapStore } from '../stores/swap-store';

const SOL = FAKE_TOKENS[0]!;
const USDC = FAKE_TOKENS[1]!;

/** 150 USDC per SOL: output base units per 10^9 input base units. */
function setUp(options: { lamports?: string } = {}): {
  fake: FakeWallet;
  user: ReturnType<typeof userEvent.setup>;
} {
  const fake = installFakeWallet({
    accounts: [fakeAccount(0)],
    lamports: options.lamports ?? '10000000000',
  });
  fake.swap.rates.set(`${SOL.mint}>${USDC.mint}`, 150_000_000n);
  window.location.hash = '#/swap';
  render(<App />);
  return { fake, user: userEvent.setup() };
}

const quoteCalls = (fake: FakeWallet) => fake.calls.filter((c) => c.method === 'swap.quote');

async function quoteFor(user: ReturnType<typeof userEvent.setup>, amount: string) {
  const box = await screen.findByRole('textbox', { name: 'You pay' });
  await screen.findByText('USDC'); // the default output token arrived with the list
  await user.type(box, amount);
  return screen.findByRole('status', { name: 'You receive' }, { timeout: 2000 });
}

describe('swap form', () => {
  it('quotes what was typed: amount received, minimum, route with venue and percent', async () => {
    const { fake, user } = setUp();
    const received = await quoteFor(user, '1.5');
    expect(received.textContent).toBe('225 USDC');
    expect(quoteCalls(fake)).toHaveLength(1); // typed three characters, asked once
    expect(quoteCalls(fake)[0]?.request).toMatchObject({ amount: '1500000000' });
    const facts = screen.getByRole('heading', { name: 'Quote' }).closest('section') as HTMLElement;
    expect(facts.textContent).toContain('Minimum received223.875 USDC'); // 225 less 0.5%
    expect(
      within(screen.getByRole('list', { name: 'Route' })).getByRole('listitem').textContent,
    ).toBe('Whirlpool 100% SOL → USDC');
    expect(screen.getByText('quoted just now')).toBeTruthy();
  });

  it('names the token decimals when the amount has too many, and asks for no quote', async () => {
    const { fake, user } = setUp();
    const box = await screen.findByRole('textbox', { name: 'You pay' });
    await screen.findByText('USDC');
    await user.type(box, '0.0000000001');
    expect(
      screen.getByText('This token has 9 decimals: enter at most 9 digits after the point.'),
    ).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    await new Promise((r) => setTimeout(r, 400));
    expect(quoteCalls(fake)).toHaveLength(0);
    expect(
      (screen.getByRole('button', { name: 'Review swap' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('Max keeps 0.01 SOL for fees and rent', async () => {
    const { user } = setUp({ lamports: '2500000000' });
    await screen.findByText('Balance: 2.5 SOL · Max keeps 0.01 SOL for fees and rent');
    await user.click(screen.getByRole('button', { name: 'Max' }));
    expect((screen.getByRole('textbox', { name: 'You pay' }) as HTMLInputElement).value).toBe(
      '2.49',
    );
  });

  it('picks a token by searching its symbol, and a pasted mint through tokens.lookup', async () => {
    const { fake, user } = setUp();
    await screen.findByText('USDC');
    await user.click(screen.getByRole('button', { name: 'You receive token' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose the token you receive' });
    await user.type(within(dialog).getByRole('combobox', { name: 'Search tokens' }), 'bon');
    expect(
      within(dialog)
        .getAllByRole('option')
        .map((o) => o.getAttribute('aria-label')),
    ).toEqual(['BONK']);
    await user.click(within(dialog).getByRole('option', { name: 'BONK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    const receive = screen.getByRole('button', { name: 'You receive token' });
    expect(receive.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(receive.getAttribute('aria-describedby')!)?.textContent).toBe(
      'BONK',
    );

    await user.click(screen.getByRole('button', { name: 'You pay token' }));
    const payDialog = screen.getByRole('dialog', { name: 'Choose the token you pay' });
    const search = within(payDialog).getByRole('combobox', { name: 'Search tokens' });
    await user.click(search);
    await user.paste(FAKE_CHAIN_TOKEN.mint);
    const option = await within(payDialog).findByRole('option', { name: 'mSoL…m7So' });
    expect(option.textContent).toContain('9 decimals');
    expect(fake.calls.filter((c) => c.method === 'tokens.lookup')).toEqual([
      { method: 'tokens.lookup', request: { mint: FAKE_CHAIN_TOKEN.mint } },
    ]);
    await user.keyboard('{Enter}');
    expect(pickerShows('You pay token')).toBe('mSoL…m7So');
  });

  it('asks to acknowledge a price impact above 5% before a review', async () => {
    const { fake, user } = setUp();
    fake.swap.priceImpactPct = '0.072';
    await quoteFor(user, '1');
    expect(
      screen.getByText(/you would receive much less than the market price/).textContent,
    ).toContain('Price impact is 7.20%');
    const review = screen.getByRole('button', { name: 'Review swap' }) as HTMLButtonElement;
    expect(review.disabled).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: /accept a price impact of 7.20%/ }));
    expect(review.disabled).toBe(false);
  });
});

/** The symbol a picker button shows (its accessible description). */
function pickerShows(name: string): string | null | undefined {
  const button = screen.getByRole('button', { name });
  return document.getElementById(button.getAttribute('aria-describedby')!)?.textContent;
}

describe('review, approve and status', () => {
  it('shows the report: balance changes, fee, rent, checks and instructions by program', async () => {
    const { user } = setUp();
    await quoteFor(user, '2');
    await user.click(screen.getByRole('button', { name: 'Review swap' }));
    const changes = await screen.findByRole('table', { name: 'Your balance changes' });
    expect(
      within(changes)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['SOL−2 SOL', 'USDC (account opened)+300 USDC']);
    const review = screen
      .getByRole('heading', { name: 'Review' })
      .closest('section') as HTMLElement;
    expect(review.textContent).toContain('Network fee0.000005 SOL');
    expect(review.textContent).toContain('Rent for new accounts0.00203928 SOL');
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
    await quoteFor(user, '1');
    await user.click(screen.getByRole('button', { name: 'Review swap' }));
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
    await quoteFor(user, '1');
    await user.click(screen.getByRole('button', { name: 'Review swap' }));
    const reasons = await screen.findByRole('list', { name: 'Reasons for the refusal' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(fake.swap.refusals);
    expect(screen.getByText('Swapdesk will not sign this transaction')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve and sign' })).toBeNull();
    expect(fake.calls.filter((c) => c.method === 'swap.approve')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Get a fresh quote' })).toBeTruthy();
  });

  it('an expired transaction offers a fresh quote, which closes the review and quotes again', async () => {
    const { fake, user } = setUp();
    fake.swap.statuses = ['pending', 'expired'];
    await quoteFor(user, '1');
    await user.click(screen.getByRole('button', { name: 'Review swap' }));
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

describe('quote age', () => {
  it('shows the age and asks again once the quote is 15 s old', async () => {
    const { fake, user } = setUp();
    await quoteFor(user, '1');
    expect(quoteCalls(fake)).toHaveLength(1);
    // As if the quote had arrived 16 s ago (the clock of the screen is the real one).
    useSwapStore.setState({ quoteReceivedAt: Date.now() - 16_000 });
    await waitFor(() => expect(quoteCalls(fake)).toHaveLength(2), { timeout: 2500 });
    await screen.findByText('quoted just now');
    expect(quoteCalls(fake)[1]?.request).toEqual(quoteCalls(fake)[0]?.request);
  });
});

describe('a review that can no longer be approved', () => {
  it('counts down the ticket, then offers only a fresh quote', async () => {
    const { fake, user } = setUp();
    fake.swap.ticketTtlMs = 2_500;
    await quoteFor(user, '1');
    await user.click(screen.getByRole('button', { name: 'Review swap' }));
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
    await quoteFor(user, '1');
    await user.click(screen.getByRole('button', { name: 'Review swap' }));
    await screen.findByRole('button', { name: 'Approve and sign' });
    await user.selectOptions(
      screen.getByRole('combobox', { name: /Current account/ }),
      fake.state.accounts[1]!.address,
    );
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Review' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Approve and sign' })).toBeNull();
  });
});

describe('slippage and advanced options', () => {
  it('sends auto slippage with its maximum and the advanced options with the quote', async () => {
    const { fake, user } = setUp();
    await quoteFor(user, '1');
    await user.click(screen.getByRole('radio', { name: 'Auto' }));
    const max = screen.getByRole('textbox', { name: 'Maximum slippage (bps)' });
    await user.clear(max);
    await user.type(max, '250');
    await user.click(screen.getByText('Advanced options', { selector: 'summary' }));
    await user.click(screen.getByRole('checkbox', { name: 'Direct routes only (one hop)' }));
    await user.click(
      screen.getByRole('checkbox', { name: 'Legacy transaction (no lookup tables)' }),
    );
    await user.type(
      screen.getByRole('textbox', { name: 'Venues to exclude' }),
      'Raydium CLMM, Meteora',
    );
    await user.tab();
    await user.type(screen.getByRole('textbox', { name: 'Max accounts' }), '30');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Priority fee' }), 'high');
    await waitFor(() =>
      expect(quoteCalls(fake).at(-1)?.request).toEqual({
        inputMint: SOL.mint,
        outputMint: USDC.mint,
        amount: '1000000000',
        swapMode: 'ExactIn',
        slippage: { auto: true, maxBps: 250 },
        options: {
          onlyDirectRoutes: true,
          asLegacyTransaction: true,
          excludeDexes: ['Raydium CLMM', 'Meteora'],
          maxAccounts: 30,
          priorityFee: { kind: 'level', level: 'high', maxLamports: '1000000' },
        },
      }),
    );
    await screen.findByText(/\(30 bps, chosen automatically\)/);
  });

  it('warns above 1% price impact without blocking the review', async () => {
    const { fake, user } = setUp();
    fake.swap.priceImpactPct = '0.023';
    await quoteFor(user, '1');
    expect(screen.getByRole('note').textContent).toContain('Price impact is 2.30%');
    expect(screen.queryByRole('checkbox', { name: /accept a price impact/ })).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Review swap' }) as HTMLButtonElement).disabled,
    ).toBe(false);
  });
});
