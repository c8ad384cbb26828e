/**
 * The sandbox's swap API in the Swap API v2 shape (`--api-shape v2`, served under `/swap/v2`):
 * GET /build (v2-build.ts), GET /order and POST /execute (v2-order.ts), at the shapes of the
 * official OpenAPI (test/fixtures/real-world/schema/jup-ag-docs-1dda348d-openapi-swap-v2.yaml;
 * main/sandbox/swap-api/v2-shape.test.ts validates the answers against it). ExactIn only. The
 * v6 endpoints are not served here (the real v2 has none); `/tokens` stays for the wallet's
 * token list. The instructions come from one replaceable step (v2-route-build.ts).
 */
import type { Keypair } from '@solana/web3.js';
import type { LedgerView } from '../ledger/ledger-view';
import type { SwapApiHandler } from './mount';
import { readJson, sendError, sendJson } from './http-io';
import { answerBuild } from './v2-build';
import { createOrderDesk, type OrderDeskOptions } from './v2-order';
import { cpSwapRouteBuilder, type V2RouteBuilder } from './v2-route-build';

const ROUTES: Record<string, 'GET' | 'POST'> = {
  '/build': 'GET',
  '/order': 'GET',
  '/execute': 'POST',
  '/tokens': 'GET',
};

/**
 * The v2 handler over the v6 one; `marketMaker` is the key of the sandbox's market maker (it
 * signs its fills at /execute); `builder` defaults to today's CP-Swap instructions.
 */
export function swapV2Handler(
  inner: SwapApiHandler,
  ledger: LedgerView,
  marketMaker: Keypair,
  builder: V2RouteBuilder = cpSwapRouteBuilder(inner),
  options: OrderDeskOptions = {},
): SwapApiHandler {
  const desk = createOrderDesk(inner, builder, ledger, marketMaker, options);
  return {
    async handle(req, res, path, url) {
      try {
        const method = ROUTES[path];
        if (method === undefined) {
          return sendJson(res, 404, {
            error: `No endpoint ${path}. Endpoints: /build, /order, /execute.`,
          });
        }
        if (req.method !== method) {
          return sendJson(res, 405, {
            error: `${path} takes ${method}, not ${req.method ?? '?'}.`,
          });
        }
        if (path === '/tokens') return inner.handle(req, res, path, url);
        const answer =
          path === '/build'
            ? await answerBuild(inner, builder, ledger, req, url)
            : path === '/order'
              ? await desk.order(req, url)
              : desk.execute(await readJson(req));
        return sendJson(res, answer.status, answer.body);
      } catch (error) {
        sendError(res, error);
      }
    },
  };
}
