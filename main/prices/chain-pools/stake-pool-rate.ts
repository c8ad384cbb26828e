/**
 * A liquid staking token priced from its stake pool's own exchange rate (issue 32): the SOL the
 * pool holds per token it has minted (`total_lamports / pool_token_supply`), read through the
 * person's RPC from the pool's account at its mainnet address, times SOL's price. The stake pool
 * program writes that account, and will redeem a token for that much SOL: the swap service has
 * no say in it.
 *
 * Layout: the SPL stake pool program's `StakePool` (Borsh): account_type (1 = StakePool), then
 * manager, staker, stake_deposit_authority (32 each), stake_withdraw_bump_seed (1),
 * validator_list, reserve_stake, pool_mint, manager_fee_account, token_program_id (32 each),
 * total_lamports, pool_token_supply, last_update_epoch (u64 each): pool_mint at 162,
 * total_lamports at 258, pool_token_supply at 266.
 *
 * Only JitoSOL's pool is in the wallet's table: mSOL has a Pyth feed, and Marinade's own state
 * (another program, another layout) is not read.
 */
import { PublicKey } from '@solana/web3.js';
import type { FeedAccount } from '../oracle/oracle-checks';
import type { OracleConnection } from '../oracle/oracle-reader';

/** The SPL stake pool program (mainnet). */
export const SPL_STAKE_POOL_PROGRAM = 'SPoo1Ku8WFXoNDMHPsrGSTSG1Y47rzgn41SLUNakuHy';

export interface StakePoolEntry {
  mint: string;
  /** Whose pool, for the sentences: "Jito's stake pool". */
  name: string;
  /** The pool's state account on mainnet. */
  pool: string;
}

/** The wallet's own table, mint to stake pool (mainnet addresses). */
export const STAKE_POOLS: readonly StakePoolEntry[] = [
  {
    mint: 'J1toso1uCk3RLmjorhTtrVwY9HJ7X8V9yYac6Y7kGCPn',
    name: "Jito's stake pool",
    pool: 'Jito4APyf642JPZPx3hGc6WWJ8zPKtRbRs4P815Awbb',
  },
];

export interface StakePoolRate {
  mint: string;
  name: string;
  pool: string;
  totalLamports: bigint;
  poolTokenSupply: bigint;
}

const STAKE_POOL_TYPE = 1;
const MIN_SIZE = 282;

/** The rate of `entry` from its account, or null when the account is not that pool's. */
export function decodeStakePool(
  entry: StakePoolEntry,
  account: FeedAccount | null,
): StakePoolRate | null {
  if (!account) return null;
  const owner = typeof account.owner === 'string' ? account.owner : account.owner.toBase58();
  const { data } = account;
  if (owner !== SPL_STAKE_POOL_PROGRAM || data.length < MIN_SIZE || data[0] !== STAKE_POOL_TYPE) {
    return null;
  }
  if (new PublicKey(data.subarray(162, 194)).toBase58() !== entry.mint) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const totalLamports = view.getBigUint64(258, true);
  const poolTokenSupply = view.getBigUint64(266, true);
  if (totalLamports === 0n || poolTokenSupply === 0n) return null;
  return { mint: entry.mint, name: entry.name, pool: entry.pool, totalLamports, poolTokenSupply };
}

/**
 * The stake pool rates of those of `mints` the table has a pool for: one getMultipleAccounts.
 * Never throws: an RPC failure is no evidence.
 */
export async function readStakePoolRates(
  connection: OracleConnection,
  mints: readonly string[],
): Promise<Map<string, StakePoolRate>> {
  const entries = STAKE_POOLS.filter((entry) => mints.includes(entry.mint));
  const rates = new Map<string, StakePoolRate>();
  if (entries.length === 0) return rates;
  try {
    const accounts = await connection.getMultipleAccountsInfo(
      entries.map((entry) => new PublicKey(entry.pool)),
      'confirmed',
    );
    entries.forEach((entry, index) => {
      const rate = decodeStakePool(entry, accounts[index] ?? null);
      if (rate) rates.set(entry.mint, rate);
    });
  } catch {
    return new Map();
  }
  return rates;
}
