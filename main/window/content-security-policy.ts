import { createHash } from 'node:crypto';
import { FIRST_SCREEN_SCRIPT } from '../shared/first-screen';

/** The CSP source that lets exactly this inline script run, and nothing else inline. */
export function scriptHashSource(source: string): string {
  return `'sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}'`;
}

/** `policy` with `hashSource` added to its script-src (which keeps 'self'). */
export function allowScriptHash(policy: string, hashSource: string): string {
  if (!/script-src 'self'/.test(policy)) throw new Error('The CSP has no script-src to extend');
  return policy.replace("script-src 'self'", `script-src 'self' ${hashSource}`);
}

const CSP_META = /(<meta\s+http-equiv="Content-Security-Policy"\s+content=")([^"]*)(")/i;

/** Whether `html` has a CSP meta tag (the page's own policy, for file: loads). */
export function hasCspMeta(html: string): boolean {
  return CSP_META.test(html);
}

/**
 * Lets `source` run inline in `html`: its hash added to the script-src of the page's CSP meta
 * tag (a page without one is left as it is), and the `<script>` tag to write into the page.
 * Throws when `source` cannot be inlined as it is (`what` names it in the message).
 */
export function allowInlineScript(
  html: string,
  source: string,
  what: string,
): { html: string; tag: string } {
  // Any of these would change how the HTML parser reads the script's text.
  if (/<\/script|<!--|<script/i.test(source)) {
    throw new Error(`${what} cannot be inlined as it is`);
  }
  const hash = scriptHashSource(source);
  return {
    html: html.replace(
      CSP_META,
      (_all, open: string, policy: string, close: string) =>
        `${open}${allowScriptHash(policy, hash)}${close}`,
    ),
    tag: `<script>${source}</script>`,
  };
}

/** The first screen's inline script (issue 26), the one inline script the app's page runs. */
export const FIRST_SCREEN_HASH_SOURCE = scriptHashSource(FIRST_SCREEN_SCRIPT);

/**
 * The renderer's Content-Security-Policy, one string for every place that serves the page:
 * the Electron session (response header), renderer/index.html (meta tag, because file: loads
 * carry no headers) and the web preview server (response header).
 *
 * - script-src 'self' and one hash: the bundled scripts, and of inline scripts only the first
 *   screen's (main/shared/first-screen.ts, issue 26), by the sha256 of its exact bytes; no eval.
 * - connect-src 'self': the renderer never talks to the network itself; in the web preview
 *   'self' is the loopback bridge endpoint, in Electron there is nothing to connect to.
 * - style-src 'self': the built CSS files; React's `style` prop goes through the CSSOM, which
 *   CSP does not restrict, so no 'unsafe-inline' is needed.
 * - img-src adds data: for generated images such as QR codes.
 * - everything else is 'none'; frame-ancestors only has effect as a header.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `script-src 'self' ${FIRST_SCREEN_HASH_SOURCE}`,
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** The same policy without the directives a meta tag ignores (frame-ancestors). */
export const CONTENT_SECURITY_POLICY_META = CONTENT_SECURITY_POLICY.split('; ')
  .filter((directive) => !directive.startsWith('frame-ancestors'))
  .join('; ');
