/**
 * What a side of a trade is worth by evidence the swap service does not control (issue 32):
 * Pyth's live price (no band); a stale feed's last price, with a band that widens with its age
 * (prices/oracle/stale-tolerance.ts), while that band is at most 5%; else the narrower of that
 * the deepest pool (Raydium CP-Swap, AMM v4 or CLMM) the wallet found against SOL, USDC or USDT, and for a liquid
 * staking token its stake pool's exchange rate times SOL's price (prices/chain-pools/). Where none exists the side is
 * valued at the service's word, and the review says so (trade-value.ts).
 */
import type { PoolPrice, ReferencePrice } from '../prices/chain-pools/pool-price-reader';
import type { StakePoolRate } from '../prices/chain-pools/stake-pool-rate';
import type { OracleReading } from '../prices/oracle/oracle-checks';
import { staleToleranceBps } from '../prices/oracle/stale-tolerance';
import { decimalText, formatUsd, parseDecimal } from '../shared/usd';
import { shortAddress } from './words';

/** Where an independent price comes from. */
export type EvidenceSource = 'oracle' | 'stale-oracle' | 'pool' | 'stake-pool';

export interface Evidence {
  source: EvidenceSource;
  /** USD per whole token, exact decimal text. */
  usdPrice: string;
  /** How far the price may honestly be from today's, in basis points (0 for a live feed). */
  toleranceBps: bigint;
  /** Whose price, in words: "Pyth's SOL/USD feed, last published 300 s ago". */
  name: string;
}

/** The tokens a pool's other side may be valued by (Pyth prices them on Solana), by symbol. */
const REFERENCES: Readonly<Record<string, string>> = {
  So11111111111111111111111111111111111111112: 'SOL',
  EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: 'USDC',
  Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB: 'USDT',
};
export const REFERENCE_MINTS: readonly string[] = Object.keys(REFERENCES);

/** ± a band in basis points, as a percentage: "±3.51%". */
export const bandText = (bps: bigint) => `±${decimalText({ digits: bps, scale: 2 })}%`;

function ageText(seconds: number): string {
  if (seconds < 120) return `${seconds} s`;
  if (seconds < 7_200) return `${Math.floor(seconds / 60)} min`;
  return `${Math.floor(seconds / 3_600)} h`;
}

/** A stale feed's last price as evidence, or null when it is none (too old, or not stale). */
export function staleEvidence(reading: OracleReading | undefined): Evidence | null {
  if (!reading || reading.ok || !reading.last) return null;
  const { last } = reading;
  const price = parseDecimal(last.usdPrice);
  const confidence = parseDecimal(last.confidence);
  if (!price || !confidence || price.digits === 0n) return null;
  const scale = Math.max(price.scale, confidence.scale);
  const confidenceBps =
    (confidence.digits * 10n ** BigInt(scale - confidence.scale) * 10_000n) /
    (price.digits * 10n ** BigInt(scale - price.scale));
  const band = staleToleranceBps(last.ageSeconds, confidenceBps);
  if (band === null) return null;
  return {
    source: 'stale-oracle',
    usdPrice: last.usdPrice,
    toleranceBps: band,
    name: `Pyth's ${last.alias} feed, last published ${ageText(last.ageSeconds)} ago`,
  };
}

/** Pyth's live price of a side, or null. */
export function liveEvidence(reading: OracleReading | undefined): Evidence | null {
  if (!reading?.ok) return null;
  return {
    source: 'oracle',
    usdPrice: reading.price.usdPrice,
    toleranceBps: 0n,
    name: `Pyth's ${reading.price.alias} feed`,
  };
}

/** The deepest pool's price as evidence, named with its pair, address and depth. */
export function poolEvidence(
  pool: PoolPrice | undefined,
  symbolOf: (mint: string) => string,
): Evidence | null {
  if (!pool) return null;
  const depth = parseDecimal(pool.depthUsd);
  const reference = REFERENCES[pool.referenceMint] ?? symbolOf(pool.referenceMint);
  const pair = `${symbolOf(pool.mint)}/${reference}`;
  return {
    source: 'pool',
    usdPrice: pool.usdPrice,
    toleranceBps: pool.toleranceBps,
    name: `the deepest ${pool.venue} pool the wallet found, ${pair} ${shortAddress(pool.pool)}${depth ? ` (${formatUsd(depth)} of ${reference})` : ''}, ${reference} priced by ${pool.referenceSource}`,
  };
}

/**
 * A liquid staking token trades near its stake pool's rate, not at it: redeeming takes up to an
 * epoch (about two days), so markets price it up to about 1% below.
 */
export const STAKE_POOL_SPREAD_BPS = 100n;

/** What a stake pool rate needs to become a price: SOL's reading and the token's decimals. */
export interface StakePoolInputs {
  rate: StakePoolRate | undefined;
  sol: OracleReading | undefined;
  decimals: number | undefined;
}

/** SOL per whole token × SOL's price (live, or stale within its band), or null. */
export function stakePoolEvidence(inputs: StakePoolInputs): Evidence | null {
  const { rate, decimals } = inputs;
  const sol = liveEvidence(inputs.sol) ?? staleEvidence(inputs.sol);
  const solPrice = sol ? parseDecimal(sol.usdPrice) : null;
  if (!rate || !sol || !solPrice || decimals === undefined) return null;
  // SOL per whole token = (lamports / 10^9) / (supply / 10^decimals), to 12 more digits.
  const scale = 12;
  const solPerToken: { digits: bigint; scale: number } = {
    digits:
      (rate.totalLamports * 10n ** BigInt(decimals + scale)) / (rate.poolTokenSupply * 10n ** 9n),
    scale,
  };
  const price = { digits: solPerToken.digits * solPrice.digits, scale: scale + solPrice.scale };
  const perToken = decimalText({ digits: solPerToken.digits / 10n ** 8n, scale: 4 });
  return {
    source: 'stake-pool',
    usdPrice: decimalText(price),
    toleranceBps: sol.toleranceBps + STAKE_POOL_SPREAD_BPS,
    name: `${rate.name}'s exchange rate (${perToken} SOL a token, ${shortAddress(rate.pool)}) times ${sol.name}'s SOL price`,
  };
}

/**
 * A stale Pyth price this narrow is preferred to a pool's, however deep: anyone with the capital
 * can push a pool in the block before the review (and take it back after), nobody on chain can
 * move Pyth's price, which aggregates venues off chain. 5% is about ten minutes of age.
 */
export const PREFER_STALE_FEED_BPS = 500n;

/**
 * The best evidence for a side: live Pyth; else a stale Pyth price within
 * `PREFER_STALE_FEED_BPS`; else the narrower of a staler price and the deepest pool.
 */
export function bestEvidence(
  reading: OracleReading | undefined,
  pool: PoolPrice | undefined,
  symbolOf: (mint: string) => string,
  stakePool?: StakePoolInputs,
): Evidence | null {
  const live = liveEvidence(reading);
  if (live) return live;
  const stale = staleEvidence(reading);
  if (stale && stale.toleranceBps <= PREFER_STALE_FEED_BPS) return stale;
  // On a tie the stake pool's rate goes first: its issuer's, which no trade can push.
  const candidates = [
    stale,
    stakePool ? stakePoolEvidence(stakePool) : null,
    poolEvidence(pool, symbolOf),
  ].filter((e): e is Evidence => e !== null);
  candidates.sort((a, b) =>
    a.toleranceBps < b.toleranceBps ? -1 : a.toleranceBps > b.toleranceBps ? 1 : 0,
  );
  return candidates[0] ?? null;
}

/**
 * The reference tokens' prices a pool may carry, from Pyth's readings: live, or stale within
 * its band. A reference with neither carries nothing.
 */
export function referencePrices(
  readings: ReadonlyMap<string, OracleReading>,
): Map<string, ReferencePrice> {
  const references = new Map<string, ReferencePrice>();
  for (const mint of REFERENCE_MINTS) {
    const reading = readings.get(mint);
    const evidence = liveEvidence(reading) ?? staleEvidence(reading);
    if (!evidence) continue;
    references.set(mint, {
      mint,
      usdPrice: evidence.usdPrice,
      toleranceBps: evidence.toleranceBps,
      source: evidence.name,
    });
  }
  return references;
}
