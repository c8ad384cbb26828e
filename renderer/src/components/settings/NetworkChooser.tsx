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
import { TextField } from '../Field';
import { AlertRegion } from '../AlertMessage';

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

  // The two addresses of a network other than the sandbox, alike but for their words.
  const urlFields = [
    { id: 'network-rpc', label: 'RPC URL', value: rpcUrl, onText: setRpcUrl, hint: null },
    {
      id: 'network-swap',
      label: 'Swap API base URL',
      value: swapApiUrl,
      onText: setSwapApiUrl,
      hint: 'https is required, except for a service on this computer (127.0.0.1).',
    },
  ];
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
            {urlFields.map((field) => (
              <TextField
                key={field.id}
                id={field.id}
                label={field.label}
                type="url"
                value={field.value}
                required={choice === 'custom'}
                onText={field.onText}
              >
                {field.hint ? <p className="hint">{field.hint}</p> : null}
              </TextField>
            ))}
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
          <AlertRegion error={error} />
        </div>
      </form>
      {choice === 'mainnet' || choice === 'custom' ? (
        <ApiKeyField network={choice} isSet={chosen?.apiKeySet ?? false} />
      ) : null}
    </>
  );
}
