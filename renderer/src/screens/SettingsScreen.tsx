/**
 * Settings: the network every screen is on (from `app.info`), choosing another one
 * (`settings.get` / `settings.setNetwork`, with the write-only swap API key), and what the app
 * knows about itself.
 */
import { useEffect } from 'react';
import { useAppStore } from '../stores/app-store';
import { useSettingsStore } from '../stores/settings-store';
import { networkWording } from '../components/NetworkBadge';
import { NetworkChooser } from '../components/settings/NetworkChooser';
import { SwapPathSetting } from '../components/settings/SwapPathSetting';
import { ScreenHeading } from './ScreenHeading';
import '../styles/swap.css';

export function SettingsScreen() {
  const info = useAppStore((s) => s.info);
  const infoError = useAppStore((s) => s.infoError);
  const loadInfo = useAppStore((s) => s.loadInfo);
  const settings = useSettingsStore((s) => s.settings);
  const settingsError = useSettingsStore((s) => s.error);
  const loadSettings = useSettingsStore((s) => s.load);

  useEffect(() => {
    void loadSettings();
  }, [loadSettings]);

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
        {settings ? (
          <NetworkChooser settings={settings} />
        ) : settingsError ? (
          <p role="alert">{settingsError.message}</p>
        ) : (
          <p className="muted">Loading the network choices…</p>
        )}
      </section>
      {info?.network.swapApiFlavour === 'swap-v2' ? (
        <SwapPathSetting networkKey={`${info.network.id} ${info.network.swapApiUrl}`} />
      ) : null}
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
