/**
 * Text that came from the swap service is untrusted: it may be long, hold control or
 * bidirectional-override characters, or try to look like wallet text (issue 32). Its words never
 * go inside a message of ours: they travel as `serviceMessage`, sanitized; a code and a base URL
 * are reduced to what they are made of before they are named in one.
 */

const MAX_SERVICE_CODE = 64;

/** The service's text for the disclosure beside an alert (main/shared/service-message.ts). */
export { sanitizeServiceText } from '../shared/service-message';

/**
 * A service error code reduced to the characters codes are made of, or undefined when
 * nothing usable is left.
 * @example sanitizeServiceCode('NO_ROUTES_FOUND') // 'NO_ROUTES_FOUND'
 */
export function sanitizeServiceCode(code: unknown): string | undefined {
  if (typeof code !== 'string') return undefined;
  const clean = code.replace(/[^A-Za-z0-9_-]/g, '').slice(0, MAX_SERVICE_CODE);
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
