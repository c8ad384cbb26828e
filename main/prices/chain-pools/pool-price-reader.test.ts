/**
 * Prices from the chain's own pools (issue 32), read from a real sandbox ledger whose CP-Swap
 * pools were made by the program's own `initialize` (main/sandbox/cp-swap/pool-seeds.ts): the
 * deepest pool against a reference wins, a pool not owned by the program is nobody's, and an RPC
 * failure is no evidence.
 */
import { PublicKey } from '@solana/web3.js';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/fixtures/temp-dirs';
import { SandboxLedger } from '../../sandbox/ledger/ledger';
import { findSandboxToken, SANDBOX_TOKENS } from '../../shared/sandbox-tokens';
import type { FeedAccount } from '../oracle/oracle-checks';
import type { OracleConnection } from '../oracle/oracle-reader';
import { cpPoolAddress, CONFIG_INDICES } from './cp-pool-account';
import { createPoolPriceReader, type ReferencePrice } from './pool-price-reader';

const mint = (symbol: string) => SANDBOX_TOKENS.find((t) => t.symbol === symbol)!.mint;
const [SOL, USDC, USDT] = [mint('SOL'), mint('USDC'), mint('USDT')];

const references = new Map<string, ReferencePrice>([
  [SOL, { mint: SOL, usdPrice: '150', toleranceBps: 0n, source: "Pyth's SOL/USD feed" }],
  [USDC, { mint: USDC, usdPrice: '1', toleranceBps: 0n, source: "Pyth's USDC/USD feed" }],
  [USDT, { mint: USDT, usdPrice: '1', toleranceBps: 0n, source: "Pyth's USDT/USD feed" }],
]);

let ledger: SandboxLedger;
let reads = 0;
const connection = (
  tamper: (address: string, account: FeedAccount | null) => FeedAccount | null = (_, a) => a,
): OracleConnection => ({
  async getMultipleAccountsInfo(keys: PublicKey[]) {
    reads += 1;
    return keys.map((key) => {
      const account = ledger.getAccount(key.toBase58());
      return tamper(key.toBase58(), account ? { owner: account.owner, data: account.data } : null);
    });
  },
});

beforeAll(() => {
  ledger = SandboxLedger.open({
    stateDir: join(tempDir('swapdesk-pool-prices-'), 'ledger'),
    slotMs: 0,
  });
}, 60_000);

describe('prices from the deepest CP-Swap pool', () => {
  it('prices each token from its deepest pool against SOL, USDC or USDT, in one round of pool reads and one of vaults', async () => {
    reads = 0;
    const prices = await createPoolPriceReader({ connection: () => connection() }).read(
      [mint('FRZ'), mint('RAY'), mint('JitoSOL'), mint('PDLG')],
      references,
    );
    // 4 tokens × 3 references × (8 CP-Swap + 10 CLMM tiers) = 216 addresses: 3 calls of 100,
    // then one for the vaults.
    expect(reads).toBe(4);
    // FRZ: its only pool, FRZ/USDC at 1.
    expect(prices.get(mint('FRZ'))).toMatchObject({ referenceMint: USDC, toleranceBps: 100n });
    expect(Number(prices.get(mint('FRZ'))!.usdPrice)).toBeCloseTo(1, 6);
    // RAY: RAY/USDC ($2.5 M of USDC) is deeper than RAY/SOL (8,333 SOL, $1.25 M).
    expect(prices.get(mint('RAY'))?.referenceMint).toBe(USDC);
    expect(Number(prices.get(mint('RAY'))!.usdPrice)).toBeCloseTo(2.5, 6);
    // JitoSOL: JitoSOL/SOL (24,200 SOL) is deeper than JitoSOL/USDC ($363,000): 1.21 × 150.
    const jito = prices.get(mint('JitoSOL'))!;
    expect(jito.referenceMint).toBe(SOL);
    expect(jito.pool).toBe(cpPoolAddress(3, mint('JitoSOL'), SOL)); // the 0.01% tier
    expect(Number(jito.usdPrice)).toBeCloseTo(181.5, 6);
    expect(Number(jito.depthUsd)).toBeCloseTo(24_200 * 150, 0);
    // PDLG: CP-Swap refuses it, so no pool and no price.
    expect(prices.has(mint('PDLG'))).toBe(false);
    expect(findSandboxToken(mint('PDLG'))?.traits?.permanentDelegate).toBe(true);
  });

  it('takes no pool from an account the program does not own, and no price when the RPC fails', async () => {
    const frzPools = CONFIG_INDICES.map((index) => cpPoolAddress(index, mint('FRZ'), USDC));
    const forged = await createPoolPriceReader({
      connection: () =>
        connection((address, account) =>
          account && frzPools.includes(address)
            ? { ...account, owner: '11111111111111111111111111111111' }
            : account,
        ),
    }).read([mint('FRZ')], references);
    expect(forged.size).toBe(0);
    const failing = await createPoolPriceReader({
      connection: () => ({
        getMultipleAccountsInfo: () => Promise.reject(new Error('429 Too Many Requests')),
      }),
    }).read([mint('FRZ')], references);
    expect(failing.size).toBe(0);
  });

  it('carries the reference’s band, and ignores a pool shallower than $1,000', async () => {
    const stale = new Map(references);
    stale.set(USDC, { ...references.get(USDC)!, toleranceBps: 351n });
    const prices = await createPoolPriceReader({ connection: () => connection() }).read(
      [mint('FRZ')],
      stale,
    );
    expect(prices.get(mint('FRZ'))?.toleranceBps).toBe(451n);
    // Priced at a millionth of a dollar, the USDC side is worth $1: too shallow to believe.
    const tiny = new Map(references);
    tiny.set(USDC, { ...references.get(USDC)!, usdPrice: '0.000001' });
    expect(
      (await createPoolPriceReader({ connection: () => connection() }).read([mint('FRZ')], tiny))
        .size,
    ).toBe(0);
  });
});
