/**
 * The loopback HTTP transport of the web preview: `POST /bridge/<method>` with a JSON body,
 * answered with the Result as JSON. It stands in for Electron's IPC, so it has to stop what
 * IPC stops by construction: other web pages calling in.
 *
 * - A random per-run token in the `x-swapdesk-token` header, compared in constant time. Only
 *   the preview's own page learns it (URL fragment, then sessionStorage).
 * - The Origin header must equal the preview's own origin, and Host its own host (a page on a
 *   rebinding DNS name reaches 127.0.0.1 with a foreign Host).
 * - `content-type: application/json` is required, so a cross-origin page cannot send a "simple"
 *   request without a CORS preflight; no CORS header is ever sent, so every preflight fails.
 * - The body is size-limited, read only after the sender is accepted, and must arrive within
 *   seconds (a request that announces a body and never sends it is answered 408 and closed).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Result } from '../shared/result';
import { fail } from '../shared/result';
import { BODY_TIMEOUT_MS } from '../shared/request-timeouts';
import type { Sender } from './handler-types';
import type { Registry } from './registry';

export const TOKEN_HEADER = 'x-swapdesk-token';
export const BRIDGE_PATH = '/bridge/';
const DEFAULT_MAX_BODY = 64 * 1024;

export interface HttpTransportOptions {
  registry: Registry;
  /** The per-run secret; see `newBridgeToken`. */
  token: string;
  /** The preview's own origin, e.g. http://127.0.0.1:5173 (known once the server listens). */
  origin: () => string;
  maxBodyBytes?: number;
  /** Milliseconds for the body to arrive (default BODY_TIMEOUT_MS, 5 s). */
  bodyTimeoutMs?: number;
}

export interface HttpTransport {
  /** Answers the request when its path is under /bridge/; returns false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): boolean;
}

/** 32 random bytes, hex: the per-run bridge token. */
export function newBridgeToken(): string {
  return randomBytes(32).toString('hex');
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text).digest();

/** The digest of the expected token, made once per token rather than on every request. */
let expectedDigest: { token: string; digest: Buffer } | null = null;

function sameSecret(given: string, expected: string): boolean {
  // Hashing first gives equal lengths, so timingSafeEqual never throws and timing does not
  // reveal the expected length either.
  if (expectedDigest?.token !== expected) {
    expectedDigest = { token: expected, digest: sha256(expected) };
  }
  return timingSafeEqual(sha256(given), expectedDigest.digest);
}

function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

/** The sender a request claims to be, with the token already checked. */
export function senderOfRequest(
  req: IncomingMessage,
  token: string,
): Extract<Sender, { kind: 'http' }> {
  const given = headerOf(req, TOKEN_HEADER);
  return {
    kind: 'http',
    origin: headerOf(req, 'origin'),
    tokenValid: given !== null && sameSecret(given, token),
  };
}

/** The sender policy of the preview: right token and exactly our own origin. */
export function previewSenderPolicy(origin: () => string): (sender: Sender) => boolean {
  return (sender) => sender.kind === 'http' && sender.tokenValid && sender.origin === origin();
}

function send(res: ServerResponse, status: number, result: Result<unknown>): void {
  const body = JSON.stringify(result);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(body);
}

function statusOf(result: Result<unknown>): number {
  if (result.ok) return 200;
  switch (result.error.code) {
    case 'UNTRUSTED_SENDER':
      return 401;
    case 'UNKNOWN_METHOD':
      return 404;
    case 'INVALID_REQUEST':
      return 400;
    default:
      // A handler's own error is a proper answer of the method, not a transport failure.
      return 200;
  }
}

class BodyTooLarge extends Error {}
class BodyTooSlow extends Error {}

function readBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] ?? '0');
    if (declared > limit) {
      reject(new BodyTooLarge());
      return;
    }
    const timer = setTimeout(() => {
      reject(new BodyTooSlow());
      req.pause();
    }, timeoutMs);
    const settle = () => clearTimeout(timer);
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        settle();
        reject(new BodyTooLarge());
        req.pause();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      settle();
      resolve(Buffer.concat(chunks).toString('utf8'));
    });
    req.on('error', (error) => {
      settle();
      reject(error);
    });
    req.on('close', settle);
  });
}

/**
 * Creates the transport over a registry.
 *
 * @example
 * const transport = createHttpTransport({ registry, token, origin: () => ownOrigin });
 * http.createServer((req, res) => { if (!transport.handle(req, res)) serveStatic(req, res); });
 */
export function createHttpTransport(options: HttpTransportOptions): HttpTransport {
  const { registry, token, origin } = options;
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? BODY_TIMEOUT_MS;

  async function answer(req: IncomingMessage, res: ServerResponse, method: string): Promise<void> {
    const sender = senderOfRequest(req, token);
    const hostOk = headerOf(req, 'host') === new URL(origin()).host;
    if (!hostOk || !registry.trusts(sender)) {
      // Answered through the registry so the refusal is the same Result as everywhere else;
      // the body is never read. Closing the connection discards whatever was still coming.
      res.setHeader('connection', 'close');
      const untrusted = hostOk
        ? await registry.dispatch(method, undefined, sender)
        : fail('UNTRUSTED_SENDER', 'This caller is not allowed to use the wallet.');
      send(res, sender.tokenValid ? 403 : 401, untrusted);
      return;
    }
    if (req.method !== 'POST') {
      send(res, 405, fail('INVALID_REQUEST', 'Bridge calls use POST.'));
      return;
    }
    const type = headerOf(req, 'content-type') ?? '';
    if (!/^application\/json(;|$)/i.test(type)) {
      send(res, 415, fail('INVALID_REQUEST', 'Bridge calls send application/json.'));
      return;
    }
    let text: string;
    try {
      text = await readBody(req, limit, bodyTimeoutMs);
    } catch (error) {
      res.setHeader('connection', 'close');
      if (error instanceof BodyTooLarge) {
        send(res, 413, fail('INVALID_REQUEST', `The request is larger than ${limit} bytes.`));
      } else if (error instanceof BodyTooSlow) {
        send(
          res,
          408,
          fail(
            'INVALID_REQUEST',
            `The request's body did not arrive within ${bodyTimeoutMs / 1000} s. Send it again.`,
          ),
        );
      } else {
        send(res, 400, fail('INVALID_REQUEST', 'The request could not be read.'));
      }
      return;
    }
    let payload: unknown;
    try {
      payload = text === '' ? {} : JSON.parse(text);
    } catch {
      // JSON.parse's message quotes the input, which may be a secret: not passed on.
      send(res, 400, fail('INVALID_REQUEST', 'The request body is not valid JSON.'));
      return;
    }
    const result = await registry.dispatch(method, payload, sender);
    send(res, statusOf(result), result);
  }

  return {
    handle(req, res) {
      const path = (req.url ?? '/').split('?')[0] ?? '/';
      if (!path.startsWith(BRIDGE_PATH)) return false;
      let method: string;
      try {
        method = decodeURIComponent(path.slice(BRIDGE_PATH.length));
      } catch {
        method = '';
      }
      answer(req, res, method).catch(() => {
        if (!res.headersSent) send(res, 500, fail('INTERNAL', 'The bridge failed to answer.'));
        else res.destroy();
      });
      return true;
    },
  };
}
