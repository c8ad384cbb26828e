/**
 * The wallet's swap API client (main/swap-api) pointed at a sandbox's swap API, with the real
 * fetch and real waits, for the suites that call the service directly (swap-api-sandbox,
 * sandbox-swap-v1, review-durable-nonce, token-2022-rules) instead of through the wallet.
 */
import {
  createSwapApiClient,
  realWait,
  type SwapApiClient,
  type SwapApiClientOptions,
} from '../../main/swap-api';

/** A client of `baseUrl`: 10 s a request, one retry; `overrides` changes any option. */
export function sandboxSwapApi(
  baseUrl: string,
  overrides: Partial<SwapApiClientOptions> = {},
): SwapApiClient {
  return createSwapApiClient({
    baseUrl,
    fetch,
    wait: realWait,
    now: Date.now,
    timeoutMs: 10_000,
    retries: 1,
    ...overrides,
  });
}
