import '../test/setup';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { installFakeWallet } from '../test/fake-wallet';
import { FAKE_PASSWORD, FAKE_WORDS } from '../test/fake-lock';
import { useAccountsStore } from '../stores/accounts-store';

const BASE58_SECRET =
  '4wBqpZM9xaSheZzJSMawUHDgZ7miWfSsxmfVF5jJpYP3BG5SAJ4vqzp4fkd3s7ZGwyB1YvjgBuB2BA4rGMmF5L5Y';
const PHRASE =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

async function openApp() {
  const user = userEvent.setup();
  render(<App />);
  await screen.findByRole('heading', { name: 'Welcome to Swapdesk' });
  return user;
}

describe('onboarding', () => {
  it('offers Create wallet and Import wallet when there is no account', async () => {
    installFakeWallet();
    await openApp();
    expect(screen.getByRole('button', { name: 'Create wallet' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Import wallet' })).toBeTruthy();
    expect(screen.getByText('Sandbox network — test funds only')).toBeTruthy();
  });

  it('creates a wallet: the phrase shown numbered, three words checked, a password set', async () => {
    const fake = installFakeWallet();
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Create wallet' }));
    const phrase = await screen.findByRole('list', { name: 'Recovery phrase' });
    expect([...phrase.querySelectorAll('code')].map((c) => c.textContent)).toEqual(FAKE_WORDS);
    expect(phrase.textContent).toMatch(/^1\. legal2\. winner/);
    expect(screen.getByRole('note').textContent).toMatch(/only backup of your wallet/);
    await user.click(screen.getByRole('button', { name: 'I saved my recovery phrase' }));
    const inputs = screen.getAllByRole('textbox', { name: /^Word \d+$/ });
    expect(inputs).toHaveLength(3);
    const positions = inputs.map((i) => Number(/\d+/.exec(i.id.split('-').pop()!)![0]));
    // One wrong word: named, and nothing sent.
    for (const [i, input] of inputs.entries()) {
      await user.type(input, i === 1 ? 'wrong' : FAKE_WORDS[positions[i]! - 1]!);
    }
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByRole('alert').textContent).toBe(
      `Word ${positions[1]} is not word ${positions[1]} of your recovery phrase. Look at what you wrote down; if it is wrong there, go back to see the phrase.`,
    );
    await user.clear(inputs[1]!);
    await user.type(inputs[1]!, FAKE_WORDS[positions[1]! - 1]!);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // The password, with why a weak one is weak, as the person types.
    const password = await screen.findByLabelText('Password');
    await user.type(password, 'abcdefgh');
    expect(screen.getByText(/run of consecutive characters/)).toBeTruthy();
    await user.clear(password);
    await user.type(password, FAKE_PASSWORD);
    await user.type(screen.getByLabelText('Confirm password'), FAKE_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password and open wallet' }));
    const address = await screen.findByRole('status', { name: 'Account address' });
    expect(address.textContent).toBe(fake.state.accounts[0]?.address);
    expect(fake.calls.map((c) => c.method)).toEqual(
      expect.arrayContaining([
        'accounts.beginPhrase',
        'lock.setPassword',
        'accounts.confirmPhrase',
      ]),
    );
    expect(fake.calls.find((c) => c.method === 'accounts.confirmPhrase')?.request).toMatchObject({
      answers: positions.map((position) => ({ position, word: FAKE_WORDS[position - 1] })),
    });
    // Nothing of the phrase is left on the page.
    expect(document.body.textContent).not.toContain(FAKE_WORDS.slice(0, 4).join(' '));
  }, 20_000); // much typing: slow on a loaded machine

  it('asks for the password before importing into a wallet that has none', async () => {
    const fake = installFakeWallet();
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    expect(await screen.findByRole('heading', { name: 'Choose a password' })).toBeTruthy();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/too weak.*at least 8/);
    await user.clear(screen.getByLabelText('Password'));
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Password'), FAKE_PASSWORD);
    await user.type(screen.getByLabelText('Confirm password'), FAKE_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('heading', { name: 'Import a wallet' })).toBeTruthy();
    expect(fake.lock.state).toBe('unlocked');
  }, 20_000); // much typing: slow on a loaded machine

  it('imports a secret key, empties the box, and keeps the secret out of the store', async () => {
    const fake = installFakeWallet({ lock: 'unlocked' });
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    const box = screen.getByRole('textbox', { name: 'Secret key or recovery phrase' });
    expect(box.getAttribute('autocomplete')).toBe('off');
    expect(box.getAttribute('spellcheck')).toBe('false');
    await user.type(box, BASE58_SECRET);
    await user.type(screen.getByRole('textbox', { name: 'Label (optional)' }), 'Savings');
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    await screen.findByRole('status', { name: 'Account address' });
    expect(fake.calls.find((c) => c.method === 'accounts.import')?.request).toEqual({
      secret: BASE58_SECRET,
      label: 'Savings',
    });
    expect(JSON.stringify(useAccountsStore.getState())).not.toContain(BASE58_SECRET);
    expect(document.body.innerHTML).not.toContain(BASE58_SECRET);
    expect(screen.getByRole('heading', { level: 2, name: 'Savings' })).toBeTruthy();
  });

  it('asks how many accounts to derive for a recovery phrase and sends the indexes', async () => {
    const fake = installFakeWallet({ lock: 'unlocked' });
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    expect(screen.queryByRole('spinbutton', { name: 'Accounts to import' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Secret key or recovery phrase' }), PHRASE);
    const count = screen.getByRole('spinbutton', { name: 'Accounts to import' });
    await user.clear(count);
    await user.type(count, '3');
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    await screen.findByRole('status', { name: 'Account address' });
    expect(fake.calls.find((c) => c.method === 'accounts.import')?.request).toEqual({
      secret: PHRASE,
      accountIndexes: [0, 1, 2],
    });
    expect(fake.state.accounts).toHaveLength(3);
  });

  it('shows a malformed secret error in the alert, creates nothing and clears the box', async () => {
    const fake = installFakeWallet({ lock: 'unlocked' });
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', {
      name: 'Secret key or recovery phrase',
    });
    await user.type(box, 'not-a-key');
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/not a secret key/));
    expect(box.value).toBe('');
    expect(document.activeElement).toBe(box);
    expect(fake.state.accounts).toHaveLength(0);
    expect(screen.queryByRole('status', { name: 'Account address' })).toBeNull();
  });

  it('shows a bad recovery phrase error', async () => {
    installFakeWallet({ lock: 'unlocked' });
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Secret key or recovery phrase' }),
      PHRASE.replace('about', 'notaword'),
    );
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/recovery phrase is not valid/);
  });

  it('refuses an empty submission without calling the bridge', async () => {
    const fake = installFakeWallet({ lock: 'unlocked' });
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    expect(screen.getByRole('alert').textContent).toMatch(/Paste a secret key/);
    expect(fake.calls.some((c) => c.method === 'accounts.import')).toBe(false);
  });

  it('goes back to the choice with Cancel and focuses its heading', async () => {
    installFakeWallet({ lock: 'unlocked' });
    const user = await openApp();
    await user.click(screen.getByRole('button', { name: 'Import wallet' }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Import a wallet' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(
      screen.getByRole('heading', { name: 'Welcome to Swapdesk' }),
    );
  });

  it('says so when the page has no bridge', async () => {
    render(<App />);
    expect((await screen.findByRole('alert')).textContent).toMatch(/no connection to the wallet/);
  });
});
