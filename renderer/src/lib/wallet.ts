/**
 * The one place the renderer reaches `window.wallet`. Read at call time (not captured at import)
 * so that tests can install a fake and the app can tell "not opened from Swapdesk" apart.
 */
import type { WalletApi } from '../../../preload/wallet-api';
import type { BridgeError, Result } from '../../../main/shared/result';

/** Error shown when the page runs without the bridge (opened directly in a browser). */
export const NO_BRIDGE: BridgeError = {
  code: 'NO_BRIDGE',
  message:
    'This page has no connection to the wallet. Open it from the Swapdesk app or the web preview (npm run start:web).',
};

/** Told when main answers LOCKED: the lock store shows the lock screen (issue 24). */
const lockedListeners = new Set<() => void>();

/** Runs `listener` whenever a bridge call answers LOCKED; answers a function that stops it. */
export function onLocked(listener: () => void): () => void {
  lockedListeners.add(listener);
  return () => lockedListeners.delete(listener);
}

/** The bridge, or null when the page was opened outside Swapdesk. */
export function getWallet(): WalletApi | null {
  return window.wallet ?? null;
}

/**
 * Runs one bridge call and turns every failure (no bridge, a rejected promise from a dropped
 * connection) into a Result, so screens handle a single shape.
 */
export async function callWallet<T>(
  call: (wallet: WalletApi) => Promise<Result<T>>,
): Promise<Result<T>> {
  const wallet = getWallet();
  if (!wallet) return { ok: false, error: NO_BRIDGE };
  try {
    const result = await call(wallet);
    if (!result.ok && result.error.code === 'LOCKED')
      for (const listener of lockedListeners) listener();
    return result;
  } catch {
    // A thrown error here means the transport broke (preview stopped, IPC gone), not a
    // refusal by main: say so in words a person can act on.
    return {
      ok: false,
      error: {
        code: 'BRIDGE_UNREACHABLE',
        message: 'The wallet did not answer. Restart Swapdesk and try again.',
      },
    };
  }
}
