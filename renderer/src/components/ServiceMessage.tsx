/**
 * What a swap service said about a refusal, in its own words, behind a "Show the service's
 * message" disclosure (issue 32); what the network said (an RPC's error text, the log lines a
 * transaction's programs write as they like), behind "Show the network's message"; or the
 * sandbox faucet's answer, behind "Show the faucet's message". Outside the alert: the alert's sentence is the wallet's own, and a screen reader
 * announcing it does not read someone else's words as ours. Plain text only (main sanitized and
 * defanged it; React renders it as text): never a link.
 */
import type { BridgeError, ServiceSource } from '../../../main/shared/result';

/** Whose words the disclosure holds: the swap service's unless a bridge error says otherwise. */
export type MessageSource = 'service' | ServiceSource;

const WORDS: Record<MessageSource, { summary: string; hint: string }> = {
  service: {
    summary: "Show the service's message",
    hint: "The swap service's own words, as it sent them, with links disabled.",
  },
  network: {
    summary: "Show the network's message",
    hint: 'What the network said, with links disabled. Log lines in it are written by the programs of the transaction, so whoever built the transaction chose them.',
  },
  faucet: {
    summary: "Show the faucet's message",
    hint: "The sandbox faucet's own words, as it sent them, with links disabled.",
  },
};

export function ServiceMessage({
  error,
  text,
  from,
}: {
  error?: BridgeError | null | undefined;
  /** The sanitized text itself, where it does not come with a bridge error. */
  text?: string | null | undefined;
  /** Whose words `text` holds; a bridge error names its own (serviceFrom). */
  from?: MessageSource;
}) {
  const said = text ?? error?.serviceMessage;
  if (typeof said !== 'string' || said === '') return null;
  const words = WORDS[from ?? error?.serviceFrom ?? 'service'];
  return (
    <details className="service-message">
      <summary>{words.summary}</summary>
      <p className="hint">
        {words.hint} Swapdesk never asks you to visit a site or to enter your recovery phrase.
      </p>
      <blockquote className="service-message-text">{said}</blockquote>
    </details>
  );
}
