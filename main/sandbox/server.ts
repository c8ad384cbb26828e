/**
 * The sandbox's HTTP server on 127.0.0.1: JSON-RPC at `POST /`, the faucet under `/sandbox/`,
 * the swap API under `/v6/`, and the token and price APIs at the host's own paths
 * (`/tokens/v2/`, `/price/v3`, logos under `/sandbox/logos/`).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { SandboxLedger } from './ledger/ledger';
import type { SwapApiHandler } from './swap-api/mount';
import type { MarketDataApi } from './market-data/market-data-api';
import type { FeedPublisher } from './oracle/feed-publisher';
import type { PubsubServer } from './pubsub/pubsub-server';
import { handleRpcBody } from './rpc/dispatch';
import { stringifyJson } from './rpc/json';
import { handleFaucetRequest, tokenList, type HttpAnswer } from './faucet/faucet-http';
import { handleMultiplierRequest } from './faucet/multiplier-http';
import { handleMerchant } from './merchant/merchant-http';
import { handleMerchantAction } from './merchant/action-http';
import { handlePauseRequest } from './faucet/pause';
import { SERVER_TIMEOUTS } from '../shared/request-timeouts';

/** Validators accept 50 MiB bodies; a wallet's batches are far smaller, so 4 MiB is plenty. */
export const MAX_RPC_BODY_BYTES = 4 * 1024 * 1024;
const MAX_FAUCET_BODY_BYTES = 16 * 1024;

/** The sandbox's POST-only endpoints: each answers a small JSON body; `usage` is its 405's words. */
const POST_ENDPOINTS = new Map<
  string,
  { usage: string; handle: (ledger: SandboxLedger, body: string) => HttpAnswer }
>([
  [
    '/sandbox/faucet',
    { usage: 'Use POST with {"owner","mint","amount"}', handle: handleFaucetRequest },
  ],
  ['/sandbox/multiplier', { usage: 'Use POST', handle: handleMultiplierRequest }],
  ['/sandbox/pause', { usage: 'Use POST with {"mint","paused"}', handle: handlePauseRequest }],
]);

export interface SandboxServerOptions {
  ledger: SandboxLedger;
  swapApi: SwapApiHandler;
  /** Where the swap API is served: `/v6` (the spec's shape, default), `/swap/v1` or `/swap/v2`. */
  swapApiPath?: '/v6' | '/swap/v1' | '/swap/v2';
  /** Tokens, prices and logos (issue 11); absent in tests of the ledger alone. */
  marketData?: MarketDataApi;
  /** The oracle's feed conditions, `/sandbox/oracle` (issue 25; oracle/feed-publisher.ts). */
  oracle?: Pick<FeedPublisher, 'handle'>;
  /** The PubSub WebSocket API's counts, `GET /sandbox/pubsub` (issue 33; pubsub/). */
  pubsub?: Pick<PubsubServer, 'stats'>;
  log?: (line: string) => void;
}

class BodyTooLarge extends Error {}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > limit) {
      reject(new BodyTooLarge());
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyTooLarge());
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(
  res: ServerResponse,
  status: number,
  body: string,
  type = 'application/json; charset=utf-8',
): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

async function handleRpc(
  req: IncomingMessage,
  res: ServerResponse,
  ledger: SandboxLedger,
): Promise<void> {
  if (req.method !== 'POST') {
    send(res, 405, 'Used HTTP Method is not allowed. POST or OPTIONS is required', 'text/plain');
    return;
  }
  const type = req.headers['content-type'] ?? '';
  if (!type.toLowerCase().startsWith('application/json')) {
    send(
      res,
      415,
      'Supplied content type is not allowed. Content-Type: application/json is required',
      'text/plain',
    );
    return;
  }
  const body = await readBody(req, MAX_RPC_BODY_BYTES);
  const answer = handleRpcBody(body, { ledger });
  if (answer === null) send(res, 200, '');
  else send(res, 200, answer);
}

async function route(
  req: IncomingMessage,
  res: ServerResponse,
  options: SandboxServerOptions,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const path = url.pathname;
  const base = options.swapApiPath ?? '/v6';
  if (path === base || path.startsWith(`${base}/`)) {
    await options.swapApi.handle(req, res, path.slice(base.length) || '/', url);
    return;
  }
  if (path === '/') return handleRpc(req, res, options.ledger);
  if (options.marketData?.handle(req, res, url)) return;
  if (options.oracle?.handle(req, res, url)) return;
  // The honest merchant's transaction requests and its action (issue 34; merchant/).
  if (path.startsWith('/sandbox/merchant/') || path === '/actions.json') {
    const origin = `http://127.0.0.1:${req.socket.localPort ?? 0}`;
    if (await handleMerchantAction(options.ledger, req, res, url, origin)) return;
    if (await handleMerchant(options.ledger, req, res, url, origin)) return;
  }
  if (path === '/health' && req.method === 'GET') return send(res, 200, 'ok', 'text/plain');
  if (path === '/sandbox/pubsub' && req.method === 'GET' && options.pubsub)
    return send(res, 200, stringifyJson(options.pubsub.stats()));
  if (path === '/sandbox/tokens' && req.method === 'GET') {
    const answer = tokenList();
    return send(res, answer.status, stringifyJson(answer.body));
  }
  const post = POST_ENDPOINTS.get(path);
  if (post !== undefined) {
    if (req.method !== 'POST') return send(res, 405, stringifyJson({ error: post.usage }));
    const answer = post.handle(options.ledger, await readBody(req, MAX_FAUCET_BODY_BYTES));
    return send(res, answer.status, stringifyJson(answer.body));
  }
  send(
    res,
    404,
    stringifyJson({
      error: `Nothing at ${path}. JSON-RPC is POST /, the swap API is under ${options.swapApiPath ?? '/v6'}/.`,
    }),
  );
}

/** An HTTP server for the sandbox (not yet listening). */
export function createSandboxServer(options: SandboxServerOptions): Server {
  // A request that announces a body and never sends it is answered 408 within seconds.
  return createServer(SERVER_TIMEOUTS, (req, res) => {
    route(req, res, options).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      if (error instanceof BodyTooLarge) {
        send(res, 413, stringifyJson({ error: 'Payload Too Large' }));
        return;
      }
      options.log?.(
        `[sandbox] request failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
      );
      send(res, 500, stringifyJson({ error: 'Internal error in the sandbox; see its log.' }));
    });
  });
}
