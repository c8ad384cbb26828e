/**
 * The welcome's words and the names the early welcome and the onboarding share (issue 26):
 * one home for what both draw, the page's inline welcome (first-screen.ts) and React's
 * (renderer/src/screens/Onboarding.tsx). Apart from first-screen.ts so the renderer's bundle
 * takes the words without the inline script.
 */

export const WELCOME_TITLE = 'Welcome to Swapdesk';

export const WELCOME_LEAD =
  'A desktop wallet for Solana. Your keys stay on this computer, sealed with your password; ' +
  'nothing leaves it without your approval.';

export type WelcomeChoice = 'create' | 'import' | 'ledger';

export const WELCOME_CHOICES: readonly { mode: WelcomeChoice; label: string; hint: string }[] = [
  {
    mode: 'create',
    label: 'Create wallet',
    hint: 'A new recovery phrase, shown once, and your first account from it.',
  },
  {
    mode: 'import',
    label: 'Import wallet',
    hint: 'From a secret key, a keypair file or a recovery phrase.',
  },
  { mode: 'ledger', label: 'Connect Ledger', hint: 'Accounts whose key stays on your Ledger.' },
];

/** Where the early screen leaves the choice clicked before React took over (on <html>). */
export const FIRST_CHOICE_ATTRIBUTE = 'data-first-choice';
/** Where it leaves the choice whose button had keyboard focus when React took over. */
export const FIRST_FOCUS_ATTRIBUTE = 'data-first-focus';

export const FIRST_SCREEN_TEMPLATE_ID = 'first-screen';
