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

/** A JSON answer is at most this long (the verified list is about 1 MB in the world). */
const MAX_JSON_BYTES = 8 * 1024 * 1024;

/** The swap API host of a swap API URL: the token and price APIs live beside it. */
export function apiOriginOf(swapApiUrl: string): string {
  return new URL(swapApiUrl).origin;
}

/** GETs `path` with `query` and answers the body's text (status 200 only). */
export async function getText(
  deps: MarketHttpDeps,
  path: string,
  query: Record<string, string>,
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
  const text = await response.text();
  if (response.status !== 200) {
    throw new MarketDataUnavailable(`${url.origin}${path} answered ${response.status}`);
  }
  if (text.length > MAX_JSON_BYTES) {
    throw new MarketDataUnavailable(`${url.origin}${path} answered more than 8 MB`);
  }
  return text;
}

/** GETs and parses JSON. */
export async function getJson(
  deps: MarketHttpDeps,
  path: string,
  query: Record<string, string>,
): Promise<unknown> {
  const text = await getText(deps, path, query);
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new MarketDataUnavailable(`${path} did not answer JSON`, { cause: error });
  }
}
