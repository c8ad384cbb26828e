/**
 * The main view once the wallet has an account: the shell and the screen of the current route.
 * Loaded on demand (issue 26): a first run needs only the onboarding, so this part and each
 * screen are chunks of their own, fetched when first shown and, once the page is idle, ahead
 * of time, so moving between screens does not wait on the network.
 */
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import type { RouteId } from './lib/routes';
import { AppShell } from './components/AppShell';
import { usePendingLink } from './components/pay/use-pending-link';

/** Each screen's chunk, by route; `load` is also what the idle prefetch calls. */
const SCREENS: Record<RouteId, () => Promise<{ default: ComponentType }>> = {
  wallet: () => import('./screens/WalletScreen').then((m) => ({ default: m.WalletScreen })),
  accounts: () => import('./screens/AccountsScreen').then((m) => ({ default: m.AccountsScreen })),
  settings: () => import('./screens/SettingsScreen').then((m) => ({ default: m.SettingsScreen })),
  swap: () => import('./screens/SwapScreen').then((m) => ({ default: m.SwapScreen })),
  activity: () => import('./screens/ActivityScreen').then((m) => ({ default: m.ActivityScreen })),
  pay: () => import('./screens/PayScreen').then((m) => ({ default: m.PayScreen })),
  fees: () => import('./screens/FeesScreen').then((m) => ({ default: m.FeesScreen })),
};

const LAZY = Object.fromEntries(
  Object.entries(SCREENS).map(([route, load]) => [route, lazy(load)]),
) as unknown as Record<RouteId, ComponentType>;

/** Fetches every screen's chunk (while the page is idle, after the first screen is up). */
export async function prefetchScreens(): Promise<void> {
  await Promise.all(Object.values(SCREENS).map((load) => load().catch(() => undefined)));
}

/** Puts keyboard focus on the screen's heading once it is drawn (its chunk may come later). */
function FocusHeading({ enabled }: { enabled: boolean }) {
  useEffect(() => {
    if (enabled) document.querySelector<HTMLElement>('[data-screen-heading]')?.focus();
  }, [enabled]);
  return null;
}

export function SignedIn({
  route,
  fromOnboarding,
}: {
  route: RouteId;
  /** The person just left onboarding: the whole page changed, so focus starts at the heading. */
  fromOnboarding: boolean;
}) {
  // A solana: link the app was opened with goes to the Pay screen.
  usePendingLink(true);
  // Focus moves to a screen's heading on every screen after the first one shown.
  const [firstRoute] = useState(route);
  const [navigated, setNavigated] = useState(false);
  if (route !== firstRoute && !navigated) setNavigated(true);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 200));
    idle(() => void prefetchScreens());
  }, []);
  const Screen = LAZY[route];
  return (
    <AppShell route={route}>
      {/* One boundary per route: the screen left unmounts at once (its timers stop), rather
          than staying mounted, hidden, while the next screen's chunk arrives. */}
      <Suspense
        key={route}
        fallback={
          <p role="status" className="muted">
            Loading…
          </p>
        }
      >
        <Screen />
        <FocusHeading enabled={fromOnboarding || navigated} />
      </Suspense>
    </AppShell>
  );
}
