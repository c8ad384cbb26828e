/**
 * GET requests to the swap API host's token and price APIs (issue 11): the same host and the
 * same optional API key as the swap API, a timeout, and a size cap. Failures are thrown as a
 * MarketDataUnavailable carrying a sentence; the callers fall back (cache, bundled list, "no
 * price") rather than fail the screen, so the sentence is for logs and status lines.
 */

export class MarketDataUnavailable extends Error {}

export interface MarketHttpDeps {
  /** Origin of the swap API host: `https://api.jup.ag`, or the sandbox's `http://127.0.0.1:P`. */
  origin: string;
  apiKey: () => Promise<string | undefined>;
  fetch: typeof fetch;
  timeoutMs?: number;
}

/**
 * How long an answer may be. A search or a price batch is small; the verified list is every
 * verified token with its full Tokens API v2 entry (a few KB each, with stats and audit), so it
 * gets room for tens of thousands of them. Past the cap the download stops: an endless or
 * hostile answer cannot fill main's memory.
 */
export const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
export const MAX_LIST_BYTES = 96 * 1024 * 1024;

/** The swap API host of a swap API URL: the token and price APIs live beside it. */
export function apiOriginOf(swapApiUrl: string): string {
  return new URL(swapApiUrl).origin;
}

/**
 * The body's bytes, or null once they pass `maxBytes` (the rest is not downloaded, whatever
 * content-length claimed). Throws when the connection breaks off.
 */
export async function readCapped(response: Response, maxBytes: number): Promise<Buffer | null> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** GETs `path` with `query` and answers the body's text (status 200 only). */
export async function getText(
  deps: MarketHttpDeps,
  path: string,
  query: Record<string, string>,
  maxBytes = MAX_ANSWER_BYTES,
): Promise<string> {
  const url = new URL(path, deps.origin);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const headers: Record<string, string> = { accept: 'application/json' };
  const key = await deps.apiKey();
  if (key) headers['x-api-key'] = key;
  let response: Response;
  try {
    response = await deps.fetch(url, {
      headers,
      signal: AbortSignal.timeout(deps.timeoutMs ?? 8_000),
    });
  } catch (error) {
    throw new MarketDataUnavailable(`${url.origin}${path} could not be reached`, { cause: error });
  }
  if (response.status !== 200) {
    await response.body?.cancel().catch(() => undefined);
    throw new MarketDataUnavailable(`${url.origin}${path} answered ${response.status}`);
  }
  let bytes: Buffer | null;
  try {
    bytes = await readCapped(response, maxBytes);
  } catch (error) {
    throw new MarketDataUnavailable(`${url.origin}${path} broke off its answer`, { cause: error });
  }
  if (bytes === null) {
    const mb = Math.round(maxBytes / 1024 / 1024);
    throw new MarketDataUnavailable(`${url.origin}${path} answered more than ${mb} MB`);
  }
  return bytes.toString('utf8');
}

/** GETs and parses JSON; takes what getText takes. */
export async function getJson(...request: Parameters<typeof getText>): Promise<unknown> {
  const [, path] = request;
  const text = await getText(...request);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new MarketDataUnavailable(`${path} did not answer JSON`, { cause: error });
  }
}
