/** What the app knows about itself and its network, from `app.info`. */
import { useAppStore } from '../stores/app-store';
import { networkWording } from '../components/NetworkBadge';
import { ScreenHeading } from './ScreenHeading';

export function SettingsScreen() {
  const info = useAppStore((s) => s.info);
  const infoError = useAppStore((s) => s.infoError);
  const loadInfo = useAppStore((s) => s.loadInfo);
  return (
    <>
      <ScreenHeading>Settings</ScreenHeading>
      <section className="card" aria-labelledby="network-settings-title">
        <h2 id="network-settings-title" className="card-title">
          Network
        </h2>
        {info ? (
          <dl className="facts">
            <dt>Network</dt>
            <dd>{info.network.label}</dd>
            <dt>Kind</dt>
            <dd>{networkWording(info)}</dd>
            <dt>RPC address</dt>
            <dd className="address">{info.network.rpcUrl}</dd>
            <dt>Swap API address</dt>
            <dd className="address">{info.network.swapApiUrl}</dd>
          </dl>
        ) : (
          <>
            <p role="alert">{infoError ? infoError.message : 'Loading network information…'}</p>
            <button type="button" className="button" onClick={() => void loadInfo()}>
              Try again
            </button>
          </>
        )}
        <p className="muted small">Choosing another network arrives with the swap release.</p>
      </section>
      {info ? (
        <section className="card" aria-labelledby="about-title">
          <h2 id="about-title" className="card-title">
            About
          </h2>
          <dl className="facts">
            <dt>Version</dt>
            <dd>{info.version}</dd>
            <dt>Running in</dt>
            <dd>{info.shell === 'electron' ? 'The Swapdesk app' : 'The web preview'}</dd>
          </dl>
        </section>
      ) : null}
    </>
  );
}
