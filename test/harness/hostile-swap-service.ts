/**
 * A hostile swap service (issue 15): a loopback HTTP server in front of the real sandbox's swap
 * API that forwards every request and, for the case a test sets, tampers with the answers of
 * GET /quote, POST /swap and POST /swap-instructions, or, in front of a sandbox serving the Swap
 * API v2 (`v2Url`), of GET /swap/v2/order: the same case's `quote` hook on the order's quote
 * fields and its `swap` hook on the order's transaction (issue 32). Where it rewrites a
 * transaction it re-signs as the sandbox's venue key where the route is the market maker's
 * co-signed fill (a CP-Swap route needs only the person's signature) and, when the case needs
 * it, as the service's own key, so that the only thing wrong is the tamper itself: this is
 * what a compromised or malicious service could send.
 *
 * The wallet is pointed at `url` as its swap API; everything else (RPC, keychain, review) is real.
 */
import { readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { join } from 'node:path';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import {
  closeTransaction,
  openTransaction,
  type OpenedTransaction,
} from '../fixtures/tamper/rebuild';
import { listenOnLoopback } from './loopback-server';

export type Json = Record<string, unknown>;

export interface HostileContext {
  connection: Connection;
  /** The sandbox's venue authority: re-signs what the venue signed. */
  venue: Keypair;
  /** The service's own key: funded on the sandbox, signs where a case makes it a co-signer. */
  attacker: Keypair;
  /** The request the answer is for (its JSON body; null for GET). */
  request: Json | null;
}

/** What one case changes; an absent hook passes that answer through untouched. */
export interface HostileCase {
  quote?(answer: Json, ctx: HostileContext): Json | Promise<Json>;
  swap?(answer: Json, ctx: HostileContext): Json | Promise<Json>;
  swapInstructions?(answer: Json, ctx: HostileContext): Json | Promise<Json>;
  /** Rewrites the host's Price API answer (GET /price/v3): a service whose prices lie (issue 25). */
  prices?(answer: Json, ctx: HostileContext): Json | Promise<Json>;
  /**
   * Rewrites the body of POST /swap and /swap-instructions before it is forwarded (a case that
   * lied in /quote sends the venue the quote it really priced).
   */
  buildRequest?(body: Json): Json;
  /** Rewrites the query of a GET before it is forwarded (e.g. the venues an order may use). */
  forwardQuery?(query: URLSearchParams): void;
}

export interface HostileService {
  /** The swap API base URL to give the wallet: http://127.0.0.1:P/v6 */
  url: string;
  /** The same service as a Swap API v2 (for a sandbox started with `--api-shape v2`). */
  v2Url: string;
  attacker: Keypair;
  /** The case answers are tampered by from now on (null: an honest forwarder). */
  use(tamperCase: HostileCase | null): void;
  /** How many answers were tampered with since the last `use`. */
  tampered(): number;
  close(): Promise<void>;
}

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function keypairFile(path: string): Keypair {
  return Keypair.fromSecretKey(Uint8Array.from(JSON.parse(readFileSync(path, 'utf8')) as number[]));
}

/**
 * Rewrites the transaction of a /swap answer: opens it (lookup tables resolved), lets `edit`
 * change its instructions (or blockhash), and closes it signed by the venue and `signers`.
 */
export async function rewriteSwap(
  answer: Json,
  ctx: HostileContext,
  edit: (opened: OpenedTransaction, user: PublicKey) => void | Promise<void>,
  signers: Keypair[] = [],
): Promise<Json> {
  const opened = await openTransaction(
    Buffer.from(answer.swapTransaction as string, 'base64'),
    ctx.connection,
  );
  await edit(opened, opened.payer);
  const bytes = closeTransaction(opened, [ctx.venue, ...signers]);
  return { ...answer, swapTransaction: Buffer.from(bytes).toString('base64') };
}

/**
 * A case's hooks on a v2 /order answer: `quote` on its quote fields (the same names as a v6
 * quote's), `swap` on its transaction (as a /swap answer's `swapTransaction`).
 */
function orderHook(tamperCase: HostileCase) {
  return async (answer: Json, ctx: HostileContext): Promise<Json> => {
    const quoted = tamperCase.quote ? await tamperCase.quote(answer, ctx) : answer;
    if (!tamperCase.swap || typeof answer.transaction !== 'string') return quoted;
    const swapped = await tamperCase.swap({ swapTransaction: answer.transaction }, ctx);
    return { ...quoted, transaction: swapped.swapTransaction };
  };
}

/** Starts the service in front of `sandbox`'s swap API, with `attacker` as its own key. */
export async function startHostileService(
  sandbox: { swapApiUrl: string; rpcUrl: string; stateDir: string },
  attacker: Keypair,
): Promise<HostileService> {
  const connection = new Connection(sandbox.rpcUrl, 'confirmed');
  const venue = keypairFile(join(sandbox.stateDir, 'swap-api', 'venue-authority.json'));
  let current: HostileCase | null = null;
  let count = 0;

  const hookOf = (path: string) => {
    if (current === null) return undefined;
    if (path === '/quote') return current.quote?.bind(current);
    if (path === '/swap') return current.swap?.bind(current);
    if (path === '/swap-instructions') return current.swapInstructions?.bind(current);
    if (path === '/price/v3') return current.prices?.bind(current);
    if (path === '/swap/v2/order') return orderHook(current);
    return undefined;
  };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const path = url.pathname.replace(/^\/v6/, '');
      const received = req.method === 'POST' ? await bodyOf(req) : null;
      const rewrite = current?.buildRequest?.bind(current);
      const body =
        received !== null && rewrite
          ? JSON.stringify(rewrite(JSON.parse(received) as Json))
          : received;
      // The swap API lives under /v6; the host's token and price APIs at its own paths.
      const base = url.pathname.startsWith('/v6')
        ? sandbox.swapApiUrl
        : new URL(sandbox.swapApiUrl).origin;
      if (req.method === 'GET') current?.forwardQuery?.(url.searchParams);
      const upstream = await fetch(`${base}${path}${url.search}`, {
        method: req.method ?? 'GET',
        headers: { 'content-type': 'application/json' },
        ...(body === null ? {} : { body }),
      });
      let text = await upstream.text();
      const hook = hookOf(path);
      if (upstream.ok && hook) {
        const request = received === null ? null : (JSON.parse(received) as Json);
        const changed = await hook(JSON.parse(text) as Json, {
          connection,
          venue,
          attacker,
          request,
        });
        text = JSON.stringify(changed);
        count += 1;
      }
      res.writeHead(upstream.status, { 'content-type': 'application/json' });
      res.end(text);
    })().catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errorCode: 'HOSTILE_HARNESS', error: String(error) }));
    });
  });
  const port = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${port}/v6`,
    v2Url: `http://127.0.0.1:${port}/swap/v2`,
    attacker,
    use(tamperCase) {
      current = tamperCase;
      count = 0;
    },
    tampered: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
