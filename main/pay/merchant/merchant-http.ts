/**
 * Main's calls to a merchant's transaction-request URL (SPEC.md "GET Request", "POST Request",
 * SPEC1.1.md "Error Handling"). The merchant is a stranger: every call has a deadline and a
 * size limit, follows at most a few redirects each checked as the first URL was (https, http
 * only to loopback, no credentials), sends nothing that identifies the wallet on the GET, and
 * answers JSON only. The page never talks to the merchant; what it shows came through here.
 * Actions (issue 34 point 5) make the same calls with the same rules.
 */
import { WalletError } from '../../shared/errors';
import { readCapped } from '../../tokens/market-http';
import { sanitizeServiceText } from '../../shared/service-message';
import { callableMerchantUrl } from './transaction-request-url';

/** An answer larger than this is refused: a transaction is at most 1232 bytes (base64 ~1.7 KB). */
export const MAX_MERCHANT_ANSWER_BYTES = 64 * 1024;
/** How long a merchant has to answer each call. */
export const MERCHANT_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** SPEC1.1.md: "The wallet must display at least the first 80 characters"; we keep 280. */
export const MAX_MERCHANT_TEXT = 280;

export interface MerchantHttpDeps {
  fetch: typeof fetch;
  timeoutMs?: number;
}

function refused(message: string, cause?: unknown): never {
  throw new WalletError('MERCHANT_REFUSED', message, cause === undefined ? undefined : { cause });
}

/** The merchant's own text (a label, a message, an error), cleaned and cut to what is shown. */
export function merchantWords(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const clean = sanitizeServiceText(value).trim();
  if (clean === '') return null;
  return clean.length > MAX_MERCHANT_TEXT ? `${clean.slice(0, MAX_MERCHANT_TEXT - 1)}…` : clean;
}

/**
 * Calls the merchant and answers its JSON body (an object). Throws MERCHANT_REFUSED with a
 * sentence naming the merchant's domain: unreachable or too slow, a redirect to a place main
 * may not call, an answer too large or not JSON, and an HTTP error, with the merchant's own
 * `message` (SPEC1.1.md "Error Handling") when it sent one.
 */
export async function callMerchant(
  deps: MerchantHttpDeps,
  start: URL,
  init: { method: 'GET' } | { method: 'POST'; body: unknown },
): Promise<Record<string, unknown>> {
  const timeoutMs = deps.timeoutMs ?? MERCHANT_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  const domain = start.host;
  let url = start;
  for (let hop = 0; ; hop += 1) {
    let response: Response;
    try {
      response = await deps.fetch(url, {
        method: init.method,
        redirect: 'manual',
        signal,
        headers: {
          accept: 'application/json',
          ...(init.method === 'POST' ? { 'content-type': 'application/json' } : {}),
        },
        ...(init.method === 'POST' ? { body: JSON.stringify(init.body) } : {}),
      });
    } catch (error) {
      if (signal.aborted) {
        refused(
          `${domain} did not answer within ${timeoutMs / 1000} seconds, so the payment cannot go on. Try again, or ask the merchant for another way to pay.`,
          error,
        );
      }
      refused(`${domain} could not be reached. Check your connection and try again.`, error);
    }
    if (REDIRECT_STATUSES.has(response.status)) {
      await response.body?.cancel().catch(() => undefined);
      const location = response.headers.get('location');
      let next: URL | null = null;
      try {
        next = location === null ? null : callableMerchantUrl(new URL(location, url).href);
      } catch {
        next = null;
      }
      if (next === null || hop === MAX_REDIRECTS) {
        refused(
          `${domain} sent Swapdesk to ${next === null ? 'a place that is not https' : 'too many places in turn'}, so the payment cannot go on. Ask the merchant for another link.`,
        );
      }
      url = next;
      continue;
    }
    return readAnswer(response, domain, signal, timeoutMs);
  }
}

async function readAnswer(
  response: Response,
  domain: string,
  signal: AbortSignal,
  timeoutMs: number,
): Promise<Record<string, unknown>> {
  const declared = Number(response.headers.get('content-length') ?? 0);
  let bytes: Buffer | null = null;
  if (declared <= MAX_MERCHANT_ANSWER_BYTES) {
    try {
      bytes = await readCapped(response, MAX_MERCHANT_ANSWER_BYTES);
    } catch (error) {
      if (signal.aborted) {
        refused(
          `${domain} did not finish its answer within ${timeoutMs / 1000} seconds, so the payment cannot go on. Try again, or ask the merchant for another way to pay.`,
          error,
        );
      }
      refused(`${domain} broke off its answer. Try again.`, error);
    }
  } else {
    await response.body?.cancel().catch(() => undefined);
  }
  if (bytes === null) {
    refused(
      `${domain} sent an answer larger than ${MAX_MERCHANT_ANSWER_BYTES / 1024} KiB, far more than a payment needs, so Swapdesk did not read it. Ask the merchant for another way to pay.`,
    );
  }
  let body: unknown = null;
  try {
    body = JSON.parse(bytes.toString('utf8'));
  } catch {
    body = null;
  }
  const object =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : null;
  if (response.status < 200 || response.status > 299) {
    const said = merchantWords(object?.message);
    refused(
      said === null
        ? `${domain} refused the payment request (HTTP ${response.status}). Nothing was signed; ask the merchant.`
        : `${domain} refused the payment request (HTTP ${response.status}); it says: "${said}". Nothing was signed.`,
    );
  }
  if (object === null) {
    refused(
      `${domain} did not answer with the JSON a Solana Pay merchant sends, so the payment cannot go on. Ask the merchant for another way to pay.`,
    );
  }
  return object;
}
