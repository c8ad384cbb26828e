import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PublicKey } from '@solana/web3.js';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/fixtures/temp-dirs';
import {
  recorded,
  startRecordedApiServer,
  type RecordedApiServer,
} from '../../test/fixtures/recorded-api-server';
import { BUNDLED_TOKENS } from '../handlers/tokens';
import { MAX_ANSWER_BYTES } from './market-http';
import { createTokenDirectory } from './token-directory';

const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
// The guide's answer (source named in the file): few fields, no tokenProgram.
const guide = recorded('tokens-v2-search-jup.json');
// The API reference's answer: dozens of fields the directory must read past.
const reference = recorded('_partial-tokens-v2-search-api-reference.json');

let api: RecordedApiServer;
let clock = 1_000_000;
beforeEach(async () => {
  api = await startRecordedApiServer();
  clock = 1_000_000;
});
afterEach(() => api.close());

function directory(cacheFile = join(tempDir('swapdesk-directory-'), 'tokens.json'), key?: string) {
  return {
    cacheFile,
    directory: createTokenDirectory({
      origin: api.origin,
      apiKey: async () => key,
      fetch,
      now: () => clock,
      cacheFile,
      bundled: BUNDLED_TOKENS,
    }),
  };
}

describe('the token directory against recorded Tokens API v2 answers', () => {
  it('reads the published search answers: JUP, verified, logo URL kept in main', async () => {
    api.route('/tokens/v2/search', { status: 200, body: JSON.stringify(guide.body) });
    const { directory: d } = directory(undefined, 'my-key');
    const answer = await d.search('JUP');
    expect(answer.source).toBe('api');
    expect(answer.tokens).toEqual([
      {
        mint: JUP,
        symbol: 'JUP',
        name: 'Jupiter',
        decimals: 6,
        tokenProgram: null, // the guide's answer does not carry it
        logoUri: 'https://static.jup.ag/jup/icon.png',
        verified: true,
        tags: ['verified', 'community', 'strict'],
        firstPoolAt: null, // nor its first pool: an age unknown
      },
    ]);
    expect(api.requests[0]?.query.get('query')).toBe('JUP');
    expect(api.requests[0]?.headers['x-api-key']).toBe('my-key');

    api.route('/tokens/v2/search', { status: 200, body: JSON.stringify(reference.body) });
    const full = await d.search('jupiter');
    expect(full.tokens[0]).toMatchObject({
      mint: JUP,
      tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      verified: true,
    });
  });

  it("reads a token's first pool date (the API reference's answer), kept across a restart; a bad one is unknown", async () => {
    // The reference's JUP: "firstPool": {"id": "2pspvj…", "createdAt": "2024-01-29T17:33:29Z"}.
    api.route('/tokens/v2/search', { status: 200, body: JSON.stringify(reference.body) });
    const { directory: d, cacheFile } = directory();
    const [jup] = (await d.search('jupiter')).tokens;
    expect(jup?.firstPoolAt).toBe(Date.parse('2024-01-29T17:33:29Z'));
    expect(new Date(jup?.firstPoolAt ?? 0).toISOString()).toBe('2024-01-29T17:33:29.000Z');
    // The cache keeps it: a review offline still knows the token's age.
    api.route('/tokens/v2/search', { status: 503, body: '' });
    const { directory: later } = directory(cacheFile);
    expect((await later.get([JUP])).get(JUP)?.firstPoolAt).toBe(Date.parse('2024-01-29T17:33:29Z'));

    // Malformed or missing: unknown (null), which the fee table reads as older; the entry stays.
    const [entry] = reference.body as Record<string, unknown>[];
    const bad: unknown[] = [
      { id: 'x', createdAt: 'yesterday' },
      { id: 'x', createdAt: '1706549609' },
      { id: 'x', createdAt: 1706549609000 },
      { id: 'x', createdAt: '2024-13-45T99:00:00Z' },
      { id: 'x' },
      null,
      '2024-01-29T17:33:29Z',
    ];
    for (const firstPool of bad) {
      api.route('/tokens/v2/search', {
        status: 200,
        body: JSON.stringify([{ ...entry, firstPool }]),
      });
      const [token] = (await directory().directory.search('jupiter')).tokens;
      expect(token).toMatchObject({ mint: JUP, verified: true, firstPoolAt: null });
    }
  });

  it('caches the verified list with its age and answers from it when the API is down', async () => {
    api.route('/tokens/v2/tag', { status: 200, body: JSON.stringify(guide.body) });
    const { directory: first, cacheFile } = directory();
    expect(await first.list()).toMatchObject({ source: 'api', fetchedAt: 1_000_000 });
    expect(JSON.parse(readFileSync(cacheFile, 'utf8')).verified.fetchedAt).toBe(1_000_000);

    // A new start, an hour later, the API answering 503: the cache answers, with its age.
    api.route('/tokens/v2/tag', { status: 503, body: '{"error":"unavailable"}' });
    clock += 7 * 60 * 60 * 1000;
    const { directory: later } = directory(cacheFile);
    const answer = await later.list();
    expect(answer).toMatchObject({ source: 'cache', fetchedAt: 1_000_000 });
    expect(answer.tokens.map((t) => t.symbol)).toEqual(['JUP']);
    // A search offline is answered from what is known (cache and bundled list).
    api.route('/tokens/v2/search', { status: 503, body: '' });
    expect((await later.search('jup')).tokens.map((t) => t.mint)).toContain(JUP);
  });

  it('falls back to the bundled list with no cache and no API', async () => {
    api.route('/tokens/v2/tag', { status: 401, body: '{"code":401,"message":"Unauthorized"}' });
    const answer = await directory().directory.list();
    expect(answer.source).toBe('bundled');
    expect(answer.fetchedAt).toBeNull();
    expect(answer.tokens.map((t) => t.symbol)).toEqual(expect.arrayContaining(['SOL', 'USDC']));
  });

  it('looks mints up in one search request and remembers them', async () => {
    const unknownMint = '4V5ZVoUWuiCw7JRnD87JXhBXFVq6erXBXymz9z8y4Pki';
    api.route('/tokens/v2/search', (query) => ({
      status: 200,
      body: JSON.stringify(
        query.get('query') === unknownMint
          ? [{ id: unknownMint, name: 'Look', symbol: 'LOOK', decimals: 6, isVerified: false }]
          : [],
      ),
    }));
    const { directory: d } = directory();
    const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    const found = await d.get([USDC, unknownMint]);
    expect(found.get(USDC)?.verified).toBe(true); // bundled: no request needed
    expect(found.get(unknownMint)).toMatchObject({ symbol: 'LOOK', verified: false });
    expect(api.requests.map((r) => r.query.get('query'))).toEqual([unknownMint]);
    await d.get([unknownMint]);
    expect(api.requests).toHaveLength(1);
  });

  it('takes a verified list of thousands of full entries, and refuses an oversized search', async () => {
    // The tag answer is every verified token with its full entry (the reference's shape): 12,000
    // of them come to about 11 MB, more than any search or price answer may be.
    const [entry] = reference.body as Record<string, unknown>[];
    const many = Array.from({ length: 12_000 }, (_, i) => {
      const bytes = new Uint8Array(32).fill(7);
      new DataView(bytes.buffer).setUint32(0, i + 1);
      return { ...entry, id: new PublicKey(bytes).toBase58(), symbol: `T${i}` };
    });
    const body = JSON.stringify(many);
    expect(body.length).toBeGreaterThan(MAX_ANSWER_BYTES);
    api.route('/tokens/v2/tag', { status: 200, body });
    const { directory: d } = directory();
    const list = await d.list();
    expect(list.source).toBe('api');
    expect(list.tokens).toHaveLength(12_000);
    expect(list.tokens[11_999]).toMatchObject({ symbol: 'T11999', verified: true });

    api.route('/tokens/v2/search', { status: 200, body });
    const search = await d.search('T1199');
    expect(search.source).not.toBe('api'); // answered from what is known instead
    expect(search.tokens.map((t) => t.symbol)).toEqual(expect.arrayContaining(['T1199', 'T11999']));
  });

  it('names the verified tokens a symbol reads like, from what it knows offline', async () => {
    const { directory: d } = directory();
    const lookalikeMint = '4V5ZVoUWuiCw7JRnD87JXhBXFVq6erXBXymz9z8y4Pki';
    // The bundled list: "ЈUP" with a Cyrillic Ј reads like JUP; JUP itself imitates nobody.
    expect((await d.namesakes(lookalikeMint, '\u0408UP')).map((t) => t.mint)).toEqual([JUP]);
    expect(await d.namesakes(JUP, 'JUP')).toEqual([]);
    expect(await d.namesakes(lookalikeMint, 'NEWT')).toEqual([]);
    // A verified token that arrives with the list is known from then on.
    const [entry] = reference.body as Record<string, unknown>[];
    const newt = { ...entry, id: 'NEWTmintNEWTmintNEWTmintNEWTmintNEWTmint111', symbol: 'NEWT' };
    api.route('/tokens/v2/tag', { status: 200, body: JSON.stringify([newt]) });
    await d.list();
    expect((await d.namesakes(lookalikeMint, 'newt')).map((t) => t.symbol)).toEqual(['NEWT']);
  });

  it('drops a malformed entry, never the whole answer', async () => {
    api.route('/tokens/v2/search', {
      status: 200,
      body: JSON.stringify([
        { id: 'not-a-mint', symbol: 'BAD', name: 'x', decimals: 6 },
        ...(guide.body as unknown[]),
      ]),
    });
    expect((await directory().directory.search('x')).tokens.map((t) => t.symbol)).toEqual(['JUP']);
  });
});
