/**
 * The sandbox's token and price APIs on a real in-process ledger: prices from the seeded pools,
 * search and tag answers in the Tokens API v2 shape, and the warning tokens' mints as the
 * Token-2022 program reads them.
 */
import { join } from 'node:path';
import {
  getPermanentDelegate,
  getTransferFeeConfig,
  unpackMint,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/fixtures/temp-dirs';
import { SandboxLedger } from '../ledger/ledger';
import { loadOrSeedMarket } from '../pools/seed-market';
import { createMarketContext } from '../swap-api/market-context';
import { SANDBOX_TOKENS } from '../tokens';
import { poolPrices } from './pool-prices';
import { searchTokens, taggedTokens, tokenEntry } from './token-entries';
import { firstPoolEntry, NEW_TOKEN_AGE_MS } from './first-pools';
import { firstPoolTime as walletReads } from '../../tokens/token-entry';

const mint = (symbol: string) => SANDBOX_TOKENS.find((t) => t.symbol === symbol)!.mint;

function market() {
  const dir = tempDir('swapdesk-market-data-');
  const ledger = SandboxLedger.open({ stateDir: join(dir, 'ledger'), slotMs: 0 });
  return {
    ledger,
    context: createMarketContext(ledger, loadOrSeedMarket(ledger, join(dir, 'swap'))),
  };
}

describe('the sandbox market data', () => {
  it('prices every token from its pools at their seeded mid prices', () => {
    const { context } = market();
    const prices = poolPrices(context);
    expect(prices.get(mint('USDC'))).toBe(1);
    expect(prices.get(mint('SOL'))).toBeCloseTo(150, 6); // Whirlpool SOL/USDC seeded at 150
    expect(prices.get(mint('PDLG'))).toBeCloseTo(2, 9);
    expect(prices.get(mint('TFEE'))).toBeCloseTo(0.5, 9);
    expect(prices.get(mint('UNVR'))).toBeCloseTo(0.01, 9);
    // Per UI unit (issue 35): the book trades 300 USDC per raw XSTK, a person holds 1.5× that.
    expect(prices.get(mint('XSTK'))).toBeCloseTo(200, 6);
    expect([...prices.keys()].sort()).toEqual(SANDBOX_TOKENS.map((t) => t.mint).sort());
  });

  it('searches as the Tokens API documents: mint lists exactly, else symbol first', () => {
    expect(
      searchTokens(SANDBOX_TOKENS, `${mint('PDLG')},${mint('UNVR')}`).map((t) => t.symbol),
    ).toEqual(['PDLG', 'UNVR']);
    expect(searchTokens(SANDBOX_TOKENS, 'sol').map((t) => t.symbol)).toEqual([
      'SOL',
      'mSOL',
      'JitoSOL',
    ]);
    expect(searchTokens(SANDBOX_TOKENS, '')).toEqual([]);
    expect(taggedTokens(SANDBOX_TOKENS, 'verified').some((t) => t.symbol === 'UNVR')).toBe(false);
    expect(taggedTokens(SANDBOX_TOKENS, 'lst').map((t) => t.symbol)).toEqual(['mSOL', 'JitoSOL']);
  });

  it("publishes each token's first pool as the Tokens API does: old, but UNVR under a day", () => {
    const { context } = market();
    const entry = (symbol: string) =>
      tokenEntry(
        SANDBOX_TOKENS.find((t) => t.symbol === symbol)!,
        'http://127.0.0.1',
        undefined,
        new Date(),
      );
    // The official schema's form (JUP's, in the API reference: "2024-01-29T17:33:29Z").
    expect(entry('BONK').firstPool?.createdAt).toBe('2024-01-29T17:33:29Z');
    // Its id is the token's first seeded pool, one the sandbox really has.
    const bonkPool = entry('BONK').firstPool?.id ?? '';
    expect(context.ledger.getAccount(bonkPool)).not.toBeNull();
    const unvr = entry('UNVR').firstPool;
    const age = Date.now() - Date.parse(unvr?.createdAt ?? '');
    expect(age).toBeGreaterThanOrEqual(NEW_TOKEN_AGE_MS - 1_000);
    expect(age).toBeLessThan(NEW_TOKEN_AGE_MS + 5 * 60_000);
    // What the wallet's directory reads of them (main/tokens/token-entry.ts).
    expect(walletReads(entry('UNVR').firstPool)).toBe(Date.parse(unvr?.createdAt ?? ''));
    // PDLG, XSTK, PAUS and HOOK, which only the market maker trades (no CP-Swap pool), are
    // listed with no first pool.
    expect(SANDBOX_TOKENS.filter((token) => firstPoolEntry(token) === undefined)).toEqual([
      expect.objectContaining({ symbol: 'PDLG' }),
      expect.objectContaining({ symbol: 'XSTK' }),
      expect.objectContaining({ symbol: 'PAUS' }),
      expect.objectContaining({ symbol: 'HOOK' }),
    ]);
  });

  it('writes the warning mints as Token-2022 and SPL Token read them', () => {
    const { ledger } = market();
    const read = (symbol: string) => {
      const account = ledger.getAccount(mint(symbol))!;
      return unpackMint(
        new PublicKey(mint(symbol)),
        {
          data: Buffer.from(account.data),
          owner: new PublicKey(account.owner),
          lamports: Number(account.lamports),
          executable: false,
        },
        new PublicKey(account.owner),
      );
    };
    const fee = getTransferFeeConfig(read('TFEE'));
    expect(fee?.newerTransferFee.transferFeeBasisPoints).toBe(10);
    expect(getPermanentDelegate(read('PDLG'))?.delegate).toEqual(read('PDLG').mintAuthority);
    expect(read('FRZ').freezeAuthority).toEqual(read('FRZ').mintAuthority);
    expect(read('UNVR').freezeAuthority).toBeNull();
    expect(
      new PublicKey(ledger.getAccount(mint('PDLG'))!.owner).equals(TOKEN_2022_PROGRAM_ID),
    ).toBe(true);
  });
});
