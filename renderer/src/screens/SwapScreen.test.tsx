import '../test/swap-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FAKE_CHAIN_TOKEN } from '../test/fake-swap';
import { useSwapStore } from '../stores/swap-store';
import { quoteCalls, quoteFor, setUp, SOL, USDC } from '../test/swap-screen';

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
    ).toBe('Whirlpool 100% SOL → USDC venue fee 0 SOL');
    expect(screen.getByText('quoted just now')).toBeTruthy();
  });

  it('shows what the quote is worth in USD: both sides and the price impact', async () => {
    const { user } = setUp();
    await quoteFor(user, '1.5');
    // The fake prices SOL at $150 and USDC at $1: 1.5 SOL and 225 USDC are both $225.00.
    expect((await screen.findByLabelText('USD value you pay')).textContent).toBe('≈ $225.00');
    expect(screen.getByLabelText('USD value you receive').textContent).toBe('≈ $225.00');
  });

  it('searches the directory as the person types and tells two USDC apart', async () => {
    const { fake, user } = setUp();
    await screen.findByText('USDC');
    await user.click(screen.getByRole('button', { name: 'You receive token' }));
    const dialog = screen.getByRole('dialog', { name: 'Choose the token you receive' });
    // Four keystrokes in one synchronous run, so no debounce timer can fire between them however
    // slow the machine (user.type awaits between keys, and a busy CI runner can pause there).
    const search = within(dialog).getByRole('combobox', { name: 'Search tokens' });
    for (const typed of ['u', 'us', 'usd', 'usdc']) {
      fireEvent.change(search, { target: { value: typed } });
    }
    const lookalike = await within(dialog).findByRole('option', {
      name: 'USDC (unverified, USDC…1111)',
    });
    expect(lookalike.textContent).toContain('Unverified');
    const real = within(dialog).getByRole('option', { name: 'USDC' });
    expect(within(real).getByLabelText('verified')).toBeTruthy();
    // Debounced: four keystrokes, one search.
    expect(fake.calls.filter((c) => c.method === 'tokens.search')).toEqual([
      { method: 'tokens.search', request: { query: 'usdc' } },
    ]);
    // Logos come from main as data: URLs; a token without one gets the placeholder.
    await waitFor(() =>
      expect(real.querySelector('img')?.getAttribute('src')).toMatch(/^data:image\/png;base64,/),
    );
    expect(within(lookalike).getByTestId('logo-placeholder').textContent).toBe('U');
    await user.click(lookalike);
    expect(
      within(screen.getByRole('button', { name: 'You receive token' })).getByText('Unverified'),
    ).toBeTruthy();
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
    const option = await within(payDialog).findByRole('option', { name: 'mSoL…m7So (unverified)' });
    expect(option.textContent).toContain('9 decimals');
    expect(fake.calls.filter((c) => c.method === 'tokens.lookup')).toEqual([
      { method: 'tokens.lookup', request: { mint: FAKE_CHAIN_TOKEN.mint } },
    ]);
    await user.keyboard('{Enter}');
    expect(pickerShows('You pay token')).toBe('mSoL…m7So');
  });

  it('the picker works from the keyboard: type, arrows, Enter; Escape closes it', async () => {
    const { user } = setUp();
    await screen.findByText('USDC');
    await user.click(screen.getByRole('button', { name: 'You receive token' }));
    const search = screen.getByRole('combobox', { name: 'Search tokens' });
    expect(document.activeElement).toBe(search);
    await user.keyboard('u');
    const options = within(screen.getByRole('listbox', { name: 'Tokens' })).getAllByRole('option');
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual(['USDC', 'JUP']);
    expect(search.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{ArrowDown}');
    expect(search.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await user.keyboard('{Enter}');
    expect(pickerShows('You receive token')).toBe('JUP');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'You receive token' }));
    await user.click(screen.getByRole('button', { name: 'You pay token' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pickerShows('You pay token')).toBe('SOL');
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

  it("on today's swap/v1 service offers no auto slippage and quotes with a fixed one", async () => {
    const { fake, user } = setUp({ swapApiFlavour: 'swap-v1' });
    await quoteFor(user, '1');
    expect(screen.queryByRole('radio', { name: 'Auto' })).toBeNull();
    expect(
      screen.getByText('This swap service has no automatic slippage; set it here.'),
    ).toBeTruthy();
    expect(quoteCalls(fake).at(-1)?.request).toMatchObject({ slippage: { bps: 50 } });
  });

  it('on the Swap API v2 offers no auto slippage, no direct routes only and no legacy transaction', async () => {
    const { fake, user } = setUp({ swapApiFlavour: 'swap-v2' });
    await quoteFor(user, '1');
    expect(screen.queryByRole('radio', { name: 'Auto' })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Direct routes only/ })).toBeNull();
    expect(screen.queryByRole('checkbox', { name: /Legacy transaction/ })).toBeNull();
    const request = quoteCalls(fake).at(-1)?.request as { options?: Record<string, unknown> };
    expect(request).toMatchObject({ slippage: { bps: 50 }, swapMode: 'ExactIn' });
    expect(request.options?.onlyDirectRoutes).toBeUndefined();
    expect(request.options?.asLegacyTransaction).toBeUndefined();
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

describe('leaving and coming back', () => {
  it('a quote scheduled when the person left is asked for on return', async () => {
    const { fake, user } = setUp();
    const box = await screen.findByRole('textbox', { name: 'You pay' });
    await screen.findByText('USDC');
    await user.type(box, '2');
    window.location.hash = '#/activity'; // before the 300 ms pause is over
    await screen.findByRole('heading', { level: 1, name: 'Activity' });
    await new Promise((r) => setTimeout(r, 400));
    expect(quoteCalls(fake)).toHaveLength(0);
    window.location.hash = '#/swap';
    expect((await screen.findByRole('status', { name: 'You receive' })).textContent).toBe(
      '300 USDC',
    );
    expect(screen.queryByText('Getting a quote…')).toBeNull();
  });
});
