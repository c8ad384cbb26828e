/**
 * Balances that move when a transaction lands (issue 33): while a screen shows an address, main
 * waits on the network's subscriptions (`balances.watch`) and each change refreshes at once. On a
 * network without subscriptions the first answer says so and the loop ends: the screen's 20 s
 * timer is then the only refresh, as before.
 */
import { useEffect } from 'react';
import { callWallet } from './wallet';

/** Calls `onChange` whenever the address's SOL or one of its token accounts changes. */
export function useBalanceWatch(address: string | null, onChange: (address: string) => void): void {
  useEffect(() => {
    if (!address) return;
    let active = true;
    void (async () => {
      while (active) {
        const result = await callWallet((w) => w.balances.watch({ address }));
        if (!active || !result.ok || !result.value.supported) return;
        if (result.value.changed) onChange(address);
      }
    })();
    return () => {
      active = false;
    };
  }, [address, onChange]);
}
