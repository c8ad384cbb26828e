/**
 * The sandbox's token and price APIs, at the paths the swap API host serves them in the world,
 * so that the wallet reads the sandbox and mainnet with the same code (issue 11):
 *
 * - `GET /tokens/v2/search?query=` and `GET /tokens/v2/tag?query=verified|lst`
 *   (`token-entries.ts`)
 * - `GET /price/v3?ids=<mint>,<mint>`: `{ [mint]: { usdPrice, blockId, decimals,
 *   priceChange24h, createdAt, liquidity } }`, prices from the pools (`pool-prices.ts`); a token
 *   without a price is left out, as the real API does; at most 50 ids.
 * - `GET /sandbox/logos/<SYMBOL>.png` (`logos.ts`), the icons the token entries name.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MarketContext } from '../swap-api/market-context';
import { HOSTILE_LOGO_BODY, HOSTILE_LOGO_FILE, logoPng } from './logos';
import { poolPrices } from './pool-prices';
import { searchTokens, taggedTokens, tokenEntry } from './token-entries';

const MAX_PRICE_IDS = 50;

export interface MarketDataApi {
  /** True when it answered the request (the path is one of its own). */
  handle(req: IncomingMessage, res: ServerResponse, url: URL): boolean;
}

function send(res: ServerResponse, status: number, body: string | Buffer, type: string): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  send(res, status, JSON.stringify(body), 'application/json');

export function createMarketDataApi(
  context: MarketContext,
  options: { now?: () => Date } = {},
): MarketDataApi {
  const now = options.now ?? (() => new Date());
  const logos = new Map(
    context.market.tokens.map((token) => [token.symbol, logoPng(token.symbol)]),
  );
  const entries = (tokens: ReturnType<typeof searchTokens>, req: IncomingMessage) => {
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`;
    const prices = poolPrices(context);
    return tokens.map((token) => tokenEntry(token, origin, prices.get(token.mint), now()));
  };
  return {
    handle(req, res, url) {
      const path = url.pathname;
      const known =
        path === '/tokens/v2/search' ||
        path === '/tokens/v2/tag' ||
        path === '/price/v3' ||
        path.startsWith('/sandbox/logos/');
      if (!known) return false;
      if (req.method !== 'GET') {
        json(res, 405, { error: `${path} takes GET` });
        return true;
      }
      const query = url.searchParams.get('query') ?? '';
      if (path === '/tokens/v2/search') {
        json(res, 200, entries(searchTokens(context.market.tokens, query), req));
      } else if (path === '/tokens/v2/tag') {
        json(res, 200, entries(taggedTokens(context.market.tokens, query), req));
      } else if (path === '/price/v3') {
        const ids = (url.searchParams.get('ids') ?? '').split(',').filter((id) => id !== '');
        if (ids.length === 0 || ids.length > MAX_PRICE_IDS) {
          json(res, 400, { error: `ids must list 1 to ${MAX_PRICE_IDS} mints, comma separated` });
          return true;
        }
        const prices = poolPrices(context);
        const slot = context.ledger.currentSlot();
        const answer: Record<string, unknown> = {};
        for (const id of ids) {
          const price = prices.get(id);
          const token = context.tokens.get(id);
          if (price === undefined || token === undefined) continue;
          answer[id] = {
            createdAt: '2024-06-05T08:55:25.527Z',
            liquidity: 1_000_000,
            usdPrice: price,
            blockId: slot,
            decimals: token.decimals,
            priceChange24h: 0,
          };
        }
        json(res, 200, answer);
      } else {
        const file = decodeURIComponent(path.slice('/sandbox/logos/'.length));
        const png = logos.get(file.replace(/\.png$/, ''));
        if (file === HOSTILE_LOGO_FILE) send(res, 200, HOSTILE_LOGO_BODY, 'image/svg+xml');
        else if (png && file.endsWith('.png')) send(res, 200, png, 'image/png');
        else json(res, 404, { error: `No logo ${file}` });
      }
      return true;
    },
  };
}
