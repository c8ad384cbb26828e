/**
 * A plain HTTP request over node:http and node:https with kept-alive connections, for the two
 * requests a review waits for in main: POST /swap to the swap service and the JSON-RPC batch of
 * the review's reads (issue 26). Node's fetch (undici) spent more time in main than the review
 * itself: about a millisecond a request in its streams, Request/Response objects and abort
 * plumbing, where node:http answers the same request in a fifth of it.
 *
 * It answers what callers read of a fetch Response (status, ok, headers.get, text, json), and
 * hands anything it does not do itself to `fallback` (the global fetch): a URL that is neither
 * http: nor https:, a redirect (fetch follows it). A compressed body is decoded as fetch
 * decodes it (gzip, deflate, br). A connection a server closed while it idled is retried once on a fresh one, as a request
 * never sent; any other network failure rejects as fetch does ("fetch failed", the system
 * error as its cause), so callers word it the same.
 */
import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

/** The request a caller makes (a subset of fetch's RequestInit). */
export interface HttpInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
}

/** What callers read of the answer (a subset of fetch's Response). */
export interface HttpAnswer {
  status: number;
  ok: boolean;
  headers: { get(name: string): string | null };
  text(): Promise<string>;
  json(): Promise<unknown>;
}

export type HttpClient = (url: string, init?: HttpInit) => Promise<HttpAnswer>;

/** The slice of `fetch` the fallback is called with. */
export type FetchFallback = (url: string, init: HttpInit) => Promise<HttpAnswer>;

function answerOf(status: number, headers: IncomingMessage['headers'], text: string): HttpAnswer {
  return {
    status,
    ok: status >= 200 && status < 300,
    headers: {
      get(name) {
        const value = headers[name.toLowerCase()];
        return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
      },
    },
    text: async () => text,
    json: async () => JSON.parse(text) as unknown,
  };
}

class Handover extends Error {}

/** The body as fetch gives it: decoded when it came compressed. */
function decoded(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'gzip':
    case 'x-gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
}

/**
 * @example const post = createHttpClient(fetch); const answer = await post(url, { method: 'POST', body });
 */
export function createHttpClient(fallback: FetchFallback): HttpClient {
  const agents = {
    'http:': new HttpAgent({ keepAlive: true }),
    'https:': new HttpsAgent({ keepAlive: true }),
  };

  function once(target: URL, init: HttpInit): Promise<HttpAnswer> {
    return new Promise<HttpAnswer>((resolve, reject) => {
      const secure = target.protocol === 'https:';
      const request = (secure ? httpsRequest : httpRequest)(
        target,
        {
          method: init.method ?? 'GET',
          headers: {
            ...init.headers,
            ...(init.body === undefined
              ? {}
              : { 'content-length': String(Buffer.byteLength(init.body)) }),
          },
          agent: secure ? agents['https:'] : agents['http:'],
          ...(init.signal ? { signal: init.signal } : {}),
        },
        (response) => {
          const status = response.statusCode ?? 0;
          if (status >= 300 && status < 400) {
            // A redirect answers nothing: fetch asks again and follows it.
            response.resume();
            reject(new Handover());
            return;
          }
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            try {
              const body = decoded(Buffer.concat(chunks), response.headers['content-encoding']);
              resolve(answerOf(status, response.headers, body.toString('utf8')));
            } catch (error) {
              reject(new TypeError('fetch failed', { cause: error }));
            }
          });
          response.on('error', (error) => reject(new TypeError('fetch failed', { cause: error })));
        },
      );
      request.on('error', (error: NodeJS.ErrnoException) => {
        if (init.signal?.aborted) {
          reject(init.signal.reason ?? error);
          return;
        }
        // A kept-alive connection the server closed while it idled: the request never got
        // there, so it is sent again once on a fresh connection.
        const stale = request.reusedSocket && error.code === 'ECONNRESET';
        reject(stale ? new Handover('stale') : new TypeError('fetch failed', { cause: error }));
      });
      request.end(init.body);
    });
  }

  return async (url, init = {}) => {
    const target = new URL(url);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return fallback(url, init);
    try {
      return await once(target, init);
    } catch (error) {
      if (!(error instanceof Handover)) throw error;
      if (error.message === 'stale') {
        try {
          return await once(target, init);
        } catch (again) {
          if (!(again instanceof Handover)) throw again;
        }
      }
      return fallback(url, init);
    }
  };
}
