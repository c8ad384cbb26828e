/**
 * The frame of the main view: skip link, header (brand, network indicator, account switcher,
 * **Lock**),
 * navigation, and the main region. On a route change focus moves to the new screen's heading,
 * so keyboard and screen reader users land on what changed.
 */
import { useEffect, useRef, type ReactNode } from 'react';
import { ROUTES, type RouteId } from '../lib/routes';
import { useAppStore } from '../stores/app-store';
import { NetworkBadge } from './NetworkBadge';
import { AccountSwitcher } from './AccountSwitcher';
import { useLockStore } from '../stores/lock-store';

export function AppShell({ route, children }: { route: RouteId; children: ReactNode }) {
  const info = useAppStore((s) => s.info);
  const infoLoading = useAppStore((s) => s.infoLoading);
  const lock = useLockStore((s) => s.lock);
  const mainRef = useRef<HTMLElement>(null);
  const lastRoute = useRef<RouteId | null>(null);

  useEffect(() => {
    const title = ROUTES.find((r) => r.id === route)?.title ?? 'Wallet';
    document.title = `${title} — Swapdesk`;
    // Not on first display (focus stays where the browser put it), only on a change.
    if (lastRoute.current !== null && lastRoute.current !== route) {
      mainRef.current?.querySelector<HTMLElement>('[data-screen-heading]')?.focus();
    }
    lastRoute.current = route;
  }, [route]);

  return (
    <div className="shell">
      <a
        className="skip-link"
        href="#main-content"
        onClick={(event) => {
          // The hash is the router's: move focus without navigating.
          event.preventDefault();
          mainRef.current?.focus();
        }}
      >
        Skip to content
      </a>
      <header className="app-header">
        <p className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Swapdesk
        </p>
        <NetworkBadge info={info} loading={infoLoading} />
        <AccountSwitcher />
        <button type="button" className="button button-small" onClick={() => void lock()}>
          Lock
        </button>
      </header>
      <nav className="app-nav" aria-label="Main">
        <ul>
          {ROUTES.map((r) => (
            <li key={r.id}>
              <a
                href={r.path}
                className="nav-link"
                aria-current={r.id === route ? 'page' : undefined}
              >
                {r.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <main className="app-main" id="main-content" ref={mainRef} tabIndex={-1}>
        {children}
      </main>
    </div>
  );
}
