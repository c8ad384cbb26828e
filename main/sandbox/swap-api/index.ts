/**
 * The sandbox's Jupiter-v6-compatible swap API: GET /quote, POST /swap, POST /swap-instructions,
 * GET /program-id-to-label and GET /tokens. Seeds the market on first start (idempotent) and
 * reads pool state from the ledger on every request.
 */
import { performance } from 'node:perf_hooks';
import type { CreateSwapApi } from './mount';
import { loadOrSeedMarket } from '../pools/seed-market';
import { CP_SWAP_LABEL, type VenueLabel } from '../venues/types';
import { CP_SWAP_PROGRAM_ID } from '../cp-swap/program';
import { SwapApiError } from './api-error';
import { readJson, sendError, sendJson } from './http-io';
import { createMarketContext } from './market-context';
import { parseQuoteParams } from './quote-params';
import { computeQuote } from './quote-service';
import { parseSwapRequest } from './swap-request';
import { buildSwap } from './swap-service';
import { buildSwapInstructionsResponse } from './swap-instructions-service';

/** The programs the sandbox's routes call, for GET /program-id-to-label. */
export const VENUE_PROGRAM_IDS: Record<string, VenueLabel> = {
  [CP_SWAP_PROGRAM_ID]: CP_SWAP_LABEL,
};

const ROUTES: Record<string, 'GET' | 'POST'> = {
  '/quote': 'GET',
  '/swap': 'POST',
  '/swap-instructions': 'POST',
  '/program-id-to-label': 'GET',
  '/tokens': 'GET',
};

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
          case '/swap':
            return sendJson(res, 200, buildSwap(context, parseSwapRequest(await readJson(req))));
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
