/**
 * Shared set-up of the component tests, imported by each test file (the vitest config is the
 * lead's): unmount after each test, reset every store to its initial state, remove the fake
 * bridge and the hash, so tests never see each other's state.
 */
import { afterEach, beforeAll } from 'vitest';
import { cleanup } from '@testing-library/react';
import { prefetchScreens } from '../SignedIn';
import { prefetchFirstRunSteps } from '../components/keys/first-run-steps';
import { initialAccountsState, useAccountsStore } from '../stores/accounts-store';
import { initialAppState, useAppStore } from '../stores/app-store';
import { initialBalancesState, useBalancesStore } from '../stores/balances-store';
import { initialLockState, useLockStore } from '../stores/lock-store';
import { usePricesStore } from '../stores/prices-store';

// The screens and the first-run steps are chunks loaded on demand (SignedIn.tsx,
// first-run-steps.ts); loaded once before a file's tests, so a test's first screen is not
// waiting on the module transform.
beforeAll(async () => {
  await import('../SignedIn');
  await Promise.all([prefetchScreens(), prefetchFirstRunSteps()]);
}, 60_000);

afterEach(() => {
  cleanup();
  useAccountsStore.setState(initialAccountsState);
  useAppStore.setState(initialAppState);
  useBalancesStore.setState(initialBalancesState);
  useLockStore.setState(initialLockState);
  // A price a test was answered (a Pyth-marked SOL) must not be the next test's, asked or not.
  usePricesStore.setState({ prices: {}, askedAt: {} });
  delete window.wallet;
  window.location.hash = '';
});
