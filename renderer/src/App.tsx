/**
 * The app: loads `app.info` and the account list, then shows the lock screen (locked, or an
 * earlier version's vault waiting for its password; issue 24), onboarding (no account yet) or
 * the main view with the screen of the current hash route. The lock state comes with app.info,
 * so the first screen needs no extra call.
 */
import { useEffect, useRef } from 'react';
import { useAccountsStore } from './stores/accounts-store';
import { useAppStore } from './stores/app-store';
import { useLockStore } from './stores/lock-store';
import { useIdleLock } from './lib/use-idle-lock';
import { LockScreen } from './screens/LockScreen';
import { useRoute, type RouteId } from './lib/routes';
import { AppShell } from './components/AppShell';
import { Onboarding } from './screens/Onboarding';
import { WalletScreen } from './screens/WalletScreen';
import { AccountsScreen } from './screens/AccountsScreen';
import { SettingsScreen } from './screens/SettingsScreen';
import { SwapScreen } from './screens/SwapScreen';
import { ActivityScreen } from './screens/ActivityScreen';
import { PayScreen } from './screens/PayScreen';
import { FeesScreen } from './screens/FeesScreen';
import { usePendingLink } from './components/pay/use-pending-link';

function Screen({ route }: { route: RouteId }) {
  switch (route) {
    case 'accounts':
      return <AccountsScreen />;
    case 'settings':
      return <SettingsScreen />;
    case 'swap':
      return <SwapScreen />;
    case 'activity':
      return <ActivityScreen />;
    case 'pay':
      return <PayScreen />;
    case 'fees':
      return <FeesScreen />;
    case 'wallet':
      return <WalletScreen />;
  }
}

export function App() {
  const status = useAccountsStore((s) => s.status);
  const hasAccounts = useAccountsStore((s) => s.accounts.length > 0);
  const loadError = useAccountsStore((s) => s.loadError);
  const loadAccounts = useAccountsStore((s) => s.load);
  const loadInfo = useAppStore((s) => s.loadInfo);
  const route = useRoute();
  const info = useAppStore((s) => s.info);
  const lockState = useLockStore((s) => s.state);
  const seedLock = useLockStore((s) => s.seed);
  useEffect(() => {
    if (info) seedLock(info.lock);
  }, [info, seedLock]);
  const loadLock = useLockStore((s) => s.load);
  useEffect(() => {
    // app.info failed (network down) but the accounts came: ask the lock itself.
    if (status === 'ready' && lockState === null) void loadLock();
  }, [status, lockState, loadLock]);
  const locked = lockState === 'locked' || lockState === 'upgrade';
  useIdleLock(lockState === 'unlocked' && hasAccounts);
  const wasOnboarding = useRef(false);
  // A solana: link the app was opened with goes to the Pay screen once there is an account.
  usePendingLink(status === 'ready' && hasAccounts && !locked);

  useEffect(() => {
    void loadInfo();
    void loadAccounts();
  }, [loadInfo, loadAccounts]);

  useEffect(() => {
    // Leaving onboarding replaces the whole page: start keyboard focus at the new heading.
    if (hasAccounts && wasOnboarding.current) {
      document.querySelector<HTMLElement>('[data-screen-heading]')?.focus();
    }
    wasOnboarding.current = status === 'ready' && !hasAccounts;
  }, [hasAccounts, status]);

  // Locked means locked: nothing but the lock screen.
  if (locked) return <LockScreen />;
  if (status === 'idle' || status === 'loading') {
    return (
      <main className="splash" id="main-content">
        <p role="status">Opening your wallet…</p>
      </main>
    );
  }
  if (status === 'error') {
    return (
      <main className="splash" id="main-content">
        <section className="card" aria-labelledby="load-error-title">
          <h1 id="load-error-title">Swapdesk cannot open your accounts</h1>
          <p role="alert">{loadError?.message}</p>
          <button
            type="button"
            className="button button-primary"
            onClick={() => void loadAccounts()}
          >
            Try again
          </button>
        </section>
      </main>
    );
  }
  if (!hasAccounts) return <Onboarding />;
  return (
    <AppShell route={route}>
      <Screen route={route} />
    </AppShell>
  );
}
