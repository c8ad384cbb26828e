/**
 * The app: loads `app.info` and the account list (one call, app.start: lib/start-app.ts), then
 * shows the lock screen (locked, or an earlier version's vault waiting for its password; issue
 * 24), onboarding (no account yet) or the main view with the screen of the current hash route.
 * The lock state comes with app.info, so the first screen needs no extra call. Only the lock
 * screen and the onboarding's first choice are in the first script the page loads (issue 26):
 * the first-run steps after it (first-run-steps.ts), the main view and each screen are chunks
 * fetched on demand (SignedIn.tsx), and once the first screen is idle, ahead of time.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAccountsStore } from './stores/accounts-store';
import { useAppStore } from './stores/app-store';
import { useLockStore } from './stores/lock-store';
import { useIdleLock } from './lib/use-idle-lock';
import { startApp } from './lib/start-app';
import { LockScreen } from './screens/LockScreen';
import { useRoute } from './lib/routes';
import { Onboarding } from './screens/Onboarding';
import { prefetchFirstRunSteps } from './components/keys/first-run-steps';

const loadSignedIn = () => import('./SignedIn');
const SignedIn = lazy(() => loadSignedIn().then((m) => ({ default: m.SignedIn })));

/**
 * Fetches the first-run steps while the welcome or lock screen is idle, and on a first run the
 * main view and its screens too.
 */
function usePrefetch(firstRun: boolean, steps: boolean): void {
  useEffect(() => {
    if (!steps) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => {
      void prefetchFirstRunSteps().then(() =>
        firstRun
          ? loadSignedIn().then(
              (m) => m.prefetchScreens(),
              () => undefined,
            )
          : undefined,
      );
    });
  }, [firstRun, steps]);
}

function Opening() {
  return (
    <main className="splash" id="main-content">
      <p role="status">Opening your wallet…</p>
    </main>
  );
}

export function App() {
  const status = useAccountsStore((s) => s.status);
  const hasAccounts = useAccountsStore((s) => s.accounts.length > 0);
  const loadError = useAccountsStore((s) => s.loadError);
  const loadAccounts = useAccountsStore((s) => s.load);
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
  const [sawOnboarding, setSawOnboarding] = useState(false);
  const firstRun = status === 'ready' && !hasAccounts;
  usePrefetch(firstRun, firstRun || locked);

  // main.tsx has usually started it already, before the first render; this covers a page that
  // mounts the app by itself (the component tests).
  useEffect(() => {
    void startApp();
  }, []);

  // Leaving onboarding replaces the whole page: keyboard focus starts at the new heading
  // (SignedIn focuses it once its screen's chunk is drawn). Noted while rendering, as React
  // documents for information from earlier renders.
  if (status === 'ready' && !hasAccounts && !sawOnboarding) setSawOnboarding(true);

  // Locked means locked: nothing but the lock screen.
  if (locked) return <LockScreen />;
  if (status === 'idle' || status === 'loading') return <Opening />;
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
    <Suspense fallback={<Opening />}>
      <SignedIn route={route} fromOnboarding={sawOnboarding} />
    </Suspense>
  );
}
