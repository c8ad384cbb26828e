/**
 * Genesis of the market on a real in-process ledger (litesvm): realistic prices, idempotent
 * seeding, and pools that persist through the state folder.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SandboxLedger } from '../ledger/ledger';
import { decodeMint, decodeTokenAccount } from '../ledger/token-layout';
import { SANDBOX_TOKENS } from '../tokens';
import { swapExactIn } from '../venues/venue-math';
import { loadOrSeedMarket } from './seed-market';
import { tempDir } from '../../../test/fixtures/temp-dirs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function fresh() {
  const dir = tempDir('swapdesk-market-');
  dirs.push(dir);
  const ledger = SandboxLedger.open({ stateDir: join(dir, 'ledger'), slotMs: 0 });
  return { dir, ledger };
}

const symbol = (name: string) => SANDBOX_TOKENS.find((token) => token.symbol === name)!;

describe('loadOrSeedMarket', () => {
  it('seeds pools whose marginal prices are near mainnet\u2019s', () => {
    const { dir, ledger } = fresh();
    const market = loadOrSeedMarket(ledger, join(dir, 'swap'));
    const rate = (from: string, to: string, amount: bigint) => {
      const pool = market.pools.find(
        (p) =>
          [p.mintA, p.mintB].includes(symbol(from).mint) &&
          [p.mintA, p.mintB].includes(symbol(to).mint),
      )!;
      const reserves = {
        a: ledger.tokenBalance(pool.vaultA)!,
        b: ledger.tokenBalance(pool.vaultB)!,
      };
      const leg = swapExactIn(pool, reserves, symbol(from).mint, amount)!;
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
    expect(market.pools.map((pool) => pool.label)).toEqual(
      expect.arrayContaining(['Whirlpool', 'Raydium CLMM', 'Raydium CPMM', 'Saber']),
    );
    ledger.close();
  });

  it('is idempotent: a second start keeps the vaults, the supply and the authority', () => {
    const { dir, ledger } = fresh();
    const stateDir = join(dir, 'swap');
    const first = loadOrSeedMarket(ledger, stateDir);
    const usdc = symbol('USDC').mint;
    const supply = decodeMint(ledger.getAccount(usdc)!.data).supply;
    const pool = first.pools[0]!;
    const vault = ledger.tokenBalance(pool.vaultB);
    const second = loadOrSeedMarket(ledger, stateDir);
    expect(second.authority.publicKey.toBase58()).toBe(first.authority.publicKey.toBase58());
    expect(second.pools).toEqual(first.pools);
    expect(decodeMint(ledger.getAccount(usdc)!.data).supply).toBe(supply);
    expect(ledger.tokenBalance(pool.vaultB)).toBe(vault);
    // the vaults belong to the venue authority, so only it can move them
    expect(decodeTokenAccount(ledger.getAccount(pool.vaultA)!.data).owner).toBe(
      first.authority.publicKey.toBase58(),
    );
    expect(JSON.parse(readFileSync(join(stateDir, 'pools.json'), 'utf8')).pools).toHaveLength(
      first.pools.length,
    );
    ledger.close();
  });

  it('re-seeds a state folder whose ledger was reset', () => {
    const { dir, ledger } = fresh();
    const stateDir = join(dir, 'swap');
    const first = loadOrSeedMarket(ledger, stateDir);
    ledger.close();
    const reset = SandboxLedger.open({ stateDir: join(dir, 'ledger'), slotMs: 0, reset: true });
    expect(reset.getAccount(first.pools[0]!.vaultA)).toBeNull();
    loadOrSeedMarket(reset, stateDir);
    expect(reset.tokenBalance(first.pools[0]!.vaultA)).toBeGreaterThan(0n);
    reset.close();
  });
});
