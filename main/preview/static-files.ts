/**
 * Serves the built renderer (out/renderer) for the web preview: only files inside that folder,
 * GET and HEAD only, with the app's CSP and the bridge script injected into index.html ahead of
 * the app's own scripts.
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { CONTENT_SECURITY_POLICY } from '../window/content-security-policy';
import { BRIDGE_SCRIPT_PATH } from './bridge-script';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

/** Headers on every page response of the preview. */
export const PAGE_HEADERS: Record<string, string> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * Puts the bridge script ahead of the page's first script (or at the end of <head>), deferred:
 * deferred and module scripts run in document order once the page is parsed, so `window.wallet`
 * is there before the app's first line, while the browser fetches both scripts at once rather
 * than stopping the parser until the bridge script has arrived (issue 26).
 */
export function injectBridgeScript(html: string): string {
  const tag = `<script defer src="${BRIDGE_SCRIPT_PATH}"></script>`;
  const at = html.search(/<script\b|<\/head>/i);
  if (at < 0) return `${tag}\n${html}`;
  return `${html.slice(0, at)}${tag}\n    ${html.slice(at)}`;
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  head: boolean,
): void {
  res.writeHead(status, {
    ...PAGE_HEADERS,
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(head ? undefined : body);
}

/**
 * Creates the static handler over `rendererDir`; `bridgeScript` is the /preview-bridge.js body.
 */
export function createStaticFiles(rendererDir: string, bridgeScript: string) {
  const root = normalize(rendererDir);

  async function fileFor(pathname: string): Promise<string | null> {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const candidate = normalize(join(root, decoded));
    if (candidate !== root && !candidate.startsWith(root + sep)) return null;
    try {
      const info = await stat(candidate);
      if (info.isFile()) return candidate;
    } catch {
      // Not there: maybe a client-side route, handled below.
    }
    return null;
  }

  return async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const head = req.method === 'HEAD';
    if (req.method !== 'GET' && !head) {
      send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed\n', head);
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://preview.invalid').pathname;
    if (pathname === BRIDGE_SCRIPT_PATH) {
      send(res, 200, TYPES['.js']!, bridgeScript, head);
      return;
    }
    const isIndex = pathname === '/' || pathname === '/index.html';
    // Paths without an extension are app routes: answered with the app page.
    const file =
      isIndex || extname(pathname) === '' ? join(root, 'index.html') : await fileFor(pathname);
    if (!file) {
      send(res, 404, 'text/plain; charset=utf-8', 'Not found\n', head);
      return;
    }
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      send(
        res,
        404,
        'text/plain; charset=utf-8',
        'Not found (is the renderer built? run npx electron-vite build)\n',
        head,
      );
      return;
    }
    if (file.endsWith('index.html')) {
      send(res, 200, TYPES['.html']!, injectBridgeScript(body.toString('utf8')), head);
      return;
    }
    send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', body, head);
  };
}
