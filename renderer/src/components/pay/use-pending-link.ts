/**
 * Opens the Pay screen with a `solana:` link the operating system handed Swapdesk (main keeps
 * it in an inbox; `links.takePending` answers it once). Asked when the app starts, when its
 * window gets focus, and every few seconds, since a second launch with a link only focuses the
 * window that is already open.
 */
import { useCallback, useEffect } from 'react';
import { callWallet } from '../../lib/wallet';
import { navigate } from '../../lib/routes';
import { usePayStore } from '../../stores/pay-store';
import { usePayReviewStore } from '../../stores/pay-review-store';
import { useInterval } from '../../lib/use-interval';

/** How often the inbox is asked while the app is open. */
export const LINK_POLL_MS = 3000;

/** Takes a pending link, if any, into the Pay screen. `enabled` is false before onboarding. */
export function usePendingLink(enabled: boolean): void {
  const take = useCallback(async () => {
    if (!enabled) return;
    const result = await callWallet((w) => w.links.takePending({}));
    if (!result.ok || result.value.url === null) return;
    // A review in progress is of another request: the new link replaces it.
    usePayReviewStore.getState().reset();
    navigate('pay');
    await usePayStore.getState().useText(result.value.url);
  }, [enabled]);

  useEffect(() => {
    void take();
    const onFocus = () => void take();
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [take]);
  useInterval(() => void take(), LINK_POLL_MS);
}
