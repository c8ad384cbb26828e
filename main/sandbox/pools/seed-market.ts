/**
 * The sandbox's market: the Raydium CP-Swap pools the ledger created at genesis (read from the
 * chain at their program addresses), the market maker's books for the tokens the program
 * refuses (vaults of the venue key, which co-signs their fills), and the fee operator (a fixed
 * published address, shared/sandbox-operator.ts, owner of the accounts that receive the
 * operator's 2.5% of platform fees, and taker of tips). Idempotent: what is already on the
 * ledger is read as it is; the market maker's vaults and the operator's accounts are written
 * when missing.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Keypair, PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import type { LedgerView } from '../ledger/ledger-view';
import {
  SANDBOX_TOKENS,
  SYSTEM_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  type SandboxToken,
} from '../tokens';
import { CP_SWAP_LABEL, type Pool } from '../venues/types';
import { ledgerPool, seedMint, type LedgerPoolReader } from '../venues/ledger-pools';
import { buildPools, type BuiltPool } from './build-pools';
import { MARKET_MAKER_SEEDS } from './pool-catalog';
import { addSupply, writeTokenAccount } from './genesis-accounts';
import { SANDBOX_FEE_OPERATOR } from '../../shared/sandbox-operator';
import { feeTierConfigAddress } from '../cp-swap/fee-tiers';
import { CP_POOL_SEEDS, seedPoolAddress } from '../cp-swap/pool-seeds';
import { clmmPools } from '../clmm/clmm-market';
import { decodeAmmConfig, decodePoolState } from '../cp-swap/state';
import { ammV4Pools } from '../amm-v4/amm-venue';

const AUTHORITY_FILE = 'venue-authority.json';

export interface Market {
  pools: Pool[];
  tokens: readonly SandboxToken[];
  /** The market maker's key: owns its vaults and co-signs its fills (the only co-signed route). */
  authority: Keypair;
  /** Owner of the operator fee accounts. */
  operator: PublicKey;
  /** The operator's fee token account per mint (Token-2022 mints have none: not supported). */
  operatorFeeAccounts: ReadonlyMap<string, string>;
}

function loadOrCreateKeypair(path: string): Keypair {
  if (existsSync(path)) {
    return Keypair.fromSecretKey(
      Uint8Array.from(JSON.parse(readFileSync(path, 'utf8')) as number[]),
    );
  }
  const keypair = Keypair.generate();
  writeFileSync(path, JSON.stringify(Array.from(keypair.secretKey)), { mode: 0o600 });
  return keypair;
}

function seedPools(ledger: LedgerView, built: BuiltPool[], authority: string): void {
  const byMint = new Map(SANDBOX_TOKENS.map((token) => [token.mint, token]));
  for (const { pool, reserves } of built) {
    if (ledger.getAccount(pool.vaultA) !== null) continue;
    for (const [vault, mint, amount] of [
      [pool.vaultA, pool.mintA, reserves.a],
      [pool.vaultB, pool.mintB, reserves.b],
    ] as const) {
      writeTokenAccount(ledger, vault, byMint.get(mint) as SandboxToken, authority, amount);
      addSupply(ledger, mint, amount);
    }
  }
}

/** The operator's fee token account of each mint that may carry a platform fee. */
function operatorAccounts(operator: PublicKey): Map<string, string> {
  const accounts = new Map<string, string>();
  for (const token of SANDBOX_TOKENS) {
    if (token.tokenProgram === TOKEN_2022_PROGRAM_ID) continue;
    const mint = new PublicKey(token.mint);
    accounts.set(token.mint, getAssociatedTokenAddressSync(mint, operator, true).toBase58());
  }
  return accounts;
}

const CP_SWAP_POOLS: LedgerPoolReader = {
  venue: 'CP-Swap',
  label: CP_SWAP_LABEL,
  curve: { kind: 'cp-swap' },
  state: (data) => {
    const state = decodePoolState(data);
    return {
      ammConfig: state.ammConfig,
      mint0: state.token0Mint,
      mint1: state.token1Mint,
      vault0: state.token0Vault,
      vault1: state.token1Vault,
    };
  },
  tradeFeeRate: (data) => decodeAmmConfig(data).tradeFeeRate,
};

/** The CP-Swap pools of the catalog as the program wrote them on the ledger. */
function cpSwapPools(ledger: LedgerView): Pool[] {
  const mintOf = (symbol: string) => seedMint('CP-Swap', symbol);
  return CP_POOL_SEEDS.map((seed) => {
    const address = seedPoolAddress(seed, mintOf, (s) => feeTierConfigAddress(s.feeTier));
    return ledgerPool(ledger, CP_SWAP_POOLS, seed, address);
  });
}

/**
 * Loads the market of `stateDir`: the ledger's CP-Swap and CLMM pools and the market maker's books,
 * writing the books' vaults first when the ledger does not hold them yet.
 */
export function loadOrSeedMarket(ledger: LedgerView, stateDir: string): Market {
  mkdirSync(stateDir, { recursive: true });
  const authority = loadOrCreateKeypair(join(stateDir, AUTHORITY_FILE));
  const operator = new PublicKey(SANDBOX_FEE_OPERATOR);
  const fees = operatorAccounts(operator);
  ensureOperatorAccounts(ledger, operator, fees);
  const books = buildPools(MARKET_MAKER_SEEDS, SANDBOX_TOKENS);
  seedPools(ledger, books, authority.publicKey.toBase58());
  const pools = [
    ...cpSwapPools(ledger),
    ...ammV4Pools(ledger, SANDBOX_TOKENS),
    ...clmmPools(ledger),
    ...books.map((entry) => entry.pool),
  ];
  return { pools, tokens: SANDBOX_TOKENS, authority, operator, operatorFeeAccounts: fees };
}

/**
 * The operator's wallet (it receives tips: it must exist to take small transfers) and its fee
 * token account of each mint, created where missing.
 */
function ensureOperatorAccounts(
  ledger: LedgerView,
  operator: PublicKey,
  fees: ReadonlyMap<string, string>,
): void {
  if (ledger.getAccount(operator.toBase58()) === null) {
    ledger.setAccount(operator.toBase58(), {
      lamports: 1_000_000_000n,
      owner: SYSTEM_PROGRAM_ID,
      data: new Uint8Array(),
      executable: false,
    });
  }
  const byMint = new Map(SANDBOX_TOKENS.map((token) => [token.mint, token]));
  for (const [mint, address] of fees) {
    if (ledger.getAccount(address) === null) {
      writeTokenAccount(ledger, address, byMint.get(mint) as SandboxToken, operator.toBase58(), 0n);
    }
  }
}
