/**
 * The sandbox's Jupiter-v6-compatible swap API. Placeholder until the router and transaction
 * builder land: every path answers 501 with the error body shape of the spec.
 */
import type { CreateSwapApi } from './mount';

export const createSwapApi: CreateSwapApi = async () => ({
  async handle(_req, res, path) {
    res.writeHead(501, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errorCode: 'NOT_SUPPORTED', error: `${path} is not built yet` }));
  },
});
