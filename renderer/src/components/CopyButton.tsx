/**
 * **Copy address**: puts an address on the clipboard and says so for a moment. The visible
 * text is also the accessible name; `describedBy` ties it to the account it belongs to.
 */
import { useEffect, useState } from 'react';

export interface CopyButtonProps {
  text: string;
  describedBy?: string;
  label?: string;
}

export function CopyButton({ text, describedBy, label = 'Copy address' }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      // The clipboard can be refused (no focus, permissions); the address stays selectable.
      setState('failed');
    }
  };

  return (
    <span className="copy">
      <button
        type="button"
        className="button button-small"
        aria-describedby={describedBy}
        onClick={copy}
      >
        {label}
      </button>
      <span role="status" className="copy-status">
        {state === 'copied'
          ? 'Copied'
          : state === 'failed'
            ? 'Could not copy: select the address instead'
            : ''}
      </span>
    </span>
  );
}
