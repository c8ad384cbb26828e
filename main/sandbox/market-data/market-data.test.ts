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
import { searchTokens, taggedTokens } from './token-entries';

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
