/**
 * The swap API key of a network: write-only. The key typed here goes to main, which keeps it
 * in the OS keychain; the field is cleared at once and only "a key is stored" is ever shown.
 */
import { useId, useState } from 'react';
import type { BridgeError } from '../../../../main/shared/result';
import { useSettingsStore } from '../../stores/settings-store';
import { AlertRegion } from '../AlertMessage';

export function ApiKeyField({ network, isSet }: { network: 'mainnet' | 'custom'; isSet: boolean }) {
  const setApiKey = useSettingsStore((s) => s.setApiKey);
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const save = async (key: string | null) => {
    setBusy(true);
    setError(null);
    setDone(null);
    const result = await setApiKey(key, network);
    setBusy(false);
    setText(''); // never keep the key in the page longer than needed
    if (result.ok) setDone(key === null ? 'API key removed.' : 'API key saved in the keychain.');
    else setError(result.error);
  };

  return (
    <div className="field api-key">
      <label htmlFor={id}>API key (optional)</label>
      <input
        id={id}
        className="input"
        type="password"
        autoComplete="off"
        spellCheck={false}
        value={text}
        placeholder={isSet ? 'A key is stored — type a new one to replace it' : 'No key stored'}
        onChange={(event) => setText(event.target.value)}
      />
      <p className="hint">
        Sent as x-api-key to the swap service. Kept in your system keychain; Swapdesk never shows it
        again.
      </p>
      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={busy || text.trim() === ''}
          onClick={() => void save(text.trim())}
        >
          Save API key
        </button>
        {isSet ? (
          <button
            type="button"
            className="button button-danger"
            disabled={busy}
            onClick={() => void save(null)}
          >
            Remove API key
          </button>
        ) : null}
      </div>
      <div role="status" className="status-line">
        {done ?? (isSet ? 'An API key is stored for this network.' : null)}
      </div>
      <AlertRegion error={error} />
    </div>
  );
}
