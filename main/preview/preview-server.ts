/**
 * The web preview's HTTP server on 127.0.0.1: the built renderer, /preview-bridge.js, and the
 * bridge endpoint backed by the real main-process handlers.
 */
import { createServer, type Server } from 'node:http';
import { SERVER_TIMEOUTS } from '../shared/request-timeouts';
import type { AddressInfo } from 'node:net';
import type { Handlers } from '../bridge/handler-types';
import { createHttpTransport, newBridgeToken, previewSenderPolicy } from '../bridge/http-transport';
import { createRegistry, type ResponseObserver } from '../bridge/registry';
import { bridgeScriptSource } from './bridge-script';
import { PAGE_HEADERS, createStaticFiles } from './static-files';

export interface PreviewServerOptions {
  rendererDir: string;
  handlers: Handlers;
  /** 0 picks a free port. */
  port: number;
  onResponse?: ResponseObserver;
  logError?: (message: string) => void;
}

export interface PreviewServer {
  /** http://127.0.0.1:P */
  origin: string;
  token: string;
  /** The address to open: origin plus the token in the fragment. */
  url: string;
  close(): Promise<void>;
}

/**
 * Starts the server and resolves once it listens.
 *
 * @example
 * const server = await startPreviewServer({ rendererDir, handlers, port: 0 });
 * console.log(server.url); // http://127.0.0.1:41234/#token=...
 */
export async function startPreviewServer(options: PreviewServerOptions): Promise<PreviewServer> {
  const token = newBridgeToken();
  let origin = '';
  const registry = createRegistry({
    handlers: options.handlers,
    policy: previewSenderPolicy(() => origin),
    onResponse: options.onResponse,
    logError: options.logError,
  });
  const transport = createHttpTransport({ registry, token, origin: () => origin });
  const serveStatic = createStaticFiles(options.rendererDir, bridgeScriptSource(registry.methods));

  // Requests are small and local: one that stalls (a body announced and never sent) is cut off
  // in seconds, and cannot hold the server open on shutdown.
  const server: Server = createServer(SERVER_TIMEOUTS, (req, res) => {
    // Only our own host name: a page on a DNS name rebound to 127.0.0.1 gets nothing.
    if (req.headers.host !== new URL(origin).host) {
      res.writeHead(421, { ...PAGE_HEADERS, 'content-type': 'text/plain; charset=utf-8' });
      res.end('Misdirected request\n');
      return;
    }
    if (transport.handle(req, res)) return;
    serveStatic(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;

  return {
    origin,
    token,
    url: `${origin}/#token=${token}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
