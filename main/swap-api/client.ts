/**
 * The swap API client of the main process: GET /quote, POST /swap, POST /swap-instructions and
 * GET /program-id-to-label of a Jupiter-v6-shaped service (SWAP-API-SPEC, API-NOTES). Inputs
 * are checked before any request; answers are validated before anyone sees them.
 */
import { WalletError } from '../shared/errors';
import type { Address } from '../shared/address';
import type {
  CallOptions,
  Quote,
  QuoteParams,
  SwapInstructions,
  SwapRequest,
  SwapTransaction,
} from './types';
import { redact, send, type FetchLike, type TransportConfig, type Wait } from './http-transport';
import { checkQuoteParamsFor, encodeQuoteParams, validateQuoteParams } from './quote-params';
import { venueRefusalInOwnWords } from './venue-refusal';
import { swapApiFlavour } from './api-flavour';
import { encodeSwapBody, validateSwapRequest } from './swap-request';
import { parseQuoteResponse } from './quote-response';
import {
  parseProgramLabels,
  parseSwapInstructionsResponse,
  parseSwapResponse,
} from './swap-response';
import { displayBaseUrl } from './service-text';

export interface SwapApiClientOptions {
  /** E.g. `https://api.jup.ag/swap/v1` or the sandbox's `http://127.0.0.1:P/v6`. */
  baseUrl: string;
  /** Sent as `x-api-key` when set; a secret (it never appears in errors). */
  apiKey?: string;
  fetch: FetchLike;
  /** Used for the timeout and the backoff; see realWait. */
  wait: Wait;
  /** Milliseconds since the epoch (Retry-After dates, quote age). */
  now: () => number;
  /** Per attempt, covering the whole answer. */
  timeoutMs: number;
  /** Extra attempts after the first for 429, 5xx and dropped connections. */
  retries: number;
  /** First backoff delay; it doubles each retry. Default 500 ms. */
  backoffBaseMs?: number;
  /** Backoff ceiling. Default 8 s. */
  backoffMaxMs?: number;
  /** A longer Retry-After is reported instead of waited out. Default 30 s. */
  maxRetryAfterMs?: number;
}

export interface SwapApiClient {
  /** GET /quote. Throws WalletError (NO_ROUTE, RATE_LIMITED, SWAP_API_*, INVALID_*). */
  quote(params: QuoteParams, options?: CallOptions): Promise<Quote>;
  /** POST /swap: the unsigned transaction; `signable` is false when the service's simulation failed. */
  swap(request: SwapRequest, options?: CallOptions): Promise<SwapTransaction>;
  /** POST /swap-instructions: the same swap as separate instructions. */
  swapInstructions(request: SwapRequest, options?: CallOptions): Promise<SwapInstructions>;
  /** GET /program-id-to-label: venue names by program id, for the review. */
  programIdToLabel(options?: CallOptions): Promise<Map<Address, string>>;
}

function parseBaseUrl(baseUrl: string): URL {
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new WalletError(
      'INVALID_SWAP_REQUEST',
      'The swap service address must be an http or https URL, like https://api.jup.ag/swap/v2. Check it in Settings.',
    );
  }
  return url;
}

/** The transport settings of a client (shared by the v6/v1 client and the v2 one). */
export function transportConfigOf(options: SwapApiClientOptions): TransportConfig {
  const baseUrl = parseBaseUrl(options.baseUrl);
  const apiKey = options.apiKey?.trim() ? options.apiKey.trim() : undefined;
  // A header value with spaces, line breaks or non-ASCII would make fetch throw (quoting it).
  if (apiKey !== undefined && !/^[\x21-\x7e]+$/.test(apiKey)) {
    throw new WalletError(
      'INVALID_SWAP_REQUEST',
      'The API key holds characters an API key cannot have (spaces, line breaks or symbols outside ASCII). Paste it again in Settings.',
    );
  }
  return {
    baseUrl,
    service: displayBaseUrl(baseUrl.href),
    apiKey,
    fetch: options.fetch,
    wait: options.wait,
    now: options.now,
    timeoutMs: options.timeoutMs,
    retries: Math.max(0, Math.floor(options.retries)),
    backoffBaseMs: options.backoffBaseMs ?? 500,
    backoffMaxMs: options.backoffMaxMs ?? 8_000,
    maxRetryAfterMs: options.maxRetryAfterMs ?? 30_000,
  };
}

/**
 * Creates a client bound to one swap service.
 * @example
 * const api = createSwapApiClient({ baseUrl, fetch, wait: realWait, now: Date.now, timeoutMs: 10_000, retries: 2 });
 * const quote = await api.quote({ inputMint, outputMint, amount: 1_000_000n, slippageBps: 50 });
 */
export function createSwapApiClient(options: SwapApiClientOptions): SwapApiClient {
  const config = transportConfigOf(options);
  const { baseUrl, apiKey } = config;
  const flavour = swapApiFlavour(baseUrl.href);
  const hideKey = (text: string): string => redact(text, apiKey);
  const signalOf = (callOptions?: CallOptions) =>
    callOptions?.signal === undefined ? {} : { signal: callOptions.signal };

  // POST /swap and /swap-instructions are retried like GET /quote. That is safe because the
  // service is stateless (SWAP-API-SPEC 3): it computes a transaction and keeps nothing, and the
  // transaction does nothing until the person signs and sends it. A retried request can at
  // worst build a second unsigned transaction that is thrown away.
  async function post(path: string, request: SwapRequest, callOptions?: CallOptions) {
    validateSwapRequest(request);
    return send(config, {
      method: 'POST',
      path,
      body: encodeSwapBody(request),
      swapMode: request.quote.swapMode,
      ...signalOf(callOptions),
    });
  }

  return {
    async quote(params, callOptions) {
      validateQuoteParams(params);
      checkQuoteParamsFor(params, flavour);
      const answer = await send(config, {
        method: 'GET',
        path: '/quote',
        query: encodeQuoteParams(params),
        swapMode: params.swapMode ?? 'ExactIn',
        ...signalOf(callOptions),
      }).catch((error: unknown) => {
        throw venueRefusalInOwnWords(error, params);
      });
      const quote = parseQuoteResponse(answer.raw, answer.body, params, config.now());
      return answer.rateLimitWaitMs ? { ...quote, rateLimitWaitMs: answer.rateLimitWaitMs } : quote;
    },
    async swap(request, callOptions) {
      return parseSwapResponse((await post('/swap', request, callOptions)).body, hideKey);
    },
    async swapInstructions(request, callOptions) {
      return parseSwapInstructionsResponse(
        (await post('/swap-instructions', request, callOptions)).body,
        hideKey,
      );
    },
    async programIdToLabel(callOptions) {
      const answer = await send(config, {
        method: 'GET',
        path: '/program-id-to-label',
        ...signalOf(callOptions),
      });
      return parseProgramLabels(answer.body);
    },
  };
}
