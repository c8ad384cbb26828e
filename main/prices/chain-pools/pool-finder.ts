/**
 * Finds the pools joining each token to a reference token (issue 32), on every venue the wallet
 * reads: Raydium CP-Swap and CLMM at their derived addresses (one getMultipleAccounts for every
 * fee tier of both), Raydium AMM v4 by getProgramAccounts (its addresses derive from an OpenBook
 * market, not from the mints). Only a program writes its pools: an account another program owns
 * is not one, and a pool whose mints are not the pair asked is ignored whatever the RPC says.
 */
import { PublicKey } from '@solana/web3.js';
import { AMM_V4_PROGRAM, CLMM_PROGRAM, CP_SWAP_PROGRAM } from '../../review/program-ids';
import type { FeedAccount } from '../oracle/oracle-checks';
import type { OracleConnection } from '../oracle/oracle-reader';
import { ammV4PoolFilters, decodeAmmV4Pool } from './amm-v4-pool-account';
import { CLMM_CONFIG_INDICES, clmmPoolAddress, decodeClmmPool } from './clmm-pool-account';
import { CONFIG_INDICES, cpCandidate, cpPoolAddress, decodeCpPool } from './cp-pool-account';
import type { PoolCandidate } from './pool-candidate';
import type { ProgramAccountsRead } from './program-accounts';

/** A pool found for `mint` against the reference token `referenceMint`. */
export interface FoundPool {
  mint: string;
  referenceMint: string;
  candidate: PoolCandidate;
}

const ACCOUNTS_PER_CALL = 100;
/**
 * How long the AMM v4 search may take: getProgramAccounts over a program with many accounts can
 * be slow on a public RPC, and the review waits for its evidence.
 */
export const AMM_V4_SEARCH_MS = 5_000;

/** `promise`, or `fallback` once `ms` have passed. */
function within<T>(promise: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<T>((done) => {
    timer = setTimeout(() => done(fallback), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** The accounts at `addresses` that exist, by address (batches of 100, as RPCs allow). */
export async function readAccounts(
  connection: OracleConnection,
  addresses: readonly string[],
): Promise<Map<string, FeedAccount>> {
  const found = new Map<string, FeedAccount>();
  for (let at = 0; at < addresses.length; at += ACCOUNTS_PER_CALL) {
    const batch = addresses.slice(at, at + ACCOUNTS_PER_CALL);
    const accounts = await connection.getMultipleAccountsInfo(
      batch.map((address) => new PublicKey(address)),
      'confirmed',
    );
    batch.forEach((address, index) => {
      const account = accounts[index];
      if (account) found.set(address, account);
    });
  }
  return found;
}

const ownerOf = (account: FeedAccount) =>
  typeof account.owner === 'string' ? account.owner : account.owner.toBase58();

const joins = (candidate: PoolCandidate, a: string, b: string) =>
  (candidate.mint0 === a && candidate.mint1 === b) ||
  (candidate.mint0 === b && candidate.mint1 === a);

/** The pools at derived addresses: CP-Swap's and CLMM's, every fee tier. Throws on RPC failure. */
async function derivedPools(
  connection: OracleConnection,
  pairs: readonly [string, string][],
): Promise<FoundPool[]> {
  const wanted = pairs.flatMap(([mint, referenceMint]) => [
    ...CONFIG_INDICES.map((index) => ({
      mint,
      referenceMint,
      program: CP_SWAP_PROGRAM,
      pool: cpPoolAddress(index, mint, referenceMint),
    })),
    ...CLMM_CONFIG_INDICES.map((index) => ({
      mint,
      referenceMint,
      program: CLMM_PROGRAM,
      pool: clmmPoolAddress(index, mint, referenceMint),
    })),
  ]);
  const accounts = await readAccounts(connection, [...new Set(wanted.map((w) => w.pool))]);
  const found: FoundPool[] = [];
  for (const { mint, referenceMint, program, pool } of wanted) {
    const account = accounts.get(pool);
    if (!account || ownerOf(account) !== program) continue;
    let candidate: PoolCandidate | null;
    if (program === CLMM_PROGRAM) candidate = decodeClmmPool(pool, account.data);
    else {
      const state = decodeCpPool(account.data);
      candidate = state && !state.swapsDisabled ? cpCandidate(pool, state) : null;
    }
    if (candidate && joins(candidate, mint, referenceMint)) {
      found.push({ mint, referenceMint, candidate });
    }
  }
  return found;
}

/** AMM v4's pools of each pair, both orders of coin and pc; none when the RPC refuses the call. */
async function ammV4Pools(
  programAccounts: ProgramAccountsRead,
  pairs: readonly [string, string][],
): Promise<FoundPool[]> {
  const searches = pairs.flatMap(([mint, referenceMint]) =>
    [ammV4PoolFilters(mint, referenceMint), ammV4PoolFilters(referenceMint, mint)].map(
      async (filters) => {
        const accounts = await programAccounts(AMM_V4_PROGRAM, filters);
        return accounts.flatMap((account): FoundPool[] => {
          if (account.owner !== AMM_V4_PROGRAM) return [];
          const candidate = decodeAmmV4Pool(account.pubkey, account.data);
          return candidate && joins(candidate, mint, referenceMint)
            ? [{ mint, referenceMint, candidate }]
            : [];
        });
      },
    ),
  );
  try {
    return (await Promise.all(searches)).flat();
  } catch {
    // Public RPCs often refuse getProgramAccounts: the other venues' pools still count.
    return [];
  }
}

/**
 * Every pool of every venue joining a token of `pairs` ([mint, reference mint]) to its
 * reference. Throws when the pool accounts cannot be read at all (no evidence then).
 */
export async function findPools(
  connection: OracleConnection,
  programAccounts: ProgramAccountsRead | undefined,
  pairs: readonly [string, string][],
  ammV4SearchMs = AMM_V4_SEARCH_MS,
): Promise<FoundPool[]> {
  const [derived, amm] = await Promise.all([
    derivedPools(connection, pairs),
    programAccounts ? within(ammV4Pools(programAccounts, pairs), ammV4SearchMs, []) : [],
  ]);
  return [...derived, ...amm];
}
