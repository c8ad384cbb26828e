/**
 * The app: loads `app.info` and the account list, then shows onboarding (no account yet) or
 * the main view with the screen of the current hash route. Only the onboarding is in the first
 * script the page loads (issue 26): the main view and each screen are chunks fetched on demand
 * (SignedIn.tsx), and once a first run's page is idle, ahead of time.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { useAccountsStore } from './stores/accounts-store';
import { useAppStore } from './stores/app-store';
import { useRoute } from './lib/routes';
import { Onboarding } from './screens/Onboarding';

const loadSignedIn = () => import('./SignedIn');
const SignedIn = lazy(() => loadSignedIn().then((m) => ({ default: m.SignedIn })));

/** Fetches the main view and its screens while a first run's onboarding is idle. */
function usePrefetchSignedIn(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(
      () =>
        void loadSignedIn().then(
          (m) => m.prefetchScreens(),
          () => undefined,
        ),
    );
  }, [enabled]);
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
  const loadInfo = useAppStore((s) => s.loadInfo);
  const route = useRoute();
  const [sawOnboarding, setSawOnboarding] = useState(false);
  usePrefetchSignedIn(status === 'ready' && !hasAccounts);

  useEffect(() => {
    void loadInfo();
    void loadAccounts();
  }, [loadInfo, loadAccounts]);

  // Leaving onboarding replaces the whole page: keyboard focus starts at the new heading
  // (SignedIn focuses it once its screen's chunk is drawn). Noted while rendering, as React
  // documents for information from earlier renders.
  if (status === 'ready' && !hasAccounts && !sawOnboarding) setSawOnboarding(true);

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
