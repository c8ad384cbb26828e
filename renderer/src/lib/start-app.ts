/**
 * The first screen's data (issue 26): one bridge call, app.start, which the preload and the
 * preview's bridge script asked as soon as they ran; it fills the app, lock and accounts stores
 * together, so the first screen drawn from them is the right one (the lock screen, the
 * onboarding or the main view), never the onboarding's Create wallet for a person who has
 * accounts. main.tsx calls it before React's first render: when the answer is already there,
 * that render is the screen itself.
 */
import { useAccountsStore } from '../stores/accounts-store';
import { useAppStore } from '../stores/app-store';
import { useLockStore } from '../stores/lock-store';
import { callWallet } from './wallet';

/** Loads the first screen's data once; a second call while it runs, or after, does nothing. */
export async function startApp(): Promise<void> {
  if (useAccountsStore.getState().status !== 'idle') return;
  useAccountsStore.setState({ status: 'loading' });
  useAppStore.setState({ infoLoading: true });
  const started = await callWallet((w) => w.app.start({}));
  if (!started.ok) {
    // Each half on its own, as before app.start: a failed app.info (network down) must not
    // hide the accounts, and the accounts' own error is the one the page shows.
    await Promise.all([useAppStore.getState().loadInfo(), useAccountsStore.getState().load()]);
    return;
  }
  const { info, accounts } = started.value;
  useLockStore.getState().seed(info.lock);
  useAppStore.getState().seedInfo(info);
  // No list while locked: the lock screen comes first, and unlocking reads the list.
  if (accounts) useAccountsStore.getState().seed(accounts);
  else if (info.lock !== 'locked' && info.lock !== 'upgrade')
    await useAccountsStore.getState().load();
}
