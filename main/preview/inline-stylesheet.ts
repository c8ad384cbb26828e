/**
 * The preview's page carries its first style sheet inline (issue 36, first usable paint). The
 * welcome drawn before React (main/shared/first-screen.ts) is an inline script after the
 * page's style sheet, and a script waits for the style sheets above it: over the loopback, in a
 * fresh browser context, the sheet's request queued behind the app's script and app.start, and
 * the welcome waited for it. Inline, the 10 KB of CSS come with the page and the welcome is
 * drawn as soon as app.start answers. Allowed by its hash in style-src ('self' stays, for the
 * screens' own sheets loaded later), exactly as the bridge script is by its hash in script-src.
 *
 * Only what reads the same inline: a sheet with a relative url() (resolved against the page
 * instead of the sheet) or with text that would end the <style> element stays a link.
 */
import { allowStyleHash, editMetaPolicy, hashSource } from '../window/content-security-policy';

const STYLESHEET_LINK = /<link\b[^>]*\brel="?stylesheet"?[^>]*>/i;

/** The href of the page's first `<link rel="stylesheet">`, or null. */
export function firstStylesheetHref(html: string): string | null {
  const tag = STYLESHEET_LINK.exec(html)?.[0];
  return tag ? (/\shref="([^"]+)"/.exec(tag)?.[1] ?? null) : null;
}

/** Whether `css` means the same written into the page as it does as its own file. */
export function inlinable(css: string): boolean {
  if (/<\/style/i.test(css)) return false;
  for (const match of css.matchAll(/url\(\s*(['"]?)([^'")]*)\1\s*\)/gi)) {
    if (!/^(data:|#)/i.test(match[2]!.trim())) return false;
  }
  return true;
}

/**
 * `html` with its first style sheet link replaced by `<style>css</style>` and the sheet's hash
 * added to the style-src of its CSP meta tag; `hash` is that CSP source, for the page's header.
 * Null when the page has no such link or the sheet must stay a file (see `inlinable`).
 */
export function inlineFirstStylesheet(
  html: string,
  css: string,
): { html: string; hash: string } | null {
  if (!STYLESHEET_LINK.test(html) || !inlinable(css)) return null;
  const hash = hashSource(css);
  const page = editMetaPolicy(
    html.replace(STYLESHEET_LINK, () => `<style>${css}</style>`),
    (policy) => allowStyleHash(policy, hash),
  );
  return { html: page, hash };
}
