/**
 * The state shown instead of balances while no network answers: what is wrong, what to do,
 * and a way to try again.
 */
import type { AppInfo } from '../../../preload/api-types';
import type { BridgeError } from '../../../main/shared/result';

export interface NetworkUnavailableProps {
  info: AppInfo | null;
  error: BridgeError | null;
  onRetry: () => void;
  retrying: boolean;
}

export function NetworkUnavailable({ info, error, onRetry, retrying }: NetworkUnavailableProps) {
  const name = info ? info.network.label : 'the network';
  const advice =
    !info || info.network.isSandbox
      ? 'The sandbox network starts with the app; if it stopped, restart Swapdesk (or run npm run sandbox) and try again.'
      : 'Check your internet connection and the RPC address in Settings, then try again.';
  return (
    <section className="card notice notice-warning" aria-labelledby="network-unavailable-title">
      <h2 id="network-unavailable-title" className="card-title">
        Network unavailable
      </h2>
      <p>
        Swapdesk cannot reach {name} right now, so balances cannot be shown. Your accounts and keys
        are safe on this computer.
      </p>
      {/* Main's message already says what to do for its network; ours is the fallback. */}
      <p>{error ? error.message : advice}</p>
      <button type="button" className="button" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Trying…' : 'Try again'}
      </button>
    </section>
  );
}
