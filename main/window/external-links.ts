/**
 * Which links may leave the app for the system browser: https pages of a few block explorers,
 * nothing else. Every other URL (http, javascript:, file:, other hosts, look-alike hosts,
 * URLs with credentials or odd ports) is refused.
 */
import { hasCredentials, urlOrNull } from '../shared/url-text';

/** Block explorers a transaction or address link may open. Exact host names only. */
export const EXPLORER_HOSTS: readonly string[] = ['explorer.solana.com', 'solscan.io', 'solana.fm'];

const MAX_URL_LENGTH = 2048;

/** `url` parsed, or null when it is not text, too long, holds what the parser drops, or is no URL. */
function plainUrl(url: unknown): URL | null {
  if (typeof url !== 'string' || url.length > MAX_URL_LENGTH) return null;
  // Control characters and whitespace are stripped by the URL parser, which would let a
  // string that looks different from what is opened pass; refuse them outright.
  for (const char of url) {
    const code = char.charCodeAt(0);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f) || char === '\\') return null;
  }
  return urlOrNull(url);
}

/**
 * True when `url` may be handed to `shell.openExternal`.
 *
 * @example
 * isAllowedExternalUrl('https://explorer.solana.com/tx/5h...') // true
 * isAllowedExternalUrl('https://explorer.solana.com@evil.example/') // false
 */
export function isAllowedExternalUrl(url: unknown): boolean {
  const parsed = plainUrl(url);
  if (parsed === null) return false;
  if (parsed.protocol !== 'https:') return false;
  if (hasCredentials(parsed)) return false;
  if (parsed.port !== '') return false;
  return EXPLORER_HOSTS.includes(parsed.hostname);
}

/**
 * True when a merchant's redirect (Solana Pay v1.1 `redirect`, issue 34) may be handed to
 * `shell.openExternal` once its payment is confirmed: an https page of any host (the merchant
 * chose it; SPEC1.1.md asks the wallet to open it in a browser), with the same refusals of
 * control characters, credentials and unparsable text as the explorers' links. Plain http only
 * to this machine's loopback, and only when `loopbackAllowed` (the sandbox's own merchant).
 */
export function isAllowedMerchantRedirect(url: unknown, loopbackAllowed = false): boolean {
  const parsed = plainUrl(url);
  if (parsed === null) return false;
  if (hasCredentials(parsed)) return false;
  if (parsed.protocol === 'https:') return true;
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(parsed.hostname);
  return loopbackAllowed && parsed.protocol === 'http:' && loopback;
}
