/**
 * What the screens that quote, review and sign (Swap, Pay, Fees) do alike: read the current
 * account's balances and the token list, tick a clock for the age of a quote and the expiry of
 * a review, and drop what belongs to another account or network.
 */
import { useEffect, useRef, useState } from 'react';
import type { Balances } from '../../../preload/api-types';
import { selectCurrentAccount, useAccountsStore } from '../stores/accounts-store';
import { useBalancesOf, useBalancesStore } from '../stores/balances-store';
import { useTokensStore } from '../stores/tokens-store';
import { useInterval } from '../lib/use-interval';

export interface AccountBalances {
  address: string | null;
  balances: Balances | null;
  refreshBalances: (address: string) => Promise<void>;
}

/**
 * The current account and its balances. The token list and the balances are read on mount
 * (the balances again on a switch of account), and again once `confirmed` turns true: a
 * confirmed transaction changed them.
 */
export function useAccountBalances(confirmed: boolean): AccountBalances {
  const account = useAccountsStore(selectCurrentAccount);
  const address = account?.address ?? null;
  const balances = useBalancesOf(address);
  const refreshBalances = useBalancesStore((s) => s.refresh);
  const loadTokens = useTokensStore((s) => s.load);
  useEffect(() => {
    void loadTokens();
  }, [loadTokens]);
  useEffect(() => {
    if (address) void refreshBalances(address);
  }, [address, refreshBalances]);
  useEffect(() => {
    if (confirmed && address) void refreshBalances(address);
  }, [confirmed, address, refreshBalances]);
  return { address, balances, refreshBalances };
}

/**
 * The time, ticking each second while mounted; `onTick` (the latest one) runs at each tick with
 * that time, e.g. to ask again for a quote grown old.
 */
export function useNow(onTick?: (at: number) => void): number {
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => {
    const at = Date.now();
    setNow(at);
    onTick?.(at);
  }, 1000);
  return now;
}

/**
 * Runs `onChange` when `key` differs from the one of the last render (not on mount): another
 * account or network, whose quote or review must not be used.
 */
export function useOnKeyChange(key: string, onChange: () => void): void {
  const last = useRef(key);
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    onChange();
  }, [key, onChange]);
}

/** Whole seconds since `receivedAt` (0 before anything was received, never negative). */
export function secondsSince(now: number, receivedAt: number | null): number {
  return receivedAt !== null ? Math.max(0, Math.floor((now - receivedAt) / 1000)) : 0;
}
