/**
 * Which network every screen is on, in words: the sandbox is labelled as holding test funds
 * only, mainnet as real funds, and an unreachable network as such.
 */
import type { AppInfo } from '../../../preload/api-types';

/** The words of the indicator, also used by Settings. */
export function networkWording(info: AppInfo | null): string {
  if (!info) return 'Network unavailable';
  if (info.network.isSandbox) return 'Sandbox network — test funds only';
  if (info.network.id === 'mainnet') return 'Mainnet — real funds';
  return `${info.network.label} — custom network`;
}

export function NetworkBadge({ info, loading }: { info: AppInfo | null; loading: boolean }) {
  const tone = !info ? (loading ? 'pending' : 'down') : info.network.isSandbox ? 'sandbox' : 'live';
  const text = !info && loading ? 'Connecting…' : networkWording(info);
  return (
    <p className={`network-badge network-${tone}`}>
      <span className="network-dot" aria-hidden="true" />
      <span className="visually-hidden">Network: </span>
      {text}
    </p>
  );
}
