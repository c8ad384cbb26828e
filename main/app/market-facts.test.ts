import { join } from 'node:path';
import { Keypair } from '@solana/web3.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures/temp-dirs';
import { INTENT_USDC as USDC, swapIntent } from '../../test/fixtures/swap-intent';
import {
  recorded,
  startRecordedApiServer,
  type RecordedApiServer,
} from '../../test/fixtures/recorded-api-server';
import { BUNDLED_TOKENS } from '../handlers/tokens';
import { createPriceMemory } from '../prices/price-memory';
import { createPriceService } from '../prices/price-service';
import { marketWarnings } from '../review/market-warnings';
import type { Address } from '../shared/address';
import { createTokenDirectory } from '../tokens/token-directory';
import { firstPoolsOf } from '../tickets/issue-ticket';
import { marketFactsOf } from './market-facts';

const FAKE = Keypair.generate().publicKey.toBase58() as Address;
// The Tokens API v2 guide's published entry (source named in the file), with the fields a
// look-alike scam would set: another mint, USDC's name, a Cyrillic Ѕ in the symbol, unverified.
const [published] = recorded('tokens-v2-search-jup.json').body as Record<string, unknown>[];
const lookalike = {
  ...published,
  id: FAKE,
  name: 'USD Coin',
  symbol: 'U\u0405DC',
  isVerified: false,
  tags: [],
};

let api: RecordedApiServer;
beforeEach(async () => {
  api = await startRecordedApiServer();
});
afterEach(() => api.close());

function facts() {
  const host = { origin: api.origin, apiKey: async () => undefined, fetch };
  const directory = createTokenDirectory({
    ...host,
    now: () => 1_000,
    cacheFile: join(tempDir('swapdesk-market-facts-'), 'tokens.json'),
    bundled: BUNDLED_TOKENS,
  });
  return marketFactsOf(directory, createPriceService({ ...host, now: () => 1_000 }));
}

const buy = (outputMint: Address) => swapIntent({ outputMint });

describe("the review's market facts", () => {
  it('name the verified USDC that an unverified "UЅDC" reads like', async () => {
    api.route('/tokens/v2/search', (query) => ({
      status: 200,
      body: JSON.stringify(query.get('query') === FAKE ? [lookalike] : []),
    }));
    const market = await facts()(buy(FAKE));
    expect(market.tokens.get(FAKE)).toMatchObject({ symbol: 'U\u0405DC', verified: false });
    expect(market.namesakes).toEqual(new Map([[FAKE, USDC]]));
    const [warning] = marketWarnings(buy(FAKE), market);
    expect(warning?.mustAcknowledge).toBe(true);
    expect(warning?.sentence).toContain(
      'a verified token whose symbol reads the same has another mint (EPjF…Dt1v): this one may be an imitation.',
    );
  });

  it('name nothing for an unverified token that imitates no verified symbol', async () => {
    api.route('/tokens/v2/search', () => ({
      status: 200,
      body: JSON.stringify([{ ...lookalike, symbol: 'UNVR', name: 'Unverified' }]),
    }));
    const market = await facts()(buy(FAKE));
    expect(market.namesakes).toEqual(new Map());
    const [warning] = marketWarnings(buy(FAKE), market);
    expect(warning?.sentence).toContain('anyone can create a token with any name and logo.');
  });

  it("carry each token's first pool date to the review, as the verified marks are carried", async () => {
    // The Tokens API reference's entry (source named in the file), as a token launched 3 hours
    // ago would be listed: its `firstPool.createdAt` is what makes it "new" in Jupiter's fees.
    const [reference] = recorded('_partial-tokens-v2-search-api-reference.json').body as Record<
      string,
      unknown
    >[];
    const launched = new Date(Date.now() - 3 * 3_600_000);
    api.route('/tokens/v2/search', () => ({
      status: 200,
      body: JSON.stringify([
        {
          ...reference,
          id: FAKE,
          symbol: 'NEW',
          isVerified: false,
          firstPool: { id: FAKE, createdAt: launched.toISOString() },
        },
      ]),
    }));
    const market = await facts()(buy(FAKE));
    expect(market.tokens.get(FAKE)?.firstPoolAt).toBe(launched.getTime());
    // What the review is given (tickets/issue-ticket.ts): USDC, bundled, with its age unknown.
    expect(firstPoolsOf(market)).toEqual(
      new Map([
        [swapIntent().inputMint, null],
        [FAKE, launched.getTime()],
      ]),
    );
  });

  it("carry the service's earlier prices of each side, as its Price API answered them (issue 32)", async () => {
    // The Price API v3 shape; the token's price moves from $1.00 to $1.6667 over 42 minutes.
    let usdPrice = 1;
    api.route('/price/v3', () => ({
      status: 200,
      body: JSON.stringify({ [FAKE]: { usdPrice, blockId: 1, decimals: 6, priceChange24h: 0 } }),
    }));
    let clock = 1_000_000;
    const now = () => clock;
    const host = { origin: api.origin, apiKey: async () => undefined, fetch };
    const memory = createPriceMemory();
    const directory = createTokenDirectory({
      ...host,
      now,
      cacheFile: join(tempDir('swapdesk-market-facts-'), 'tokens.json'),
      bundled: BUNDLED_TOKENS,
    });
    const market = marketFactsOf(
      directory,
      createPriceService({ ...host, now, memory }),
      undefined,
      undefined,
      {
        memory,
        now,
      },
    );
    await market(buy(FAKE));
    clock += 42 * 60_000;
    usdPrice = 1.6667;
    const later = await market(buy(FAKE));
    expect(later.prices[FAKE]?.usdPrice).toBe('1.6667');
    expect(later.remembered).toEqual({
      at: clock,
      prices: new Map([
        [swapIntent().inputMint, []],
        [
          FAKE,
          [
            { usdPrice: '1', at: 1_000_000 },
            { usdPrice: '1.6667', at: clock },
          ],
        ],
      ]),
    });
  });
});
