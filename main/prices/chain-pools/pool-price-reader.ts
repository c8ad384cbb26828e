/**
 * A price from the chain's own pools (issue 32): for a token with no live Pyth price, the wallet
 * finds the Raydium CP-Swap pools joining it to a token it can value (SOL, USDC, USDT, priced by
 * Pyth), reads them through the person's own RPC, and takes the price of the deepest: evidence
 * the swap service does not control. Not the route's pools: a service routing through a pool of
 * its own, priced 40% below the market, is judged against the deepest pool the wallet can read,
 * and making that one lie would cost the attacker the depth of the market's own.
 *
 * Two reads: the pool accounts at their derived addresses (cp-pool-account.ts) for every fee
 * tier and reference, then the found pools' vaults. Nothing throws: an RPC failure is no
 * evidence, and the review says so.
 */
import { PublicKey } from '@solana/web3.js';
import { CP_SWAP_PROGRAM } from '../../review/program-ids';
import {
  compareDecimal,
  decimalText,
  parseDecimal,
  usdValue,
  type Decimal,
} from '../../shared/usd';
import type { FeedAccount } from '../oracle/oracle-checks';
import type { OracleConnection } from '../oracle/oracle-reader';
import { readStakePoolRates, type StakePoolRate } from './stake-pool-rate';
import {
  CONFIG_INDICES,
  cpPoolAddress,
  decodeCpPool,
  tokenAccountAmount,
  type CpPoolAccount,
} from './cp-pool-account';

/** What a pool's other side is worth: a reference token's price and whose it is. */
export interface ReferencePrice {
  mint: string;
  /** USD per whole token, exact decimal text. */
  usdPrice: string;
  /** How far off that price may be (a stale feed's band), in basis points. */
  toleranceBps: bigint;
  /** Whose price, in words: "Pyth's USDC/USD feed". */
  source: string;
}

/** A token's price from the deepest pool the wallet found. */
export interface PoolPrice {
  mint: string;
  pool: string;
  /** The pool's other token, the one the price is carried from. */
  referenceMint: string;
  /** USD per whole token, exact decimal text. */
  usdPrice: string;
  /** The USD value of the pool's reference side: how deep it is. */
  depthUsd: string;
  /** The reference's band plus `POOL_SPREAD_BPS`. */
  toleranceBps: bigint;
  /** The reference price's source, in words. */
  referenceSource: string;
}

export interface PoolPriceReader {
  /** For each of `mints` the wallet found a pool for, the deepest pool's price. */
  read(
    mints: readonly string[],
    references: ReadonlyMap<string, ReferencePrice>,
  ): Promise<Map<string, PoolPrice>>;
  /** The stake pool exchange rates of those of `mints` that are liquid staking tokens. */
  stakePools(mints: readonly string[]): Promise<Map<string, StakePoolRate>>;
}

/**
 * Pools differ from each other by their fee tier (at most 1%) before an arbitrageur evens them
 * out, so the route's honest pool may sit up to that far from the deepest one.
 */
export const POOL_SPREAD_BPS = 100n;
/** A pool with less than this much on its reference side costs next to nothing to price at will. */
export const MIN_DEPTH_USD: Decimal = { digits: 1_000n, scale: 0 };
const ACCOUNTS_PER_CALL = 100;
/** Digits kept in a pool price beyond the reference price's own. */
const PRICE_SCALE = 12;

async function readAccounts(
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

interface Candidate {
  mint: string;
  reference: ReferencePrice;
  pool: string;
  state: CpPoolAccount;
}

/** The candidate's price and depth, or null when its reserves say nothing. */
function priceOf(candidate: Candidate, vaults: ReadonlyMap<string, FeedAccount>): PoolPrice | null {
  const { state, mint, reference } = candidate;
  const tokenFirst = state.token0Mint === mint;
  const reserve = (vault: string, fees: bigint) => {
    const data = vaults.get(vault)?.data;
    const amount = data ? tokenAccountAmount(data) : null;
    return amount === null ? 0n : amount - fees;
  };
  const reserve0 = reserve(state.token0Vault, state.fees0);
  const reserve1 = reserve(state.token1Vault, state.fees1);
  const [tokenReserve, referenceReserve] = tokenFirst ? [reserve0, reserve1] : [reserve1, reserve0];
  const [tokenDecimals, referenceDecimals] = tokenFirst
    ? [state.mint0Decimals, state.mint1Decimals]
    : [state.mint1Decimals, state.mint0Decimals];
  const referencePrice = parseDecimal(reference.usdPrice);
  if (tokenReserve <= 0n || referenceReserve <= 0n || !referencePrice) return null;
  const depth = usdValue(referenceReserve, referenceDecimals, referencePrice);
  // price = (R / 10^dr) / (T / 10^dt) × reference price, exact to PRICE_SCALE more digits.
  const digits =
    (referenceReserve * 10n ** BigInt(tokenDecimals + PRICE_SCALE) * referencePrice.digits) /
    (tokenReserve * 10n ** BigInt(referenceDecimals));
  return {
    mint,
    pool: candidate.pool,
    referenceMint: reference.mint,
    usdPrice: decimalText({ digits, scale: referencePrice.scale + PRICE_SCALE }),
    depthUsd: decimalText(depth),
    toleranceBps: reference.toleranceBps + POOL_SPREAD_BPS,
    referenceSource: reference.source,
  };
}

const depthOf = (price: PoolPrice): Decimal =>
  parseDecimal(price.depthUsd) ?? { digits: 0n, scale: 0 };
const deeper = (a: PoolPrice, b: PoolPrice) => compareDecimal(depthOf(a), depthOf(b)) > 0;
const deepEnough = (price: PoolPrice) => compareDecimal(depthOf(price), MIN_DEPTH_USD) >= 0;

/**
 * A reader through `connection` (the person's RPC).
 * @example await createPoolPriceReader({ connection: () => rpc }).read([RAY], references)
 */
export function createPoolPriceReader(deps: {
  connection: () => OracleConnection;
}): PoolPriceReader {
  return {
    stakePools: (mints) => readStakePoolRates(deps.connection(), mints),
    async read(mints, references) {
      const prices = new Map<string, PoolPrice>();
      const wanted: { mint: string; reference: ReferencePrice; pool: string }[] = [];
      for (const mint of new Set(mints)) {
        for (const reference of references.values()) {
          if (reference.mint === mint) continue;
          for (const index of CONFIG_INDICES) {
            wanted.push({ mint, reference, pool: cpPoolAddress(index, mint, reference.mint) });
          }
        }
      }
      if (wanted.length === 0) return prices;
      try {
        const connection = deps.connection();
        const poolAccounts = await readAccounts(connection, [
          ...new Set(wanted.map((w) => w.pool)),
        ]);
        const candidates: Candidate[] = [];
        for (const entry of wanted) {
          const account = poolAccounts.get(entry.pool);
          // Only the program writes its pools: an account it does not own is not one.
          if (!account || ownerOf(account) !== CP_SWAP_PROGRAM) continue;
          const state = decodeCpPool(account.data);
          if (!state || state.swapsDisabled) continue;
          candidates.push({ ...entry, state });
        }
        const vaultAddresses = candidates.flatMap((c) => [
          c.state.token0Vault,
          c.state.token1Vault,
        ]);
        const vaults = await readAccounts(connection, [...new Set(vaultAddresses)]);
        for (const candidate of candidates) {
          const price = priceOf(candidate, vaults);
          if (!price || !deepEnough(price)) continue;
          const best = prices.get(price.mint);
          if (!best || deeper(price, best)) prices.set(price.mint, price);
        }
      } catch {
        // No evidence from pools; the review values the side otherwise and says so.
        return new Map();
      }
      return prices;
    },
  };
}
