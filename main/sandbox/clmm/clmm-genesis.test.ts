/**
 * Genesis of the CLMM pools on a real ledger: every pool of the catalog exists as Raydium
 * CLMM's binary wrote it (PoolState at its program address, at the seeded price, with the
 * liquidity of its narrowest range in force and tick arrays for every range), and it survives a
 * restart.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxLedger } from '../ledger/ledger';
import { SANDBOX_TOKENS } from '../tokens';
import { tempDir } from '../../../test/fixtures/temp-dirs';
import { clmmConfigAddress } from './amm-configs';
import bs58 from 'bs58';
import { CP_SWAP_LOOKUP_TABLE } from '../cp-swap/lookup-table';
import { CP_SWAP_PROGRAM_ID } from '../cp-swap/program';
import { cachedTickArrayAddress, readClmmPool } from './clmm-pool-view';
import { CLMM_POOL_SEEDS, clmmSeedPoolAddress } from './pool-seeds';
import { CLMM_PROGRAM_ID } from './program';

const mintOf = (symbol: string) => SANDBOX_TOKENS.find((token) => token.symbol === symbol)!.mint;
const clmmSeedPool = (seed: (typeof CLMM_POOL_SEEDS)[number]) => clmmSeedPoolAddress(seed, mintOf);

describe('CLMM genesis', () => {
  it('opens every pool of the catalog with create_pool and three positions, kept across a restart', () => {
    const stateDir = join(tempDir('swapdesk-clmm-genesis-'), 'ledger');
    let ledger = SandboxLedger.open({ stateDir, slotMs: 0 });
    for (const seed of CLMM_POOL_SEEDS) {
      const address = clmmSeedPool(seed);
      expect(ledger.getAccount(address)?.owner, `${seed.a}/${seed.b}`).toBe(CLMM_PROGRAM_ID);
      const view = readClmmPool(ledger, address)!;
      expect(view.state.ammConfig).toBe(clmmConfigAddress(seed.feeTier));
      expect(view.state.liquidity).toBeGreaterThan(0n);
      expect(view.vault0).toBeGreaterThan(0n);
      expect(view.vault1).toBeGreaterThan(0n);
      // Three ranges: six initialized ticks, in at least two tick arrays.
      const ticks = [...view.tickArrays.values()].flatMap((array) => array.ticks.filter(Boolean));
      expect(ticks.length).toBe(6);
      expect(view.tickArrays.size).toBeGreaterThanOrEqual(2);
    }
    // The sandbox's lookup table holds CP-Swap's program and every CLMM pool with its arrays.
    const table = ledger.getAccount(CP_SWAP_LOOKUP_TABLE)!.data;
    const entries = new Set<string>();
    for (let at = 56; at < table.length; at += 32)
      entries.add(bs58.encode(table.subarray(at, at + 32)));
    expect(entries.has(CP_SWAP_PROGRAM_ID)).toBe(true);
    expect(entries.has(CLMM_PROGRAM_ID)).toBe(true);
    for (const seed of CLMM_POOL_SEEDS) {
      const view = readClmmPool(ledger, clmmSeedPool(seed))!;
      expect(entries.has(view.address)).toBe(true);
      for (const start of view.tickArrays.keys()) {
        expect(entries.has(cachedTickArrayAddress(view.address, start))).toBe(true);
      }
    }
    const sol = CLMM_POOL_SEEDS.find((seed) => seed.a === 'SOL' && seed.b === 'USDC')!;
    const before = readClmmPool(ledger, clmmSeedPool(sol))!;
    // 150.1 USDC per SOL: token 0 is SOL here, so the price is 150.1e6 / 1e9 = 0.1501.
    const price = Number(before.state.sqrtPriceX64) ** 2 / 2 ** 128;
    expect(price).toBeCloseTo(0.1501, 6);
    ledger.close();
    ledger = SandboxLedger.open({ stateDir, slotMs: 0 });
    expect(readClmmPool(ledger, clmmSeedPool(sol))).toEqual(before);
    ledger.close();
  }, 60_000);
});
