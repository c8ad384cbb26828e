/**
 * The sandbox's Jupiter-v6-compatible swap API: GET /quote, POST /swap, POST /swap-instructions,
 * GET /program-id-to-label and GET /tokens. Seeds the market on first start (idempotent) and
 * reads pool state from the ledger on every request.
 */
import { performance } from 'node:perf_hooks';
import type { CreateSwapApi } from './mount';
import { loadOrSeedMarket } from '../pools/seed-market';
import type { VenueLabel } from '../venues/types';
import { SwapApiError } from './api-error';
import { readJson, sendError, sendJson } from './http-io';
import { createMarketContext } from './market-context';
import { parseQuoteParams } from './quote-params';
import { computeQuote } from './quote-service';
import { parseSwapRequest } from './swap-request';
import { buildSwap } from './swap-service';
import { buildSwapInstructionsResponse } from './swap-instructions-service';
import { createEscrowBook } from './escrow';

/** The mainnet programs of the venues the sandbox imitates, for GET /program-id-to-label. */
export const VENUE_PROGRAM_IDS: Record<string, VenueLabel> = {
  whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc: 'Whirlpool',
  CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK: 'Raydium CLMM',
  CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C: 'Raydium CPMM',
  SSwpkEEcbUqx4vtoEByFjSkhKdCT5bvNZdhbhAtW6bS: 'Saber',
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
  const escrows = createEscrowBook(
    ledger,
    context.market.authority,
    stateDir,
    (mint) => context.tokens.get(mint)?.decimals ?? 0,
  );
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
        // Expired escrows of /swap-instructions go back into their pools before anything is
        // priced (lazily: deterministic, and a sandbox nobody asks does no work).
        escrows.sweepExpired();
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
              buildSwapInstructionsResponse(
                context,
                escrows,
                parseSwapRequest(await readJson(req)),
              ),
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
