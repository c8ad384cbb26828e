/**
 * Settings, **Swap path** (issue 22): on a network whose swap service is the Swap API v2, the
 * person chooses how swaps are made. **Router** (the default): the swap service returns the
 * swap's instructions, Swapdesk builds the transaction and sends it through your network
 * connection. **Best price (Meta-Aggregator)**: every router competes, market makers included,
 * and the swap service lands the transaction you signed. Not shown on other services.
 */
import { useEffect, useId, useState } from 'react';
import type { SwapPath, SwapPathView } from '../../../../preload/api-types';
import type { BridgeError } from '../../../../main/shared/result';
import { callWallet } from '../../lib/wallet';

const CHOICES: { path: SwapPath; label: string; hint: string }[] = [
  {
    path: 'router',
    label: 'Router',
    hint: 'Swapdesk builds the transaction from the swap service’s instructions and sends it through your network connection.',
  },
  {
    path: 'meta-aggregator',
    label: 'Best price (Meta-Aggregator)',
    hint: 'Every router competes, market makers included; the swap service lands the transaction you signed, and Swapdesk checks it on the network.',
  },
];

export function SwapPathSetting({ networkKey }: { networkKey: string }) {
  const [view, setView] = useState<SwapPathView | null>(null);
  const [error, setError] = useState<BridgeError | null>(null);
  const [busy, setBusy] = useState(false);
  const name = useId();

  useEffect(() => {
    let live = true;
    void callWallet((wallet) => wallet.swapPath.get({})).then((result) => {
      if (!live) return;
      if (result.ok) setView(result.value);
      else setError(result.error);
    });
    return () => {
      live = false;
    };
  }, [networkKey]);

  if (view === null || !view.offered) {
    return error ? <p role="alert">{error.message}</p> : null;
  }
  const choose = async (path: SwapPath) => {
    const before = view;
    // Shown at once; put back when main refuses.
    setView({ ...view, path });
    setBusy(true);
    setError(null);
    const result = await callWallet((wallet) => wallet.swapPath.set({ path }));
    setBusy(false);
    if (result.ok) setView(result.value);
    else {
      setView(before);
      setError(result.error);
    }
  };
  return (
    <section className="card" aria-labelledby={`${name}-title`}>
      <h2 id={`${name}-title`} className="card-title">
        Swap path
      </h2>
      <fieldset className="fieldset" disabled={busy}>
        <legend className="visually-hidden">Swap path</legend>
        {CHOICES.map((choice) => (
          <label key={choice.path} className="check">
            <input
              type="radio"
              name={name}
              value={choice.path}
              checked={view.path === choice.path}
              onChange={() => void choose(choice.path)}
            />
            {choice.label}
            <span className="hint"> — {choice.hint}</span>
          </label>
        ))}
      </fieldset>
      {error ? <p role="alert">{error.message}</p> : null}
    </section>
  );
}
