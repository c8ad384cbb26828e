/**
 * A price from the chain's own pools (issue 32): for a token with no live Pyth price, the wallet
 * finds the pools joining it to a token it can value (SOL, USDC, USDT, priced by Pyth) on every
 * venue it reads (Raydium CP-Swap, AMM v4 and CLMM: pool-finder.ts), reads them through the
 * person's own RPC, and takes the price of the deepest: evidence the swap service does not
 * control. Not the route's pools: a service routing through a pool of its own, priced 40% below
 * the market, is judged against the deepest pool the wallet can read, and making that one lie
 * would cost the attacker the depth of the market's own.
 *
 * Two rounds: the pools (their accounts at derived addresses, and AMM v4's by getProgramAccounts,
 * side by side), then the found pools' vaults. Nothing throws: an RPC failure is no evidence,
 * and the review says so.
 */
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
import { tokenAccountAmount } from './cp-pool-account';
import type { PoolVenue } from './pool-candidate';
import { findPools, readAccounts, type FoundPool } from './pool-finder';
import type { ProgramAccountsRead } from './program-accounts';

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
  /** Whose pool: "Raydium CLMM". */
  venue: PoolVenue;
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
/** Digits kept in a pool price beyond the reference price's own. */
const PRICE_SCALE = 12;

/** The found pool's price and depth, or null when its reserves say nothing. */
function priceOf(
  found: FoundPool,
  reference: ReferencePrice,
  vaults: ReadonlyMap<string, FeedAccount>,
): PoolPrice | null {
  const { candidate, mint } = found;
  const balance = (vault: string) => {
    const data = vaults.get(vault)?.data;
    return (data ? tokenAccountAmount(data) : null) ?? 0n;
  };
  const reserves = candidate.reserves(balance(candidate.vault0), balance(candidate.vault1));
  if (!reserves) return null;
  const tokenFirst = candidate.mint0 === mint;
  const side = <T>(pair: [T, T]): [T, T] => (tokenFirst ? pair : [pair[1], pair[0]]);
  const [tokenReserve, referenceReserve] = side(reserves.price);
  const referenceDepth = side(reserves.depth)[1];
  const [tokenDecimals, referenceDecimals] = side([candidate.decimals0, candidate.decimals1]);
  const referencePrice = parseDecimal(reference.usdPrice);
  if (tokenReserve <= 0n || referenceReserve <= 0n || referenceDepth <= 0n || !referencePrice) {
    return null;
  }
  const depth = usdValue(referenceDepth, referenceDecimals, referencePrice);
  // price = (R / 10^dr) / (T / 10^dt) × reference price, exact to PRICE_SCALE more digits.
  const digits =
    (referenceReserve * 10n ** BigInt(tokenDecimals + PRICE_SCALE) * referencePrice.digits) /
    (tokenReserve * 10n ** BigInt(referenceDecimals));
  return {
    mint,
    pool: candidate.pool,
    venue: candidate.venue,
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
 * A reader through `connection` (the person's RPC); `programAccounts` (getProgramAccounts over
 * the same RPC) adds AMM v4's pools.
 * @example await createPoolPriceReader({ connection: () => rpc }).read([RAY], references)
 */
export function createPoolPriceReader(deps: {
  connection: () => OracleConnection;
  programAccounts?: () => ProgramAccountsRead;
  /** How long AMM v4's search may take (pool-finder.ts's AMM_V4_SEARCH_MS unless given). */
  ammV4SearchMs?: number;
}): PoolPriceReader {
  return {
    stakePools: (mints) => readStakePoolRates(deps.connection(), mints),
    async read(mints, references) {
      const prices = new Map<string, PoolPrice>();
      const pairs: [string, string][] = [];
      for (const mint of new Set(mints)) {
        for (const reference of references.values()) {
          if (reference.mint !== mint) pairs.push([mint, reference.mint]);
        }
      }
      if (pairs.length === 0) return prices;
      try {
        const connection = deps.connection();
        const found = await findPools(
          connection,
          deps.programAccounts?.(),
          pairs,
          deps.ammV4SearchMs,
        );
        const vaultAddresses = found.flatMap((f) => [f.candidate.vault0, f.candidate.vault1]);
        const vaults = await readAccounts(connection, [...new Set(vaultAddresses)]);
        for (const pool of found) {
          const price = priceOf(pool, references.get(pool.referenceMint)!, vaults);
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
