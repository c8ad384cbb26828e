/**
 * Text that came from the swap service is untrusted: it may be long, hold control or
 * bidirectional-override characters, or try to look like wallet text. These helpers make it
 * safe to show inside a message of ours.
 */

const MAX_SERVICE_TEXT = 200;
const MAX_SERVICE_CODE = 64;

// C0/C1 controls, and the bidi embedding/override/isolate marks that can reorder what a person
// reads (e.g. make an address or amount look different from what it is).
// eslint-disable-next-line no-control-regex
const UNSAFE_CHARS = /[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Makes service-provided text displayable: control and bidi characters become spaces,
 * whitespace collapses, and the result is capped at 200 characters with an ellipsis.
 * @example sanitizeServiceText('bad\u0000thing\n\n') // 'bad thing'
 */
export function sanitizeServiceText(text: unknown): string {
  if (typeof text !== 'string') return '';
  const clean = text.replace(UNSAFE_CHARS, ' ').replace(/\s+/g, ' ').trim();
  return clean.length > MAX_SERVICE_TEXT ? `${clean.slice(0, MAX_SERVICE_TEXT - 1)}…` : clean;
}

/**
 * A service error code reduced to the characters codes are made of, or undefined when
 * nothing usable is left.
 * @example sanitizeServiceCode('NO_ROUTES_FOUND') // 'NO_ROUTES_FOUND'
 */
export function sanitizeServiceCode(code: unknown): string | undefined {
  if (typeof code !== 'string') return undefined;
  const clean = code.replace(/[^A-Za-z0-9_.-]/g, '').slice(0, MAX_SERVICE_CODE);
  return clean === '' ? undefined : clean;
}

/**
 * A base URL as it may appear in a message: scheme, host and path only. User info and query
 * strings are dropped because people paste keys into URLs (`?api-key=...`).
 */
export function displayBaseUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return 'the configured swap service';
  }
}
