/**
 * The Swap API v2 client (official OpenAPI in test/fixtures/real-world/schema): GET /build (the
 * Router path: a quote and raw instructions), GET /order (the Meta-Aggregator path: a quote and
 * an assembled transaction) and POST /execute (lands a signed /order transaction). The same
 * transport as the other flavours: timeouts, retries on 429 (with its reset) and 5xx, words for
 * the gateway's errors, the API key from the keychain and never in a message.
 */
import type { CallOptions, QuoteParams } from '../types';
import { send, type TransportConfig } from '../http-transport';
import { transportConfigOf, type SwapApiClientOptions } from '../client';
import { parseBuildResponse } from './build-response';
import { parseOrderResponse } from './order-response';
import { parseExecuteResponse } from './execute-response';
import { asNoRoute } from './no-route';
import {
  encodeBuildParams,
  encodeOrderParams,
  validateBuildParams,
  validateOrderParams,
} from './request-params';
import type { BuildAnswer, BuildParams, ExecuteAnswer, OrderAnswer, OrderParams } from './types';

export interface SwapV2Client {
  /**
   * GET /build. Throws WalletError (NO_ROUTE, RATE_LIMITED, SWAP_API_*, INVALID_*); a 400
   * without a code is NO_ROUTE (no-route.ts).
   */
  build(params: BuildParams, options?: CallOptions): Promise<BuildAnswer>;
  /** GET /order. An answer whose router could not build carries `notBuilt` in words. */
  order(params: OrderParams, options?: CallOptions): Promise<OrderAnswer>;
  /**
   * POST /execute with exactly `signedTransaction` (the bytes the person approved, signed) and
   * the order's requestId. Its answer is the service's claim; confirm it on the RPC.
   */
  execute(
    request: { signedTransaction: Uint8Array; requestId: string },
    options?: CallOptions,
  ): Promise<ExecuteAnswer>;
}

/**
 * The quote parameters a v2 quote is checked against (ExactIn, the person's slippage). An
 * /order asked without `slippageBps` (gasless) is only checked for consistency with the slippage
 * it states: the caller holds it to the person's cap (tickets/v2/order-quote-checks.ts).
 */
function quoteParamsOf(params: BuildParams | OrderParams, platformFeeBps?: number): QuoteParams {
  return {
    inputMint: params.inputMint,
    outputMint: params.outputMint,
    amount: params.amount,
    swapMode: 'ExactIn',
    ...(params.slippageBps === undefined
      ? { autoSlippage: true, maxAutoSlippageBps: 10_000 }
      : { slippageBps: params.slippageBps }),
    ...(platformFeeBps === undefined ? {} : { platformFeeBps }),
  };
}

/**
 * Creates a v2 client bound to one service (e.g. `https://api.jup.ag/swap/v2`).
 * @example const answer = await createSwapV2Client(options).build({ inputMint, outputMint, amount, taker, slippageBps: 50 });
 */
export function createSwapV2Client(options: SwapApiClientOptions): SwapV2Client {
  const config: TransportConfig = transportConfigOf(options);
  const signalOf = (callOptions?: CallOptions) =>
    callOptions?.signal === undefined ? {} : { signal: callOptions.signal };
  // Both ExactIn GETs (/build, /order) read an answer of no route as such.
  const getExactIn = (path: string, query: URLSearchParams, callOptions?: CallOptions) =>
    send(config, {
      method: 'GET',
      path,
      query,
      swapMode: 'ExactIn',
      ...signalOf(callOptions),
    }).catch(asNoRoute);
  return {
    async build(params, callOptions) {
      validateBuildParams(params);
      const answer = await getExactIn('/build', encodeBuildParams(params), callOptions);
      return parseBuildResponse(
        answer.raw,
        answer.body,
        quoteParamsOf(params, params.platformFeeBps),
        config.now(),
      );
    },
    async order(params, callOptions) {
      validateOrderParams(params);
      const answer = await getExactIn('/order', encodeOrderParams(params), callOptions);
      return parseOrderResponse(answer.raw, answer.body, quoteParamsOf(params), config.now());
    },
    // Retried like the others on 429/5xx: the same signed bytes carry the same signature, so
    // the network lands them at most once however often they are handed over.
    async execute(request, callOptions) {
      const answer = await send(config, {
        method: 'POST',
        path: '/execute',
        body: JSON.stringify({
          signedTransaction: Buffer.from(request.signedTransaction).toString('base64'),
          requestId: request.requestId,
        }),
        ...signalOf(callOptions),
      });
      return parseExecuteResponse(answer.body);
    },
  };
}
