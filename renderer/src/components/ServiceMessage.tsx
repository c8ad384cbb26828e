/**
 * What a swap service said about a refusal, in its own words, behind a "Show the service's
 * message" disclosure (issue 32). Outside the alert: the alert's sentence is the wallet's own,
 * and a screen reader announcing it does not read the service's words as ours. Plain text only
 * (main sanitized and defanged it; React renders it as text): never a link.
 */
import type { BridgeError } from '../../../main/shared/result';

export function ServiceMessage({ error }: { error: BridgeError | null | undefined }) {
  const said = error?.serviceMessage;
  if (typeof said !== 'string' || said === '') return null;
  return (
    <details className="service-message">
      <summary>Show the service&apos;s message</summary>
      <p className="hint">
        The swap service&apos;s own words, as it sent them, with links disabled. Swapdesk never asks
        you to visit a site or to enter your recovery phrase.
      </p>
      <blockquote className="service-message-text">{said}</blockquote>
    </details>
  );
}
