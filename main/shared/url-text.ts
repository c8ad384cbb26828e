/**
 * Reading a URL someone else wrote (a merchant, a token list, the settings, the renderer's
 * frame): every reader wants null instead of the parser's exception, and the same page key.
 */

/**
 * `text` as a URL, or null when it does not parse.
 *
 * @example urlOrNull('not a url') // null
 */
export function urlOrNull(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/** True when the URL carries a user name or a password: such a URL is never called or opened. */
export function hasCredentials(url: URL): boolean {
  return url.username !== '' || url.password !== '';
}

/**
 * Scheme, host and path of a URL, without query or fragment (the renderer may route with
 * them); null when it does not parse.
 *
 * @example pageOf('app://index.html/#/swap') // 'app://index.html/'
 */
export function pageOf(url: string): string | null {
  const parsed = urlOrNull(url);
  return parsed === null ? null : `${parsed.protocol}//${parsed.host}${parsed.pathname}`;
}
