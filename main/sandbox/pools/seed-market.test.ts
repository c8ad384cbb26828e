/**
 * The market on a real in-process ledger (litesvm): CP-Swap pools read from the chain at
 * realistic prices, the market maker's book for PDLG, idempotent loading, and a reset ledger
 * whose market comes back.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxLedger } from '../ledger/ledger';
import { decodeMint, decodeTokenAccount } from '../ledger/token-layout';
import { SANDBOX_TOKENS } from '../tokens';
import { swapExactIn } from '../venues/venue-math';
import { CP_SWAP_AUTHORITY } from '../cp-swap/program';
import { createMarketContext } from '../swap-api/market-context';
import { loadOrSeedMarket } from './seed-market';
import { tempDir } from '../../../test/fixtures/temp-dirs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A fresh ledger and the market first loaded on it (its state folder `stateDir`). */
function seeded() {
  const dir = tempDir('swapdesk-market-');
  dirs.push(dir);
  const ledger = SandboxLedger.open({ stateDir: join(dir, 'ledger'), slotMs: 0 });
  const stateDir = join(dir, 'swap');
  return { dir, ledger, stateDir, market: loadOrSeedMarket(ledger, stateDir) };
}

const symbol = (name: string) => SANDBOX_TOKENS.find((token) => token.symbol === name)!;

/** Each test opens a ledger (genesis of CP-Swap's and CLMM's pools on the VM) more than once. */
const GENESIS_TIMEOUT_MS = 30_000;

describe('loadOrSeedMarket', () => {
  it(
    'reads the CP-Swap pools at marginal prices near mainnet\u2019s, and the PDLG, PAUS and HOOK books',
    () => {
      const { ledger, market } = seeded();
      const reservesOf = createMarketContext(ledger, market).reservesReader();
      const rate = (from: string, to: string, amount: bigint) => {
        const pool = market.pools.find(
          (p) =>
            [p.mintA, p.mintB].includes(symbol(from).mint) &&
            [p.mintA, p.mintB].includes(symbol(to).mint),
        )!;
        const leg = swapExactIn(pool, reservesOf(pool), symbol(from).mint, amount)!;
        return (
          Number(leg.amountOut) /
          10 ** symbol(to).decimals /
          (Number(amount) / 10 ** symbol(from).decimals)
        );
      };
      expect(rate('SOL', 'USDC', 10n ** 9n)).toBeGreaterThan(148);
      expect(rate('SOL', 'USDC', 10n ** 9n)).toBeLessThan(151);
      expect(rate('USDC', 'USDT', 10n ** 6n)).toBeCloseTo(1, 2);
      expect(rate('mSOL', 'SOL', 10n ** 9n)).toBeCloseTo(1.27, 2);
      expect(rate('BONK', 'USDC', 10n ** 10n)).toBeCloseTo(0.00002, 6);
      expect(rate('PDLG', 'USDC', 10n ** 6n)).toBeCloseTo(2, 1);
      // Issue 35: the pausable and the hooked token trade with the maker too.
      expect(rate('PAUS', 'USDC', 10n ** 6n)).toBeCloseTo(3, 1);
      expect(rate('HOOK', 'USDC', 10n ** 6n)).toBeCloseTo(1.5, 1);
      const labels = market.pools.map((pool) => pool.label);
      expect(new Set(labels)).toEqual(
        new Set(['Raydium CPMM', 'Raydium', 'Raydium CLMM', 'Sandbox Market Maker']),
      );
      // Raydium AMM v4 (issue 33) beside CP-Swap on SOL/USDC, at its own price (150.08 less 0.25%).
      const amm = market.pools.find(
        (p) =>
          p.label === 'Raydium' &&
          p.mintA === symbol('SOL').mint &&
          p.mintB === symbol('USDC').mint,
      )!;
      const ammLeg = swapExactIn(amm, reservesOf(amm), symbol('SOL').mint, 10n ** 9n)!;
      expect(ammLeg.amountOut).toBe(149_699_822n);
      // The books of PDLG, XSTK, PAUS and HOOK (issue 35): CP-Swap takes none of these mints.
      expect(labels.filter((label) => label === 'Sandbox Market Maker')).toHaveLength(4);
      expect(rate('XSTK', 'USDC', 10n ** 8n)).toBeCloseTo(300, -1); // raw, less the 0.25% fee
      expect(labels.filter((label) => label === 'Raydium CLMM')).toHaveLength(6);
      ledger.close();
    },
    GENESIS_TIMEOUT_MS,
  );

  it(
    'is idempotent: a second start keeps the pools, the supply and the authority',
    () => {
      const { ledger, stateDir, market: first } = seeded();
      const usdc = symbol('USDC').mint;
      const supply = decodeMint(ledger.getAccount(usdc)!.data).supply;
      const cp = first.pools[0]!;
      const book = first.pools.find((pool) => pool.curve.kind === 'constant-product')!;
      const second = loadOrSeedMarket(ledger, stateDir);
      expect(second.authority.publicKey.toBase58()).toBe(first.authority.publicKey.toBase58());
      expect(second.pools).toEqual(first.pools);
      expect(decodeMint(ledger.getAccount(usdc)!.data).supply).toBe(supply);
      // CP-Swap's vaults belong to the program's authority address; the book's to the venue key.
      expect(decodeTokenAccount(ledger.getAccount(cp.vaultA)!.data).owner).toBe(CP_SWAP_AUTHORITY);
      expect(decodeTokenAccount(ledger.getAccount(book.vaultA)!.data).owner).toBe(
        first.authority.publicKey.toBase58(),
      );
      ledger.close();
    },
    GENESIS_TIMEOUT_MS,
  );

  it(
    'comes back on a state folder whose ledger was reset',
    () => {
      const { dir, ledger, stateDir, market: first } = seeded();
      ledger.close();
      const reset = SandboxLedger.open({ stateDir: join(dir, 'ledger'), slotMs: 0, reset: true });
      const book = first.pools.find((pool) => pool.curve.kind === 'constant-product')!;
      expect(reset.getAccount(book.vaultA)).toBeNull();
      const again = loadOrSeedMarket(reset, stateDir);
      expect(reset.tokenBalance(book.vaultA)).toBeGreaterThan(0n);
      expect(again.pools.map((pool) => pool.ammKey)).toEqual(first.pools.map((p) => p.ammKey));
      reset.close();
    },
    GENESIS_TIMEOUT_MS,
  );
});
