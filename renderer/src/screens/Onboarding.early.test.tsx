/**
 * The welcome drawn before React (issue 26, main/shared/first-screen.ts): its inline script run
 * as the page runs it (the exact string the CSP hashes), and the hand-over to React's
 * onboarding. The same flow in Chromium on the built preview: test/e2e/first-screen.test.ts.
 */
import '../test/setup';
import { afterEach, describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import { App } from '../App';
import { installFakeWallet } from '../test/fake-wallet';
import { FIRST_SCREEN_SCRIPT, welcomeMarkup } from '../../../main/shared/first-screen';
import { FIRST_SCREEN_TEMPLATE_ID } from '../../../main/shared/welcome-words';

const html = document.documentElement;

afterEach(() => {
  document.getElementById(FIRST_SCREEN_TEMPLATE_ID)?.remove();
  document.getElementById('early-root')?.remove();
  html.removeAttribute('data-first-choice');
  html.removeAttribute('data-first-focus');
});

/** A page as index.html builds it: an empty root, the template, window.wallet's app.start. */
async function runEarlyScript(answer: unknown, reactDrew = false): Promise<HTMLElement> {
  const root = document.createElement('div');
  // Not #root: the component tests' own React root must stay apart; the script is given this one.
  root.id = 'early-root';
  if (reactDrew) root.append(document.createElement('main'));
  const template = document.createElement('template');
  template.id = FIRST_SCREEN_TEMPLATE_ID;
  template.innerHTML = welcomeMarkup();
  document.body.append(root, template);
  Object.defineProperty(window, 'wallet', {
    value: { app: { start: () => Promise.resolve(answer) } },
    configurable: true,
    writable: true,
  });
  new Function(
    FIRST_SCREEN_SCRIPT.replace("getElementById('root')", "getElementById('early-root')"),
  )();
  // Its answer's promise, then one more turn.
  await new Promise((resolve) => setTimeout(resolve, 0));
  return root;
}

const info = (lock: string) => ({ network: { id: 'sandbox' }, lock });
const firstRun = {
  ok: true,
  value: { info: info('new'), accounts: { accounts: [], current: null } },
};

describe('the early welcome’s script', () => {
  it('draws the welcome on a first run, and notes a click and the keyboard focus on <html>', async () => {
    const root = await runEarlyScript(firstRun);
    expect(root.querySelector('h1')?.textContent).toBe('Welcome to Swapdesk');
    const buttons = [...root.querySelectorAll('button')];
    expect(buttons.map((b) => b.textContent)).toEqual([
      'Create wallet',
      'Import wallet',
      'Connect Ledger',
    ]);
    buttons[1]!.focus();
    expect(html.getAttribute('data-first-focus')).toBe('import');
    buttons[0]!.click();
    expect(html.getAttribute('data-first-choice')).toBe('create');
  });

  it('draws nothing for a wallet with accounts, a locked wallet, a failed answer, or when React drew first', async () => {
    const account = { address: 'A', label: 'Main', kind: 'local' };
    const cases = [
      {
        ok: true,
        value: { info: info('unlocked'), accounts: { accounts: [account], current: 'A' } },
      },
      // Locked: app.start sends no list, and an empty one while locked is no first run either.
      { ok: true, value: { info: info('locked'), accounts: null } },
      { ok: true, value: { info: info('locked'), accounts: { accounts: [], current: null } } },
      { ok: true, value: { info: info('upgrade'), accounts: { accounts: [], current: null } } },
      { ok: false, error: { code: 'INTERNAL', message: 'x' } },
      { ok: true, value: { info: null, accounts: { accounts: [], current: null } } },
    ];
    for (const answer of cases) {
      const root = await runEarlyScript(answer);
      expect(root.innerHTML, JSON.stringify(answer)).toBe('');
      root.remove();
      document.getElementById(FIRST_SCREEN_TEMPLATE_ID)?.remove();
    }
    const drawn = await runEarlyScript(firstRun, true);
    expect(drawn.innerHTML).toBe('<main></main>');
  });
});

describe('React’s onboarding after the early welcome', () => {
  it('draws the same welcome the early one drew (apart from the heading id and the network badge)', async () => {
    installFakeWallet();
    render(<App />);
    await screen.findByRole('heading', { name: 'Welcome to Swapdesk' });
    const reacts = document.querySelector('.onboarding-main')!;
    const early = document.createElement('template');
    early.innerHTML = welcomeMarkup();
    const earlys = early.content.querySelector('.onboarding-main')!;
    const titleId = reacts.querySelector('h1')!.id;
    expect(reacts.outerHTML.replaceAll(titleId, 'first-screen-title')).toBe(earlys.outerHTML);
    expect(document.querySelector('.brand')!.outerHTML).toBe(
      early.content.querySelector('.brand')!.outerHTML,
    );
  });

  it('opens the choice clicked before it arrived, and forgets it', async () => {
    html.setAttribute('data-first-choice', 'import');
    installFakeWallet();
    render(<App />);
    // Import on a wallet with no password asks for the password first.
    await screen.findByRole('heading', { name: 'Choose a password' });
    await waitFor(() => expect(html.hasAttribute('data-first-choice')).toBe(false));
  });

  it('gives keyboard focus back to the choice that had it', async () => {
    html.setAttribute('data-first-focus', 'ledger');
    installFakeWallet();
    render(<App />);
    await screen.findByRole('heading', { name: 'Welcome to Swapdesk' });
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Connect Ledger' })),
    );
    expect(html.hasAttribute('data-first-focus')).toBe(false);
  });

  it('takes no early choice that is not one of its own', async () => {
    html.setAttribute('data-first-choice', 'steal-keys');
    installFakeWallet();
    render(<App />);
    await screen.findByRole('heading', { name: 'Welcome to Swapdesk' });
  });
});
