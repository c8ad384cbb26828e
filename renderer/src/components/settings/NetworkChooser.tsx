/**
 * Choosing the network: Sandbox (the default, test funds only), Mainnet (RPC URL and swap API
 * URL, defaults filled in) or a custom network (any RPC endpoint and any swap service with the
 * v6 API shape). Networks this shell cannot use are shown disabled with main's reason.
 */
import { useState, type FormEvent } from 'react';
import type { NetworkChoiceView, NetworkId, SettingsView } from '../../../../preload/api-types';
import type { BridgeError } from '../../../../main/shared/result';
import { useSettingsStore } from '../../stores/settings-store';
import { ApiKeyField } from './ApiKeyField';

const DESCRIPTIONS: Record<NetworkId, string> = {
  sandbox: 'Sandbox — the default: a local test network with play money only.',
  mainnet: 'Mainnet — real funds on Solana.',
  custom: 'Custom — your own RPC endpoint and a swap service with the v6 API.',
};

export function NetworkChooser({ settings }: { settings: SettingsView }) {
  const setNetwork = useSettingsStore((s) => s.setNetwork);
  const [choice, setChoice] = useState<NetworkId>(settings.network.id);
  const chosen: NetworkChoiceView | undefined = settings.networks.find((n) => n.id === choice);
  const [rpcUrl, setRpcUrl] = useState(chosen?.rpcUrl ?? '');
  const [swapApiUrl, setSwapApiUrl] = useState(chosen?.swapApiUrl ?? '');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const pick = (id: NetworkId) => {
    setChoice(id);
    const next = settings.networks.find((n) => n.id === id);
    setRpcUrl(next?.rpcUrl ?? '');
    setSwapApiUrl(next?.swapApiUrl ?? '');
    setError(null);
    setDone(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    setDone(null);
    // A blank mainnet URL means "the default"; main checks every URL it is given.
    const urls = {
      ...(rpcUrl.trim() ? { rpcUrl: rpcUrl.trim() } : {}),
      ...(swapApiUrl.trim() ? { swapApiUrl: swapApiUrl.trim() } : {}),
    };
    const result = await setNetwork(
      choice === 'sandbox' ? { id: 'sandbox' } : { id: choice, ...urls },
    );
    setSaving(false);
    if (result.ok) setDone(`Now on ${result.value.network.label}.`);
    else setError(result.error);
  };

  return (
    <>
      <form
        className="form"
        onSubmit={(event) => void submit(event)}
        aria-labelledby="choose-network-title"
      >
        <h3 id="choose-network-title">Choose a network</h3>
        <fieldset className="fieldset">
          <legend className="visually-hidden">Network</legend>
          {settings.networks.map((n) => (
            <label
              key={n.id}
              className={n.available ? 'check network-choice' : 'check network-choice muted'}
            >
              <input
                type="radio"
                name="network"
                value={n.id}
                checked={choice === n.id}
                disabled={!n.available}
                onChange={() => pick(n.id)}
              />
              <span>
                {DESCRIPTIONS[n.id]}
                {n.id === settings.network.id ? <span className="tag">Current</span> : null}
                {!n.available && n.unavailableReason ? (
                  <span className="hint network-reason">{n.unavailableReason}</span>
                ) : null}
              </span>
            </label>
          ))}
        </fieldset>
        {choice !== 'sandbox' ? (
          <>
            <div className="field">
              <label htmlFor="network-rpc">RPC URL</label>
              <input
                id="network-rpc"
                className="input"
                type="url"
                value={rpcUrl}
                required={choice === 'custom'}
                onChange={(event) => setRpcUrl(event.target.value)}
              />
            </div>
            <div className="field">
              <label htmlFor="network-swap">Swap API base URL</label>
              <input
                id="network-swap"
                className="input"
                type="url"
                value={swapApiUrl}
                required={choice === 'custom'}
                onChange={(event) => setSwapApiUrl(event.target.value)}
              />
              <p className="hint">
                https is required, except for a service on this computer (127.0.0.1).
              </p>
            </div>
          </>
        ) : null}
        <div className="actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={saving || chosen?.available === false}
          >
            {saving ? 'Switching…' : 'Use this network'}
          </button>
        </div>
        {/* One flex item for both live regions: empty, they take no room in the form. */}
        <div>
          <div role="status" className="status-line">
            {done}
          </div>
          <div role="alert" className={error ? 'alert' : 'alert alert-empty'}>
            {error?.message}
          </div>
        </div>
      </form>
      {choice === 'mainnet' || choice === 'custom' ? (
        <ApiKeyField network={choice} isSet={chosen?.apiKeySet ?? false} />
      ) : null}
    </>
  );
}
