/**
 * A service's own words (a swap service's `error`, `message` or `errorMessage`) are untrusted:
 * 200 characters hold a phishing line ("Your wallet is compromised. Visit https://… to restore
 * it", issue 32). The wallet never puts them in an alert's sentence; they travel beside it as
 * `serviceMessage` (WalletError, BridgeError) and are shown only behind a "Show the service's
 * message" disclosure, as plain text made here: no control or bidi characters, links defanged
 * (`hxxps[:]//host[.]example`) so nothing reads or copies as an address to open, and capped.
 * Pure and Node-free: main, the bridge contract and the renderer share it.
 */

/** The longest service message shown, ellipsis included. */
export const MAX_SERVICE_MESSAGE = 200;

// C0/C1 controls, zero-width characters, and the bidi embedding/override/isolate marks that can
// reorder what a person reads (make an address or amount look different from what it is).
const UNSAFE_CHARS =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g;

// Characters that read as a dot in a host name ("jup-support．example").
const DOT_LOOKALIKES = /[\u2024\u3002\ufe52\uff0e\uff61]/g;

// "https://", "hxxp://"-like schemes, "www." and any name.name.tld or dotted IPv4 address.
const SCHEME = /\b([a-z][a-z0-9+.-]{0,15}):\/\//gi;
const DOTTED_NAME = /\b(?:[a-z0-9-]+\.)+[a-z]{2,63}\b|\b\d{1,3}(?:\.\d{1,3}){3}\b/gi;

/** Makes links inert: `https://a.example/x` becomes `hxxps[:]//a[.]example/x`. */
function defang(text: string): string {
  return text
    .replace(SCHEME, (_, scheme: string) => `${scheme.replace(/t/gi, 'x')}[:]//`)
    .replace(DOTTED_NAME, (name) => name.replace(/\./g, '[.]'));
}

/**
 * A service's text as the disclosure may show it: control, zero-width and bidi characters become
 * spaces, whitespace collapses, links are defanged, and the result is capped at 200 characters
 * with an ellipsis. Idempotent: text it made passes it unchanged (isServiceMessage).
 * @example sanitizeServiceText('Visit https://jup-support.example\u202e now') // 'Visit hxxps[:]//jup-support[.]example now'
 */
export function sanitizeServiceText(text: unknown): string {
  if (typeof text !== 'string') return '';
  let out = text.replace(UNSAFE_CHARS, ' ').replace(DOT_LOOKALIKES, '.').replace(/\s+/g, ' ');
  // Capping can leave a new name at the cut ("a.bc9" cut to "a.bc…"): repeat until nothing moves.
  for (let round = 0; round < 4; round += 1) {
    const next = cap(defang(out).trim());
    if (next === out) break;
    out = next;
  }
  return out;
}

function cap(text: string): string {
  return text.length > MAX_SERVICE_MESSAGE ? `${text.slice(0, MAX_SERVICE_MESSAGE - 1)}…` : text;
}

/** The longest service label (a venue's or program's name) shown, ellipsis included. */
export const MAX_SERVICE_LABEL = 48;

/**
 * A name a service gives (a venue label from /program-id-to-label or a route's `label`), made
 * inert as sanitizeServiceText makes it and kept to 48 characters; undefined when empty.
 * @example sanitizeServiceLabel('Whirlpool') // 'Whirlpool'
 */
export function sanitizeServiceLabel(text: unknown): string | undefined {
  const clean = sanitizeServiceText(text);
  if (clean === '') return undefined;
  return clean.length > MAX_SERVICE_LABEL ? `${clean.slice(0, MAX_SERVICE_LABEL - 1)}…` : clean;
}

/** True for non-empty text that sanitizeServiceText leaves as it is: safe to show as made. */
export function isServiceMessage(text: unknown): text is string {
  return typeof text === 'string' && text !== '' && sanitizeServiceText(text) === text;
}
