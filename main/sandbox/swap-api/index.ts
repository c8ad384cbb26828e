/**
 * The sandbox's Jupiter-v6-compatible swap API: GET /quote, POST /swap, POST /swap-instructions,
 * GET /program-id-to-label and GET /tokens. Seeds the market on first start (idempotent) and
 * reads pool state from the ledger on every request.
 */
import { performance } from 'node:perf_hooks';
import type { CreateSwapApi } from './mount';
import { loadOrSeedMarket } from '../pools/seed-market';
import { AMM_V4_LABEL, CLMM_LABEL, CP_SWAP_LABEL, type VenueLabel } from '../venues/types';
import { CLMM_PROGRAM_ID } from '../clmm/program';
import { CP_SWAP_PROGRAM_ID } from '../cp-swap/program';
import { AMM_V4_PROGRAM_ID } from '../amm-v4/program';
import { SwapApiError } from './api-error';
import { readJson, sendError, sendJson } from './http-io';
import { createMarketContext, type MarketContext } from './market-context';
import { parseQuoteParams } from './quote-params';
import { computeQuote } from './quote-service';
import { parseSwapRequest } from './swap-request';
import { buildSwap } from './swap-service';
import { buildSwapInstructionsResponse } from './swap-instructions-service';

/** The programs the sandbox's routes call, for GET /program-id-to-label. */
export const VENUE_PROGRAM_IDS: Record<string, VenueLabel> = {
  [CP_SWAP_PROGRAM_ID]: CP_SWAP_LABEL,
  [AMM_V4_PROGRAM_ID]: AMM_V4_LABEL,
  [CLMM_PROGRAM_ID]: CLMM_LABEL,
};

const ROUTES: Record<string, 'GET' | 'POST'> = {
  '/quote': 'GET',
  '/swap': 'POST',
  '/swap-instructions': 'POST',
  '/program-id-to-label': 'GET',
  '/tokens': 'GET',
};

/**
 * Runs the transaction /swap just answered, once the answer is sent (issue 26). The wallet's
 * review simulates these very bytes next; while it reads the answer and decodes the message,
 * the sandbox would otherwise sit idle. The ledger keeps the run with the state version and
 * slot it ran at (ledger.ts, `lastSimulation`) and answers the review's simulateTransaction
 * from it only when both are unchanged, so the review still gets a run of the exact bytes
 * against the current state; anything that changed in between makes it run again. When /swap
 * kept a run of these bytes itself (swap-service.ts), this one is answered from it at once.
 */
function simulateAhead(context: MarketContext, transactionBase64: string): void {
  setImmediate(() => {
    try {
      context.ledger.simulateAndKeep(Buffer.from(transactionBase64, 'base64'));
    } catch (error) {
      // Only a head start: the review's own simulateTransaction reports any failure.
      console.error('[swap-api] simulating ahead failed:', error);
    }
  });
}

export const createSwapApi: CreateSwapApi = async ({ ledger, stateDir }) => {
  const context = createMarketContext(ledger, loadOrSeedMarket(ledger, stateDir));
  const now = () => performance.now();
  return {
    async handle(req, res, path, url) {
      try {
        const method = ROUTES[path];
        if (method === undefined) {
          throw new SwapApiError(
            'NOT_FOUND',
            `No endpoint ${path}. Endpoints: ${Object.keys(ROUTES).join(', ')}.`,
          );
        }
        if (req.method !== method) {
          throw new SwapApiError(
            'METHOD_NOT_ALLOWED',
            `${path} takes ${method}, not ${req.method ?? '?'}.`,
          );
        }
        switch (path) {
          case '/quote':
            return sendJson(
              res,
              200,
              computeQuote(context, parseQuoteParams(url.searchParams), now),
            );
          case '/swap': {
            const answer = buildSwap(context, parseSwapRequest(await readJson(req)));
            sendJson(res, 200, answer);
            simulateAhead(context, answer.swapTransaction);
            return;
          }
          case '/swap-instructions':
            return sendJson(
              res,
              200,
              buildSwapInstructionsResponse(context, parseSwapRequest(await readJson(req))),
            );
          case '/program-id-to-label':
            return sendJson(res, 200, VENUE_PROGRAM_IDS);
          default:
            return sendJson(
              res,
              200,
              [...context.tokens.keys()].filter((mint) => context.graph.trades(mint)),
            );
        }
      } catch (error) {
        sendError(res, error);
      }
    },
  };
};
