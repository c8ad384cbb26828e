/**
 * The renderer's Content-Security-Policy, one string for every place that serves the page:
 * the Electron session (response header), renderer/index.html (meta tag, because file: loads
 * carry no headers) and the web preview server (response header).
 *
 * - script-src 'self': only the bundled scripts; no inline script, no eval.
 * - connect-src 'self': the renderer never talks to the network itself; in the web preview
 *   'self' is the loopback bridge endpoint, in Electron there is nothing to connect to.
 * - style-src 'self': the built CSS files; React's `style` prop goes through the CSSOM, which
 *   CSP does not restrict, so no 'unsafe-inline' is needed.
 * - img-src adds data: for generated images such as QR codes.
 * - everything else is 'none'; frame-ancestors only has effect as a header.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
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
