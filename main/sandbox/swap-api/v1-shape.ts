/**
 * The sandbox's swap API in today's swap/v1 shape (`--api-shape v1`, served under `/swap/v1`),
 * so the wallet is tested against the service as it answers in the world, not only against the
 * spec's v6 shape. It wraps the v6 handler and reshapes what goes in and out, following the
 * official swap/v1 OpenAPI (test/fixtures/real-world/schema) and the published answers:
 *
 * - GET /quote: no `autoSlippage`, `maxAutoSlippageBps`, `autoSlippageCollisionUsdValue` (gone
 *   from swap/v1: ignored, as the real service ignores unknown parameters); answers without
 *   `feeAmount`/`feeMint` (dropped 2025-11), with `bps: null` beside `percent`, and without the
 *   schema's optional `contextSlot`, `timeTaken`, `computedAutoSlippage`, or a null `platformFee`;
 * - POST /swap and /swap-instructions: take such a quote back (and `dynamicSlippage: true`, a
 *   /swap flag there, answered with a `dynamicSlippageReport`); /swap-instructions answers also
 *   carry `blockhashWithMetadata`, `addressesByLookupTableAddress`, `prioritizationType` and
 *   `simulationSlot` as today's service does, and not the sandbox's v6 extra
 *   `lastValidBlockHeight`.
 */
import bs58 from 'bs58';
import type { SwapApiHandler } from './mount';
import { readJson, sendError, sendJson } from './http-io';
import { callV6 } from './v6-call';

type Json = Record<string, unknown>;

const GONE_QUOTE_PARAMS = ['autoSlippage', 'maxAutoSlippageBps', 'autoSlippageCollisionUsdValue'];

/** A v6 quote in the swap/v1 shape. */
export function toV1Quote(quote: Json): Json {
  const { contextSlot: _slot, timeTaken: _time, computedAutoSlippage: _auto, ...rest } = quote;
  const routePlan = (quote.routePlan as Json[]).map((step) => {
    const { feeAmount: _fee, feeMint: _mint, ...swapInfo } = step.swapInfo as Json;
    return { swapInfo, percent: step.percent, bps: null };
  });
  const out: Json = { ...rest, routePlan };
  if (out.platformFee === null) delete out.platformFee;
  return out;
}

/** A swap/v1 quote sent back to /swap, as the v6 handler reads it. */
function fromV1Quote(quote: unknown): unknown {
  if (typeof quote !== 'object' || quote === null) return quote;
  const record = quote as Json;
  if (!Array.isArray(record.routePlan)) return quote;
  return {
    ...record,
    routePlan: (record.routePlan as unknown[]).map((step) => {
      if (typeof step !== 'object' || step === null) return step;
      const { bps, ...rest } = step as Json;
      return bps === null ? rest : { ...rest, bps };
    }),
  };
}

/** A /swap or /swap-instructions body in the swap/v1 shape, as the v6 handler reads it. */
function fromV1SwapBody(body: unknown): { body: unknown; dynamicSlippage: boolean } {
  if (typeof body !== 'object' || body === null) return { body, dynamicSlippage: false };
  const { dynamicSlippage, ...rest } = body as Json;
  return {
    body: { ...rest, quoteResponse: fromV1Quote(rest.quoteResponse) },
    dynamicSlippage: dynamicSlippage === true,
  };
}

function slippageReport(body: unknown): Json {
  const quote = (body as { quoteResponse?: { slippageBps?: unknown } }).quoteResponse;
  return {
    slippageBps: typeof quote?.slippageBps === 'number' ? quote.slippageBps : null,
    otherAmount: null,
    simulatedIncurredSlippageBps: null,
    amplificationRatio: null,
  };
}

/** Today's /swap-instructions extras around a v6 answer. */
async function toV1Instructions(answer: Json, blockhash: () => Promise<string>): Promise<Json> {
  const { lastValidBlockHeight, ...rest } = answer;
  return {
    ...rest,
    prioritizationType: {
      computeBudget: { microLamports: 0, estimatedMicroLamports: 0 },
    },
    simulationSlot: null,
    addressesByLookupTableAddress: null,
    blockhashWithMetadata: {
      blockhash: [...bs58.decode(await blockhash())],
      lastValidBlockHeight,
      fetchedAt: { secs_since_epoch: Math.floor(Date.now() / 1000), nanos_since_epoch: 0 },
    },
  };
}

/**
 * The swap/v1 handler over the v6 one. `blockhash` gives the ledger's latest blockhash (today's
 * /swap-instructions answer names the blockhash it simulated with).
 */
export function swapV1Handler(
  inner: SwapApiHandler,
  blockhash: () => Promise<string>,
): SwapApiHandler {
  return {
    async handle(req, res, path, url) {
      try {
        if (path === '/quote' && req.method === 'GET') {
          const query = new URL(url.href);
          for (const name of GONE_QUOTE_PARAMS) query.searchParams.delete(name);
          const answer = await callV6(inner, req, path, query);
          return sendJson(
            res,
            answer.status,
            answer.status === 200 ? toV1Quote(answer.body as Json) : answer.body,
          );
        }
        if ((path === '/swap' || path === '/swap-instructions') && req.method === 'POST') {
          const { body, dynamicSlippage } = fromV1SwapBody(await readJson(req));
          const answer = await callV6(inner, req, path, url, body);
          if (answer.status !== 200) return sendJson(res, answer.status, answer.body);
          let out = answer.body as Json;
          if (path === '/swap-instructions') out = await toV1Instructions(out, blockhash);
          if (dynamicSlippage) out = { ...out, dynamicSlippageReport: slippageReport(body) };
          return sendJson(res, 200, out);
        }
        return inner.handle(req, res, path, url);
      } catch (error) {
        sendError(res, error);
      }
    },
  };
}
