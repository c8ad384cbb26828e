/**
 * Shared steps of the Swap screen component tests: the app on #/swap over the fake bridge with
 * a funded account and a known rate (150 USDC per SOL), and a quote for a typed amount.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MethodName } from '../../../preload/contract';
import { App } from '../App';
import { fakeAccount, installFakeWallet, type FakeWallet } from './fake-wallet';
import { FAKE_TOKENS } from './fake-swap';

export const SOL = FAKE_TOKENS[0]!;
export const USDC = FAKE_TOKENS[1]!;

/** 150 USDC per SOL: output base units per 10^9 input base units. */
export function setUp(
  options: {
    lamports?: string;
    swapApiFlavour?: 'v6' | 'swap-v1' | 'swap-v2';
    /** Held back until the returned `release` is called (e.g. a token list that comes late). */
    holdNext?: MethodName;
  } = {},
): {
  fake: FakeWallet;
  user: ReturnType<typeof userEvent.setup>;
  release: () => void;
} {
  const fake = installFakeWallet({
    accounts: [fakeAccount(0)],
    lamports: options.lamports ?? '10000000000',
    ...(options.swapApiFlavour === undefined ? {} : { swapApiFlavour: options.swapApiFlavour }),
  });
  const release = options.holdNext ? fake.holdNext(options.holdNext) : () => undefined;
  fake.swap.rates.set(`${SOL.mint}>${USDC.mint}`, 150_000_000n);
  window.location.hash = '#/swap';
  render(<App />);
  return { fake, user: userEvent.setup(), release };
}

export const quoteCalls = (fake: FakeWallet) => fake.calls.filter((c) => c.method === 'swap.quote');

export async function quoteFor(user: ReturnType<typeof userEvent.setup>, amount: string) {
  const box = await screen.findByRole('textbox', { name: 'You pay' });
  await screen.findByText('USDC'); // the default output token arrived with the list
  await user.type(box, amount);
  return screen.findByRole('status', { name: 'You receive' }, { timeout: 2000 });
}

/** A quote for `amount`, then **Review swap**: the review main builds for it is asked for. */
export async function reviewFor(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await quoteFor(user, amount);
  await user.click(screen.getByRole('button', { name: 'Review swap' }));
}
