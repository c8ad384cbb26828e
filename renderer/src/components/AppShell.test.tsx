import '../test/setup';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../App';
import { fakeAccount, installFakeWallet } from '../test/fake-wallet';

async function openMain() {
  installFakeWallet({ accounts: [fakeAccount(0), fakeAccount(1)] });
  const user = userEvent.setup();
  render(<App />);
  await screen.findByRole('heading', { level: 1, name: 'Wallet' });
  return user;
}

describe('app shell', () => {
  it('has header, navigation and main landmarks and a nav link per screen', async () => {
    await openMain();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('main')).toBeTruthy();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(names).toEqual(['Wallet', 'Swap', 'Pay', 'Fees', 'Activity', 'Accounts', 'Settings']);
    expect(within(nav).getByRole('link', { name: 'Wallet' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('starts with a skip link that moves focus to the main content', async () => {
    const user = await openMain();
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.location.hash).toBe('');
  });

  it('moves focus to the new heading on a route change from the keyboard', async () => {
    const user = await openMain();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    within(nav).getByRole('link', { name: 'Settings' }).focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(document.title).toBe('Settings — Swapdesk');
    expect(screen.getByText('http://127.0.0.1:8899')).toBeTruthy();
  });

  it('routes to the Pay and Fees screens (issues 5 and 6), no placeholder left', async () => {
    await openMain();
    for (const [hash, title, control] of [
      ['#/pay', 'Pay', 'Payment request'],
      ['#/fees', 'Fees', 'Platform fee (bps)'],
    ] as const) {
      window.location.hash = hash;
      await screen.findByRole('heading', { level: 1, name: title });
      expect(await screen.findByLabelText(control)).toBeTruthy();
      expect(screen.queryByText('Coming in a later release.')).toBeNull();
    }
  });

  it('keeps Tab inside an open dialog and closes it with Escape', async () => {
    const user = await openMain();
    window.location.hash = '#/accounts';
    await screen.findByRole('heading', { level: 1, name: 'Accounts' });
    const remove = screen.getAllByRole('button', { name: 'Remove' })[0]!;
    remove.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog');
    const buttons = within(dialog).getAllByRole('button');
    for (let i = 0; i < buttons.length * 2; i += 1) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
  });

  it('gives every button, link and form control an accessible name', async () => {
    await openMain();
    for (const hash of ['#/', '#/accounts', '#/settings']) {
      window.location.hash = hash;
      await new Promise((r) => setTimeout(r, 0));
      const controls = [
        ...screen.queryAllByRole('button'),
        ...screen.queryAllByRole('link'),
        ...screen.queryAllByRole('combobox'),
        ...screen.queryAllByRole('textbox'),
      ];
      expect(controls.length).toBeGreaterThan(5);
      for (const control of controls) {
        const name =
          control.getAttribute('aria-label') ??
          (control.id ? document.querySelector(`label[for="${control.id}"]`)?.textContent : null) ??
          control.textContent;
        expect(name?.trim(), control.outerHTML).toBeTruthy();
      }
    }
  });
});
