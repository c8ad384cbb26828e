/**
 * **Copy** for a secret (a recovery phrase, an exported key; issue 24): puts it on the
 * clipboard, and 60 s later empties the clipboard again, so the secret does not wait there for
 * the next paste. The desktop app's renderer can write the clipboard while it has focus.
 */
import { useEffect, useRef, useState } from 'react';

export const CLEAR_CLIPBOARD_MS = 60_000;

export function SecretCopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void navigator.clipboard.writeText('').catch(() => undefined);
        setState('idle');
      }, CLEAR_CLIPBOARD_MS);
    } catch {
      setState('failed');
    }
  };

  return (
    <span className="copy">
      <button type="button" className="button button-small" onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="muted small">
        {state === 'copied'
          ? ' Copied. The clipboard is emptied in 60 seconds.'
          : state === 'failed'
            ? ' Could not copy: write it down from the screen.'
            : ''}
      </span>
    </span>
  );
}
