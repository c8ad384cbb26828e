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
 */

type Fetch = typeof fetch;

interface Pending {
  body: string;
  id: unknown;
  init: RequestInit;
  resolve: (response: Response) => void;
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

/**
 * Wraps `inner` so that JSON-RPC calls made together go as one batch.
 * @example new Connection(rpcUrl, { fetch: batchingFetch(fetch) })
 */
export function batchingFetch(inner: Fetch): Fetch {
  const queues = new Map<string, Pending[]>();

  async function sendAlone(url: string, pending: Pending): Promise<void> {
    try {
      pending.resolve(await inner(url, pending.init));
    } catch (error) {
      pending.reject(error);
    }
  }

  async function flush(url: string, batch: Pending[]): Promise<void> {
    if (batch.length === 1) return sendAlone(url, batch[0]!);
    const ids = new Set(batch.map((p) => JSON.stringify(p.id)));
    if (ids.size !== batch.length) {
      await Promise.all(batch.map((p) => sendAlone(url, p)));
      return;
    }
    let answers: unknown;
    let response: Response;
    try {
      response = await inner(url, {
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
      for (const p of batch) p.resolve(answerOf(byId.get(JSON.stringify(p.id))));
      return;
    }
    // Not a batch answer (a provider without batches, a 429, an error page): each call alone.
    await Promise.all(batch.map((p) => sendAlone(url, p)));
  }

  return ((input: Parameters<Fetch>[0], init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : null;
    const call = init?.method === 'POST' && url !== null ? singleCall(init.body) : null;
    if (call === null || url === null) return inner(input, init);
    return new Promise<Response>((resolve, reject) => {
      const key = url;
      let queue = queues.get(key);
      if (!queue) {
        queue = [];
        queues.set(key, queue);
        // Everything asked in this turn of the event loop goes together.
        setImmediate(() => {
          const all = queues.get(key) ?? [];
          queues.delete(key);
          for (let at = 0; at < all.length; at += MAX_BATCH) {
            void flush(url, all.slice(at, at + MAX_BATCH));
          }
        });
      }
      queue.push({ body: init!.body as string, id: call.id, init: init!, resolve, reject });
    });
  }) as Fetch;
}
