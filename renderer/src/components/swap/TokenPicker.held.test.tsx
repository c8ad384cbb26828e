/**
 * Issue 18: a swap service that answers quotes but has no token directory (tokens.list and
 * tokens.search answer nothing, prices.get no price). Both pickers of the Swap screen still
 * offer SOL and every token the person holds first, with their balances; a held token the
 * directory does not know is named as main named it from the chain, or by its short mint, and
 * stays marked unverified; a quote still comes, with "No USD price".
 */
import '../../test/swap-setup';
import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TokenBalance } from '../../../../preload/api-types';
import { App } from '../../App';
import { fakeAccount, fakeAddress, installFakeWallet } from '../../test/fake-wallet';

const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** Named by main from its Token-2022 metadata: unverified. */
const NAMED_MINT = fakeAddress(501);
/** Named nowhere: shown by its short mint. */
const NAMELESS_MINT = fakeAddress(502);
/** An empty account: not something the person holds. */
const EMPTY_MINT = fakeAddress(503);

const short = (mint: string) => `${mint.slice(0, 4)}…${mint.slice(-4)}`;

const holding = (entry: Partial<TokenBalance> & Pick<TokenBalance, 'mint'>): TokenBalance => ({
  symbol: null,
  name: null,
  decimals: 6,
  amount: '0',
  tokenAccount: fakeAddress(600 + entry.mint.length),
  tokenProgram: TOKEN_PROGRAM,
  verified: false,
  ...entry,
});

function setUpWithoutDirectory() {
  const fake = installFakeWallet({
    accounts: [fakeAccount(0)],
    lamports: '2500000000',
    tokens: [
      // main names USDC from the bundled list even when the directory is away.
      holding({ mint: USDC, symbol: 'USDC', name: 'USD Coin', amount: '12500000', verified: true }),
      holding({
        mint: NAMED_MINT,
        symbol: 'MTK',
        name: 'Metadata Token',
        decimals: 9,
        amount: '3000000000',
        tokenProgram: TOKEN_2022,
      }),
      holding({ mint: NAMELESS_MINT, amount: '42' }),
      holding({ mint: EMPTY_MINT, symbol: 'GONE', amount: '0' }),
    ],
  });
  fake.swap.directory = false;
  fake.swap.rates.set(`So11111111111111111111111111111111111111112>${NAMELESS_MINT}`, 7_000_000n);
  window.location.hash = '#/swap';
  render(<App />);
  return { fake, user: userEvent.setup() };
}

const EXPECTED_OPTIONS = [
  'SOL',
  'USDC',
  `MTK (unverified, ${short(NAMED_MINT)})`,
  `${short(NAMELESS_MINT)} (unverified)`,
];

async function openPicker(user: ReturnType<typeof userEvent.setup>, side: string, title: string) {
  await user.click(screen.getByRole('button', { name: side }));
  const dialog = screen.getByRole('dialog', { name: title });
  const list = within(dialog).getByRole('listbox', { name: 'Tokens' });
  await within(list).findByRole('option', { name: `${short(NAMELESS_MINT)} (unverified)` });
  return { dialog, options: within(list).getAllByRole('option') };
}

describe('pickers with no token directory answering', () => {
  it('You pay offers SOL and every held token first, with balances and unverified marks', async () => {
    const { fake, user } = setUpWithoutDirectory();
    // SOL is the default pay token even though no list names it.
    await within(await screen.findByRole('button', { name: 'You pay token' })).findByText('SOL');
    const { options } = await openPicker(user, 'You pay token', 'Choose the token you pay');
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual(EXPECTED_OPTIONS);
    expect(options[0]!.textContent).toContain('Balance: 2.5');
    expect(options[1]!.textContent).toContain('Balance: 12.5');
    expect(options[2]!.textContent).toContain('Metadata Token');
    expect(options[2]!.textContent).toContain('Balance: 3');
    expect(within(options[2]!).getByText('Unverified')).toBeTruthy();
    expect(options[3]!.textContent).toContain('Balance: 0.000042');
    expect(within(options[3]!).getByText('Unverified')).toBeTruthy();
    // The directory was asked and answered nothing: what is offered came from the balances.
    expect(fake.calls.some((c) => c.method === 'tokens.list')).toBe(true);
  });

  it('You receive offers the same held tokens; a nameless one is picked by its short mint and quoted', async () => {
    const { user } = setUpWithoutDirectory();
    await within(await screen.findByRole('button', { name: 'You pay token' })).findByText('SOL');
    const { options } = await openPicker(user, 'You receive token', 'Choose the token you receive');
    expect(options.map((o) => o.getAttribute('aria-label'))).toEqual(EXPECTED_OPTIONS);
    await user.click(options[3]!);
    const receive = screen.getByRole('button', { name: 'You receive token' });
    expect(within(receive).getByText(short(NAMELESS_MINT))).toBeTruthy();
    expect(within(receive).getByText('Unverified')).toBeTruthy();
    await user.type(screen.getByRole('textbox', { name: 'You pay' }), '1');
    const received = await screen.findByRole('status', { name: 'You receive' }, { timeout: 2000 });
    // 1 SOL at 7,000,000 base units per SOL, 6 decimals: 7.
    expect(received.textContent).toBe(`7 ${short(NAMELESS_MINT)}`);
    // Prices are missing, not wrong: said so.
    expect((await screen.findByLabelText('USD value you receive')).textContent).toBe(
      'No USD price',
    );
  });
});
