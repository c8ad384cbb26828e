/**
 * The lock screen and the backups in the renderer (issue 24), on the fake bridge: only the lock
 * screen while locked, a wrong password said, the time to wait counted down; Show recovery
 * phrase hidden after 60 s; Copy empties the clipboard 60 s later; Lock in the header.
 */
import '../test/setup';
import { describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { fakeAccount, installFakeWallet } from '../test/fake-wallet';
import { FAKE_PASSWORD, FAKE_WORDS } from '../test/fake-lock';
import { BackupDialog } from '../components/keys/BackupDialog';
import { SecretCopyButton } from '../components/keys/SecretCopyButton';

describe('lock screen', () => {
  it('shows only the lock screen while locked, says a wrong password, unlocks with the right one', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)], lock: 'locked' });
    const user = userEvent.setup();
    render(<App />);
    await screen.findByRole('heading', { name: 'Swapdesk is locked' });
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('status', { name: 'Account address' })).toBeNull();
    await user.type(screen.getByLabelText('Password'), 'wrong one');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/does not open this wallet/);
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
    await user.type(screen.getByLabelText('Password'), FAKE_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await screen.findByRole('status', { name: 'Account address' });
    expect(fake.lock.state).toBe('unlocked');
    // Lock in the header.
    await user.click(screen.getByRole('button', { name: 'Lock' }));
    await screen.findByRole('heading', { name: 'Swapdesk is locked' });
  });

  it('counts down the wait after too many wrong passwords, Unlock disabled meanwhile', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)], lock: 'locked' });
    fake.lock.waitMs = 30_000;
    render(<App />);
    await screen.findByText(/you can try again in (29|30) seconds/);
    expect(screen.getByRole('button', { name: 'Unlock' }).hasAttribute('disabled')).toBe(true);
  });

  it('moves to the lock screen when main answers LOCKED', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    render(<App />);
    await screen.findByRole('status', { name: 'Account address' });
    fake.lock.state = 'locked';
    await act(async () => {
      const { callWallet } = await import('../lib/wallet');
      fake.failNext('accounts.list', 'LOCKED', 'Swapdesk is locked.');
      await callWallet((w) => w.accounts.list({}));
    });
    await screen.findByRole('heading', { name: 'Swapdesk is locked' });
  });
});

describe('backups', () => {
  it('shows the phrase after the password and hides it after 60 s', async () => {
    installFakeWallet({ accounts: [fakeAccount(0)] });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      render(<BackupDialog target={{ kind: 'phrase' }} onClose={() => undefined} />);
      const dialog = screen.getByRole('dialog');
      expect(within(dialog).getByRole('note').textContent).toMatch(/full control/);
      await user.type(within(dialog).getByLabelText('Password'), FAKE_PASSWORD);
      await user.click(within(dialog).getByRole('button', { name: 'Show recovery phrase' }));
      const list = await within(dialog).findByRole('list', { name: 'Recovery phrase' });
      expect(list.querySelectorAll('code')).toHaveLength(12);
      await act(async () => {
        vi.advanceTimersByTime(60_000);
      });
      expect(within(dialog).queryByRole('list', { name: 'Recovery phrase' })).toBeNull();
      expect(within(dialog).getByText('Hidden again after 60 seconds.')).toBeTruthy();
      expect(document.body.textContent).not.toContain(FAKE_WORDS.slice(0, 3).join(''));
    } finally {
      vi.useRealTimers();
    }
  });

  it('empties the clipboard 60 s after Copy', async () => {
    const writes: string[] = [];
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
      // After userEvent.setup, which installs a clipboard of its own.
      Object.defineProperty(navigator, 'clipboard', {
        configurable: true,
        value: { writeText: async (text: string) => void writes.push(text) },
      });
      render(<SecretCopyButton text="word1 word2" />);
      await user.click(screen.getByRole('button', { name: 'Copy' }));
      expect(writes).toEqual(['word1 word2']);
      await act(async () => {
        vi.advanceTimersByTime(59_000);
      });
      expect(writes).toEqual(['word1 word2']);
      await act(async () => {
        vi.advanceTimersByTime(1_000);
      });
      expect(writes).toEqual(['word1 word2', '']);
    } finally {
      vi.useRealTimers();
    }
  });
});
