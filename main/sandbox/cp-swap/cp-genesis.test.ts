/**
 * Genesis of the CP-Swap pools on a real ledger: every pool of the catalog exists as the
 * program wrote it (PoolState at its program address, vaults held by the program's authority
 * at the seeded amounts), it survives a restart, and the program itself refuses a mint it does
 * not support (PDLG, a permanent delegate: error 6007, NotSupportMint).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SandboxLedger } from '../ledger/ledger';
import { decodeTokenAccount } from '../ledger/token-layout';
import { SANDBOX_TOKENS } from '../tokens';
import { tempDir } from '../../../test/fixtures/temp-dirs';
import { writeCpSwapGenesis } from './cp-genesis';
import { feeTierConfigAddress } from './fee-tiers';
import { CP_POOL_SEEDS, seedPoolAddress } from './pool-seeds';
import { CP_SWAP_AUTHORITY, CP_SWAP_PROGRAM_ID, CREATE_POOL_FEE_RECEIVER } from './program';
import { CP_SWAP_LOOKUP_TABLE } from './lookup-table';
import bs58 from 'bs58';
import { decodePoolState } from './state';

const mintOf = (symbol: string) => SANDBOX_TOKENS.find((token) => token.symbol === symbol)!.mint;
const addressOf = (seed: (typeof CP_POOL_SEEDS)[number]) =>
  seedPoolAddress(seed, mintOf, (s) => feeTierConfigAddress(s.feeTier));

/** Each test opens a ledger (genesis of CP-Swap's and CLMM's pools on the VM) more than once. */
const GENESIS_TIMEOUT_MS = 30_000;

describe('CP-Swap genesis', () => {
  it(
    'creates every pool of the catalog with initialize, kept across a restart',
    () => {
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
    },
    GENESIS_TIMEOUT_MS,
  );

  it(
    'gives a state folder from before CP-Swap its pools on its next start',
    () => {
      const stateDir = join(tempDir('swapdesk-cp-genesis-'), 'ledger');
      SandboxLedger.open({ stateDir, slotMs: 0 }).close();
      // What an older sandbox stored: nothing CP-Swap's genesis wrote (the program's accounts,
      // the vaults and LP mints of its authority, the pools' creator and its accounts, the fee
      // receiver, the lookup table).
      const first = SandboxLedger.open({ stateDir, slotMs: 0 });
      const creator = decodePoolState(
        first.getAccount(addressOf(CP_POOL_SEEDS[0]!))!.data,
      ).poolCreator;
      first.close();
      const path = join(stateDir, 'ledger-snapshot.json');
      const snapshot = JSON.parse(readFileSync(path, 'utf8')) as {
        accounts: { address: string; owner: string; data: string }[];
      };
      const written = new Set([creator, CREATE_POOL_FEE_RECEIVER, CP_SWAP_LOOKUP_TABLE]);
      const holders = new Set([creator, CP_SWAP_AUTHORITY]);
      snapshot.accounts = snapshot.accounts.filter((account) => {
        const data = Buffer.from(account.data, 'base64');
        const tokenOwner = data.length >= 165 ? bs58.encode(data.subarray(32, 64)) : null;
        const mintAuthority =
          data.length >= 82 && data.length < 165 ? bs58.encode(data.subarray(4, 36)) : null;
        return (
          account.owner !== CP_SWAP_PROGRAM_ID &&
          !written.has(account.address) &&
          !(tokenOwner !== null && holders.has(tokenOwner)) &&
          !(mintAuthority !== null && holders.has(mintAuthority))
        );
      });
      writeFileSync(path, JSON.stringify(snapshot));
      const pool = addressOf(CP_POOL_SEEDS[0]!);
      let ledger = SandboxLedger.open({ stateDir, slotMs: 0 });
      expect(ledger.getAccount(pool)?.owner).toBe(CP_SWAP_PROGRAM_ID);
      ledger.close();
      ledger = SandboxLedger.open({ stateDir, slotMs: 0 });
      expect(ledger.getAccount(pool)?.owner).toBe(CP_SWAP_PROGRAM_ID);
      ledger.close();
    },
    GENESIS_TIMEOUT_MS,
  );

  it(
    'is refused by the program for a permanent-delegate mint (6007)',
    () => {
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
    },
    GENESIS_TIMEOUT_MS,
  );
});
