/**
 * USD prices the screens show (issue 11), from `prices.get` in main. Screens say which mints
 * they show; the store asks main for those not asked in the last 30 s (main caches too, and
 * tells how old each price is). A failed call leaves the prices it had: they age into "stale"
 * (UsdValue judges the age against the clock, not only main's label).
 */
import { useEffect, useState } from 'react';
import { create } from 'zustand';
import type { PriceView } from '../../../preload/api-types';
import { callWallet } from '../lib/wallet';

const REFRESH_MS = 30_000;
/** How often a shown price is checked: asked again when due, its age shown anew. */
const CHECK_MS = 10_000;
const MAX_PER_CALL = 100;

export interface PricesStore {
  prices: Record<string, PriceView>;
  /** When each mint was last asked for. */
  askedAt: Record<string, number>;
  /** Fetches the prices of `mints` not asked recently. */
  ensure: (mints: readonly string[]) => Promise<void>;
}

export const usePricesStore = create<PricesStore>()((set, get) => ({
  prices: {},
  askedAt: {},
  ensure: async (mints) => {
    const now = Date.now();
    const due = [...new Set(mints)].filter(
      (mint) => now - (get().askedAt[mint] ?? 0) >= REFRESH_MS,
    );
    if (due.length === 0) return;
    set({ askedAt: { ...get().askedAt, ...Object.fromEntries(due.map((m) => [m, now])) } });
    for (let at = 0; at < due.length; at += MAX_PER_CALL) {
      const result = await callWallet((w) =>
        w.prices.get({ mints: due.slice(at, at + MAX_PER_CALL) }),
      );
      if (result.ok) set({ prices: { ...get().prices, ...result.value } });
    }
  },
}));

/**
 * The prices a component shows, fetched as it mounts, whenever its mints change, whenever
 * `refresh` changes (e.g. the time the balances were read), and while it stays on screen as
 * they come due. It re-renders on each check, so a price main can no longer refresh is seen
 * ageing into "stale" instead of looking current for as long as the screen is open.
 *
 * @example const prices = usePrices([quote.inputMint, quote.outputMint]);
 */
export function usePrices(mints: readonly string[], refresh?: unknown): Record<string, PriceView> {
  const prices = usePricesStore((s) => s.prices);
  const ensure = usePricesStore((s) => s.ensure);
  const [, setChecks] = useState(0);
  const key = mints.join(',');
  useEffect(() => {
    if (key === '') return;
    const wanted = key.split(',');
    void ensure(wanted);
    const timer = setInterval(() => {
      void ensure(wanted);
      setChecks((n) => n + 1);
    }, CHECK_MS);
    return () => clearInterval(timer);
  }, [key, ensure, refresh]);
  return prices;
}
