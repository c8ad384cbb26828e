/**
 * While a Ledger account's approval waits on the device (issue 17): **Confirm on your Ledger**,
 * and the message hash the device shows when it blind-signs, as main sent it (ledger.status),
 * so the person can compare the two before approving on the device.
 */
import { useState } from 'react';
import type { LedgerPromptView } from '../../../../preload/api-types';
import { callWallet } from '../../lib/wallet';
import { useInterval } from '../../lib/use-interval';

/** How often the prompt's hash is asked while shown. */
export const LEDGER_STATUS_POLL_MS = 400;

export function LedgerPrompt({ account }: { account: string }) {
  const [prompt, setPrompt] = useState<LedgerPromptView | null>(null);
  useInterval(() => {
    void callWallet((w) => w.ledger.status({})).then((result) => {
      if (result.ok)
        setPrompt(result.value.prompt?.account === account ? result.value.prompt : null);
    });
  }, LEDGER_STATUS_POLL_MS);
  return (
    <div className="ledger-prompt" role="status" aria-label="Ledger">
      <p className="ledger-prompt-title">
        <strong>Confirm on your Ledger</strong>
      </p>
      {prompt ? (
        <p>
          The device shows this message hash: check that it is the same, then approve there.{' '}
          <code className="ledger-hash">{prompt.messageHash}</code>
        </p>
      ) : (
        <p className="muted small">Sending the transaction to your Ledger…</p>
      )}
      <p className="muted small">
        A request on the device cannot be cancelled from Swapdesk: reject it on the Ledger if you do
        not want to sign.
      </p>
    </div>
  );
}
