/**
 * Genesis of the sandbox's market: the venue authority (owner of every vault, co-signer of the
 * venue legs), the fee operator (a fixed published address, shared/sandbox-operator.ts, owner
 * of the accounts that receive the operator's 2.5% of platform fees, and taker of tips), and
 * the pools of the catalog with their vaults funded on the ledger. Idempotent: a state folder
 * whose pools are already on the ledger is loaded as it is (the operator's accounts are added
 * when missing, as for a state folder made before the operator's address was fixed).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Keypair, PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import type { LedgerView } from '../ledger/ledger-view';
import {
  NATIVE_MINT,
  SANDBOX_TOKENS,
  SYSTEM_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  type SandboxToken,
} from '../tokens';
import type { Pool } from '../venues/types';
import { buildPools, type BuiltPool } from './build-pools';
import { POOL_SEEDS } from './pool-catalog';
import { encodeTokenAccount } from './token-account-data';
import { withAccountExtensions } from '../ledger/mint-extensions';
import { parsePools, serializePools } from './pool-file';
import { SANDBOX_FEE_OPERATOR } from '../../shared/sandbox-operator';

const AUTHORITY_FILE = 'venue-authority.json';
const POOLS_FILE = 'pools.json';

export interface Market {
  pools: Pool[];
  tokens: readonly SandboxToken[];
  /** Owner of every vault; signs the venue legs of /swap transactions. */
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

function writeTokenAccount(
  ledger: LedgerView,
  address: string,
  token: SandboxToken,
  owner: string,
  amount: bigint,
): void {
  const native = token.mint === NATIVE_MINT;
  const rent = ledger.minimumBalanceForRentExemption(165);
  const data = withAccountExtensions(
    encodeTokenAccount({ mint: token.mint, owner, amount, nativeReserve: native ? rent : null }),
    token,
  );
  const lamports = ledger.minimumBalanceForRentExemption(data.length);
  ledger.setAccount(address, {
    lamports: native ? rent + amount : lamports,
    owner: token.tokenProgram,
    data,
    executable: false,
  });
}

/** Adds `amount` to a mint's supply so that supply keeps equalling the sum of balances. */
function addSupply(ledger: LedgerView, mint: string, amount: bigint): void {
  const account = ledger.getAccount(mint);
  if (account === null || mint === NATIVE_MINT) return;
  const data = new Uint8Array(account.data);
  const view = new DataView(data.buffer);
  view.setBigUint64(36, view.getBigUint64(36, true) + amount, true);
  ledger.setAccount(mint, { ...account, data });
}

function seedPools(ledger: LedgerView, built: BuiltPool[], authority: string): void {
  const byMint = new Map(SANDBOX_TOKENS.map((token) => [token.mint, token]));
  for (const { pool, reserves } of built) {
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

/**
 * Loads the market of `stateDir`, seeding it on the ledger first when the ledger does not hold
 * it yet (a fresh or reset ledger).
 */
export function loadOrSeedMarket(ledger: LedgerView, stateDir: string): Market {
  mkdirSync(stateDir, { recursive: true });
  const authority = loadOrCreateKeypair(join(stateDir, AUTHORITY_FILE));
  const operator = new PublicKey(SANDBOX_FEE_OPERATOR);
  const fees = operatorAccounts(operator);
  ensureOperatorAccounts(ledger, operator, fees);
  const poolsPath = join(stateDir, POOLS_FILE);
  if (existsSync(poolsPath)) {
    const pools = parsePools(readFileSync(poolsPath, 'utf8'));
    const first = pools[0];
    if (first !== undefined && ledger.getAccount(first.vaultA) !== null) {
      return { pools, tokens: SANDBOX_TOKENS, authority, operator, operatorFeeAccounts: fees };
    }
  }
  const built = buildPools(POOL_SEEDS, SANDBOX_TOKENS);
  seedPools(ledger, built, authority.publicKey.toBase58());
  const pools = built.map((entry) => entry.pool);
  writeFileSync(poolsPath, serializePools(pools));
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
