/**
 * The app opened on one screen over the fake bridge, for the component tests of a screen: one
 * account holding 10 SOL, whose transactions confirm.
 */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { fakeAccount, installFakeWallet, type FakeWallet } from './fake-wallet';

/** Opens `hash` (e.g. `#/fees`); `prepare` sets up the fake before the app first renders. */
export function openFundedScreen(
  hash: string,
  prepare?: (fake: FakeWallet) => void,
): { fake: FakeWallet; user: ReturnType<typeof userEvent.setup> } {
  const fake = installFakeWallet({ accounts: [fakeAccount(0)], lamports: '10000000000' });
  prepare?.(fake);
  fake.swap.statuses = ['confirmed'];
  window.location.hash = hash;
  render(<App />);
  return { fake, user: userEvent.setup() };
}
