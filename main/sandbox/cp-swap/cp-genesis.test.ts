/**
 * Genesis of the CP-Swap pools on a real ledger: every pool of the catalog exists as the
 * program wrote it (PoolState at its program address, vaults held by the program's authority
 * at the seeded amounts), it survives a restart, and the program itself refuses a mint it does
 * not support (PDLG, a permanent delegate: error 6007, NotSupportMint).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxLedger } from '../ledger/ledger';
import { decodeTokenAccount } from '../ledger/token-layout';
import { SANDBOX_TOKENS } from '../tokens';
import { tempDir } from '../../../test/fixtures/temp-dirs';
import { writeCpSwapGenesis } from './cp-genesis';
import { feeTierConfigAddress } from './fee-tiers';
import { CP_POOL_SEEDS, seedPoolAddress } from './pool-seeds';
import { CP_SWAP_AUTHORITY, CP_SWAP_PROGRAM_ID } from './program';
import { decodePoolState } from './state';

const mintOf = (symbol: string) => SANDBOX_TOKENS.find((token) => token.symbol === symbol)!.mint;
const addressOf = (seed: (typeof CP_POOL_SEEDS)[number]) =>
  seedPoolAddress(seed, mintOf, (s) => feeTierConfigAddress(s.feeTier));

describe('CP-Swap genesis', () => {
  it('creates every pool of the catalog with initialize, kept across a restart', () => {
    const stateDir = join(tempDir('swapdesk-cp-genesis-'), 'ledger');
    let ledger = SandboxLedger.open({ stateDir, slotMs: 0 });
    const sol = CP_POOL_SEEDS.find((seed) => seed.a === 'SOL' && seed.b === 'USDC')!;
    for (const seed of CP_POOL_SEEDS) {
      const account = ledger.getAccount(addressOf(seed));
      expect(account?.owner, `${seed.a}/${seed.b} ${seed.feeTier}`).toBe(CP_SWAP_PROGRAM_ID);
      const state = decodePoolState(account!.data);
      expect(state.ammConfig).toBe(feeTierConfigAddress(seed.feeTier));
      const vault = decodeTokenAccount(ledger.getAccount(state.token0Vault)!.data);
      expect(vault.owner).toBe(CP_SWAP_AUTHORITY);
      expect(vault.amount).toBeGreaterThan(0n);
    }
    // SOL/USDC 0.05 %: 40,000 SOL against 6,000,000 USDC, as seeded.
    const solUsdc = decodePoolState(ledger.getAccount(addressOf(sol))!.data);
    expect(ledger.tokenBalance(solUsdc.token0Vault)).toBe(40_000n * 10n ** 9n);
    expect(ledger.tokenBalance(solUsdc.token1Vault)).toBe(6_000_000n * 10n ** 6n);
    ledger.close();
    ledger = SandboxLedger.open({ stateDir, slotMs: 0 });
    expect(ledger.tokenBalance(solUsdc.token0Vault)).toBe(40_000n * 10n ** 9n);
    expect(decodePoolState(ledger.getAccount(addressOf(sol))!.data)).toEqual(solUsdc);
    ledger.close();
  });

  it('is refused by the program for a permanent-delegate mint (6007)', () => {
    const ledger = SandboxLedger.open({
      stateDir: join(tempDir('swapdesk-cp-genesis-'), 'ledger'),
      slotMs: 0,
    });
    expect(() =>
      writeCpSwapGenesis(ledger, SANDBOX_TOKENS, [
        { a: 'PDLG', b: 'USDC', feeTier: '0.25%', amountA: '1000', price: '2' },
      ]),
    ).toThrow(/custom program error: 0x1777/);
    ledger.close();
  });
});
