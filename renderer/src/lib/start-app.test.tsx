/**
 * The first screen from one bridge call (issue 26), on the fake bridge: app.start alone draws
 * the right first screen (onboarding, lock screen or main view), Create wallet never appears
 * for a person who has accounts, and a failed app.start falls back to the two calls it joins.
 */
import '../test/setup';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { App } from '../App';
import { fakeAccount, installFakeWallet } from '../test/fake-wallet';

/** Every text of a button that was ever in the page while `run` ran. */
async function buttonsSeenDuring(run: () => Promise<unknown>): Promise<Set<string>> {
  const seen = new Set<string>();
  const note = () =>
    document.querySelectorAll('button').forEach((b) => seen.add(b.textContent?.trim() ?? ''));
  const observer = new MutationObserver(note);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
  try {
    await run();
    note();
  } finally {
    observer.disconnect();
  }
  return seen;
}

describe('first screen (app.start)', () => {
  it('draws the onboarding of a new wallet from app.start alone', async () => {
    const fake = installFakeWallet();
    render(<App />);
    const create = await screen.findByRole('button', { name: 'Create wallet' });
    expect(create.hasAttribute('disabled')).toBe(false);
    expect(fake.calls.map((c) => c.method)).toEqual(['app.start']);
  });

  it('never draws Create wallet for a person who has accounts', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    const seen = await buttonsSeenDuring(async () => {
      render(<App />);
      await screen.findByRole('status', { name: 'Account address' });
    });
    expect(seen.has('Create wallet')).toBe(false);
    expect(fake.calls[0]?.method).toBe('app.start');
    expect(fake.calls.some((c) => c.method === 'accounts.list')).toBe(false);
  });

  it('draws only the lock screen while locked, and lists no account until unlocked', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)], lock: 'locked' });
    const seen = await buttonsSeenDuring(async () => {
      render(<App />);
      await screen.findByRole('heading', { name: 'Swapdesk is locked' });
    });
    expect(seen.has('Create wallet')).toBe(false);
    expect(fake.calls.some((c) => c.method === 'accounts.list')).toBe(false);
  });

  it('falls back to app.info and accounts.list when app.start fails', async () => {
    const fake = installFakeWallet();
    fake.failNext('app.start', 'INTERNAL', 'Something went wrong.');
    render(<App />);
    await screen.findByRole('button', { name: 'Create wallet' });
    const methods = fake.calls.map((c) => c.method);
    expect(methods[0]).toBe('app.start');
    expect(methods).toEqual(expect.arrayContaining(['app.info', 'accounts.list']));
  });
});
