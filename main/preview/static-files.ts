/**
 * Serves the built renderer (out/renderer) for the web preview: only files inside that folder,
 * GET and HEAD only, with the app's CSP and the bridge script written into index.html ahead of
 * the app's own scripts (allowed by its hash, issue 26). /preview-bridge.js still answers the
 * same bytes as a plain file: bench/paint.ts loads it as its same-run static-file baseline.
 */
import { readFile, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import {
  allowInlineScript,
  allowScriptHash,
  CONTENT_SECURITY_POLICY,
  scriptHashSource,
} from '../window/content-security-policy';
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
 * Writes the bridge script into the page itself, ahead of the page's first style sheet (or at
 * the end of <head>), and lets it run by its hash in the page's CSP meta tag (issue 26).
 * Inline, it runs while the page is parsed, before any other request has come back: the first
 * screen's bridge call goes out at once, while the app's own script is still on its way, and
 * `window.wallet` is there before the app's first line (module scripts run after parsing).
 * After the app's script tags, so their requests leave first; before the style sheet, which a
 * script after it would wait for. An external script was either deferred (it waited for the
 * page to be parsed and its style sheets) or blocked the parser, and Chromium then fetched the
 * app's script only after it.
 */
export function injectBridgeScript(html: string, source: string): string {
  const { html: page, tag } = allowInlineScript(html, source, 'The bridge script');
  const at = page.search(/<link\b[^>]*rel="?stylesheet|<\/head>/i);
  if (at < 0) return `${tag}\n${page}`;
  return `${page.slice(0, at)}${tag}\n    ${page.slice(at)}`;
}

function send(
  res: ServerResponse,
  status: number,
  type: string,
  body: string | Buffer,
  head: boolean,
  headers: Record<string, string> = PAGE_HEADERS,
): void {
  res.writeHead(status, {
    ...headers,
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  });
  res.end(head ? undefined : body);
}

/**
 * A `Link` header naming the page's first script, its module preloads and its style sheets, as
 * index.html names them (issue 26): Chromium starts those requests when the response arrives,
 * before the page's script context is made and its HTML parsed (about 12 ms sooner in a trace).
 */
export function preloadLinks(html: string): string {
  const links: string[] = [];
  const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]+)"`).exec(tag)?.[1];
  for (const [tag] of html.matchAll(/<script\b[^>]*>|<link\b[^>]*>/gi)) {
    const crossorigin = /\scrossorigin\b/.test(tag) ? '; crossorigin=anonymous' : '';
    if (tag.startsWith('<script') && attr(tag, 'type') === 'module' && attr(tag, 'src')) {
      links.push(`<${attr(tag, 'src')}>; rel=modulepreload`);
    } else if (attr(tag, 'rel') === 'modulepreload' && attr(tag, 'href')) {
      links.push(`<${attr(tag, 'href')}>; rel=modulepreload`);
    } else if (attr(tag, 'rel') === 'stylesheet' && attr(tag, 'href')) {
      links.push(`<${attr(tag, 'href')}>; rel=preload; as=style${crossorigin}`);
    }
  }
  return links.join(', ');
}

/**
 * Creates the static handler over `rendererDir`; `bridgeScript` is the bridge script's source,
 * written into the page and served at /preview-bridge.js.
 */
export function createStaticFiles(rendererDir: string, bridgeScript: string) {
  const root = normalize(rendererDir);
  // The page's own headers: the same CSP, plus the inline bridge script's hash.
  const pageHeaders = {
    ...PAGE_HEADERS,
    'content-security-policy': allowScriptHash(
      CONTENT_SECURITY_POLICY,
      scriptHashSource(bridgeScript),
    ),
  };

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
      const html = body.toString('utf8');
      const page = injectBridgeScript(html, bridgeScript);
      const link = preloadLinks(html);
      send(res, 200, TYPES['.html']!, page, head, link ? { ...pageHeaders, link } : pageHeaders);
      return;
    }
    send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', body, head);
  };
}
