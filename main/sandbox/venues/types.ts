/**
 * What a pool is: two vaults on the ledger plus fixed curve parameters. The pool's state is the
 * pair of vault balances, read from the ledger, so a swap that moves tokens between the user and
 * the vaults is the whole state change and persistence comes with the ledger.
 */

/** The venues of the sandbox, labelled as the mainnet venues they imitate. */
export const VENUE_LABELS = ['Whirlpool', 'Raydium CLMM', 'Raydium CPMM', 'Saber'] as const;
export type VenueLabel = (typeof VENUE_LABELS)[number];

/** x·y = k on the real reserves. */
export interface ConstantProductCurve {
  kind: 'constant-product';
}

/**
 * One concentrated position over the price range [pa, pb] (price = B per A in base units) with
 * liquidity L: a constant product on the virtual reserves x + L/√pb and y + L·√pa, limited to
 * the real reserves, which is Uniswap v3's math inside one range. `virtualA` = L/√pb and
 * `virtualB` = L·√pa are fixed at seeding; fees stay in the vaults (compounded), so k only grows.
 */
export interface ConcentratedCurve {
  kind: 'concentrated';
  liquidity: bigint;
  /** √pa and √pb as Q64.64 fixed point. */
  sqrtPriceLowerX64: bigint;
  sqrtPriceUpperX64: bigint;
  virtualA: bigint;
  virtualB: bigint;
}

/** Curve's StableSwap invariant for two coins with amplification A. */
export interface StableSwapCurve {
  kind: 'stable-swap';
  amplification: bigint;
  /** Multipliers that bring both tokens to the same number of decimals. */
  precisionA: bigint;
  precisionB: bigint;
}

export type Curve = ConstantProductCurve | ConcentratedCurve | StableSwapCurve;

export interface Pool {
  /** Deterministic pool address (an id: no account lives there). */
  ammKey: string;
  label: VenueLabel;
  mintA: string;
  mintB: string;
  /** Token accounts of the venue authority that hold the pool's reserves. */
  vaultA: string;
  vaultB: string;
  /** Venue fee in basis points. */
  feeBps: number;
  curve: Curve;
}

/** Real reserves of a pool: its vault balances. */
export interface Reserves {
  a: bigint;
  b: bigint;
}

/** One pool's answer to a swap of a given size. */
export interface SwapLeg {
  amountIn: bigint;
  amountOut: bigint;
  /** Venue fee kept by the pool, in `feeOnInput ? input : output` mint. */
  feeAmount: bigint;
  feeOnInput: boolean;
}
