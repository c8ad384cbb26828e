/**
 * One HTTP request for the RPC reads that go out together (issue 26). A review reads the
 * accounts before, simulates, asks the block height and reads Pyth's feeds at once; sent apart,
 * each pays its own HTTP round trip and the RPC's per-request work. This `fetch`, given to the
 * network's web3.js Connection, gathers the JSON-RPC calls made in the same turn of the event
 * loop to the same URL and sends them as one JSON-RPC 2.0 batch, then hands each caller its own
 * answer as if it had been sent alone. Nothing is read less: the same calls, in one request.
 *
 * A provider that refuses batches (an answer that is not a list with every id, or a non-2xx
 * status) gets the calls again one by one, so batching never costs a call its answer; a network
 * failure fails every call of the batch, as it would have failed each.
 *
 * `call` joins the same batches without web3.js: the review's reads use it (review-rpc.ts), so
 * their answers are parsed once and checked by the review's own schemas.
 */

import type { HttpAnswer, HttpClient } from '../network/http-client';

type Fetch = typeof fetch;

interface Pending {
  body: string;
  id: unknown;
  init: RequestInit;
  /** Hands over this call's item of a batch answer (a JSON-RPC response object). */
  deliver: (item: unknown) => void;
  /** Sends this call alone (no batch answer) and hands over what comes back. */
  alone: (url: string) => Promise<void>;
  reject: (error: unknown) => void;
}

/** At most this many calls in one batch (providers cap batches; 100 is within every cap). */
const MAX_BATCH = 50;

function singleCall(body: unknown): { id: unknown } | null {
  if (typeof body !== 'string' || !body.startsWith('{')) return null;
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    return parsed.jsonrpc === '2.0' && typeof parsed.method === 'string' && 'id' in parsed
      ? { id: parsed.id }
      : null;
  } catch {
    return null;
  }
}

function answerOf(item: unknown): Response {
  return new Response(JSON.stringify(item), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
}

/** One URL's JSON-RPC calls, batched: as a `fetch` for web3.js, and as plain calls. */
export interface RpcBatcher {
  /** A fetch for web3.js's Connection: its JSON-RPC POSTs join the batch of their turn. */
  fetch: Fetch;
  /**
   * Calls `method` at `url` in the batch of this turn and answers the JSON-RPC response object
   * (`{ result }` or `{ error }`), parsed once, with no Response made and read again (issue 26:
   * the review's reads). Rejects when the network fails or the answer is not JSON-RPC.
   */
  call(url: string, method: string, params: unknown[]): Promise<unknown>;
}

/**
 * Batches the JSON-RPC calls made in the same turn of the event loop to the same URL, whether
 * they come through `fetch` or `call`.
 * @example const rpc = createRpcBatcher(fetch); new Connection(rpcUrl, { fetch: rpc.fetch })
 */
export function createRpcBatcher(inner: Fetch, http?: HttpClient): RpcBatcher {
  const queues = new Map<string, Pending[]>();
  let calls = 0;
  // Batches and plain calls go through `http` when given (http-client.ts); web3.js's lone
  // calls keep their fetch.
  const post = (url: string, init: RequestInit): Promise<HttpAnswer> =>
    http
      ? http(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: init.body as string,
        })
      : inner(url, init);

  async function flush(url: string, batch: Pending[]): Promise<void> {
    if (batch.length === 1) return batch[0]!.alone(url);
    const ids = new Set(batch.map((p) => JSON.stringify(p.id)));
    if (ids.size !== batch.length) {
      await Promise.all(batch.map((p) => p.alone(url)));
      return;
    }
    let answers: unknown;
    let response: HttpAnswer;
    try {
      response = await post(url, {
        ...batch[0]!.init,
        body: `[${batch.map((p) => p.body).join(',')}]`,
      });
    } catch (error) {
      for (const p of batch) p.reject(error);
      return;
    }
    try {
      answers = response.ok ? await response.json() : null;
    } catch {
      answers = null;
    }
    const byId = new Map<string, unknown>();
    if (Array.isArray(answers)) {
      for (const item of answers) {
        if (item && typeof item === 'object' && 'id' in item) {
          byId.set(JSON.stringify((item as { id: unknown }).id), item);
        }
      }
    }
    if (batch.every((p) => byId.has(JSON.stringify(p.id)))) {
      for (const p of batch) p.deliver(byId.get(JSON.stringify(p.id)));
      return;
    }
    // Not a batch answer (a provider without batches, a 429, an error page): each call alone.
    await Promise.all(batch.map((p) => p.alone(url)));
  }

  function enqueue(url: string, pending: Pending): void {
    let queue = queues.get(url);
    if (!queue) {
      queue = [];
      queues.set(url, queue);
      // Everything asked in this turn of the event loop goes together.
      setImmediate(() => {
        const all = queues.get(url) ?? [];
        queues.delete(url);
        for (let at = 0; at < all.length; at += MAX_BATCH) {
          void flush(url, all.slice(at, at + MAX_BATCH));
        }
      });
    }
    queue.push(pending);
  }

  const batchingFetch = ((input: Parameters<Fetch>[0], init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
    const call = init?.method === 'POST' && url !== null ? singleCall(init.body) : null;
    if (call === null || url === null) return inner(input, init);
    return new Promise<Response>((resolve, reject) => {
      enqueue(url, {
        body: init!.body as string,
        id: call.id,
        init: init!,
        deliver: (item) => resolve(answerOf(item)),
        alone: async (to) => {
          try {
            resolve(await inner(to, init!));
          } catch (error) {
            reject(error);
          }
        },
        reject,
      });
    });
  }) as Fetch;

  function call(url: string, method: string, params: unknown[]): Promise<unknown> {
    calls += 1;
    const id = `swapdesk-${calls}`;
    const init: RequestInit = {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id, method, params }),
    };
    return new Promise<unknown>((resolve, reject) => {
      enqueue(url, {
        body: init.body as string,
        id,
        init,
        deliver: resolve,
        alone: async (to) => {
          try {
            const response = await post(to, init);
            const text = await response.text();
            let item: unknown;
            try {
              item = JSON.parse(text);
            } catch {
              throw new Error(`${method}: HTTP ${response.status}, not a JSON-RPC answer`);
            }
            if (typeof item !== 'object' || item === null || Array.isArray(item)) {
              throw new Error(`${method}: HTTP ${response.status}, not a JSON-RPC answer`);
            }
            resolve(item);
          } catch (error) {
            reject(error);
          }
        },
        reject,
      });
    });
  }

  return { fetch: batchingFetch, call };
}

/**
 * Wraps `inner` so that JSON-RPC calls made together go as one batch.
 * @example new Connection(rpcUrl, { fetch: batchingFetch(fetch) })
 */
export function batchingFetch(inner: Fetch): Fetch {
  return createRpcBatcher(inner).fetch;
}
