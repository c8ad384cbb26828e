/**
 * Hash routes (#/swap, #/settings, ...). Hash routing works the same from file:// in Electron
 * and from the web preview, and needs no server rewrite.
 */
import { useSyncExternalStore } from 'react';

export const ROUTES = [
  { id: 'wallet', path: '#/', title: 'Wallet' },
  { id: 'swap', path: '#/swap', title: 'Swap' },
  { id: 'pay', path: '#/pay', title: 'Pay' },
  { id: 'fees', path: '#/fees', title: 'Fees' },
  { id: 'activity', path: '#/activity', title: 'Activity' },
  { id: 'accounts', path: '#/accounts', title: 'Accounts' },
  { id: 'settings', path: '#/settings', title: 'Settings' },
] as const;

export type RouteId = (typeof ROUTES)[number]['id'];

/** The route of a location hash; anything unknown is the wallet overview. */
export function routeOfHash(hash: string): RouteId {
  const path = hash.replace(/^#?\/?/, '').split(/[/?]/)[0] ?? '';
  const found = ROUTES.find((r) => r.id === path);
  return found ? found.id : 'wallet';
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

/** The current route, re-rendering on every hash change. */
export function useRoute(): RouteId {
  return useSyncExternalStore(subscribe, () => routeOfHash(window.location.hash));
}

/** Moves to a route (adds a history entry, so Back works). */
export function navigate(id: RouteId): void {
  const route = ROUTES.find((r) => r.id === id);
  if (route) window.location.hash = route.path;
}
