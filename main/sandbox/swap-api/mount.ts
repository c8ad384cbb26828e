/**
 * The sandbox's HTTP server (owned by the ledger/RPC side) hands every request under `/v6/` to
 * the swap API through this interface.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LedgerView } from '../ledger/ledger-view';

export interface SwapApiHandler {
  /** `path` is the part after `/v6`, e.g. `/quote`; `url.searchParams` holds the query. */
  handle(req: IncomingMessage, res: ServerResponse, path: string, url: URL): Promise<void>;
}

export interface SwapApiOptions {
  ledger: LedgerView;
  /** Folder for the swap API's own persistent state (pool definitions, venue authority key). */
  stateDir: string;
}

/** Implemented in swap-api/index.ts: seeds pools at genesis (idempotent) and returns the handler. */
export type CreateSwapApi = (options: SwapApiOptions) => Promise<SwapApiHandler>;
