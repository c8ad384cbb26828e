/**
 * What a pool is to the router: two mints, two vaults and how it prices. Two kinds run on the
 * sandbox:
 *
 * - `cp-swap`: a Raydium CP-Swap pool on the ledger, executed by the program itself and priced
 *   from its on-chain state (`Reserves.cp`) with the program's own arithmetic
 *   (cp-swap/cp-quote.ts). mintA/vaultA are the pool's token 0, mintB/vaultB its token 1.
 * - `clmm`: a Raydium CLMM pool on the ledger, executed by the program itself (`swap_v2`) and
 *   priced from its on-chain state (`Reserves.clmm`: price, liquidity, tick arrays) with the
 *   program's own arithmetic (clmm/clmm-quote.ts). mintA/vaultA are its token 0.
 * - `market-maker`: the sandbox's market maker for the tokens the program refuses (PDLG): a
 *   constant product over two vaults of the sandbox's venue key, filled by transfers the
 *   sandbox co-signs, as request-for-quote fills are co-signed on mainnet.
 * - `amm-v4`: a Raydium AMM v4 pool (issue 33), executed by the program's `swap_base_in_v2` /
 *   `swap_base_out_v2` and priced from its AmmInfo and vaults (`Reserves.amm`,
 *   amm-v4/amm-quote.ts). mintA/vaultA are the pool's coin, mintB/vaultB its pc.
 */
import type { CpPoolView } from '../cp-swap/cp-quote';
import type { AmmV4PoolView } from '../amm-v4/amm-quote';
import type { ClmmPoolView } from '../clmm/clmm-quote';

/** The venues of the sandbox, as the quote's `label` names them. */
export const VENUE_LABELS = [
  'Raydium CPMM',
  'Raydium',
  'Raydium CLMM',
  'Sandbox Market Maker',
] as const;
export type VenueLabel = (typeof VENUE_LABELS)[number];

export const CP_SWAP_LABEL: VenueLabel = 'Raydium CPMM';
/** As Jupiter's API names the venue. */
export const CLMM_LABEL: VenueLabel = 'Raydium CLMM';
export const MARKET_MAKER_LABEL: VenueLabel = 'Sandbox Market Maker';
/** Jupiter's label for Raydium AMM v4. */
export const AMM_V4_LABEL: VenueLabel = 'Raydium';

/** Priced from the pool's on-chain state by the program's arithmetic. */
export interface CpSwapCurve {
  kind: 'cp-swap';
}

/** Priced from the CLMM pool's on-chain state by the program's swap loop. */
export interface ClmmCurve {
  kind: 'clmm';
}

/** x·y = k on the market maker's vault balances, fee on the input. */
export interface ConstantProductCurve {
  kind: 'constant-product';
}

/** Priced from the AMM v4 pool's on-chain state by the program's arithmetic. */
export interface AmmV4Curve {
  kind: 'amm-v4';
}

export type Curve = CpSwapCurve | ClmmCurve | ConstantProductCurve | AmmV4Curve;

export interface Pool {
  /** The pool's address (CP-Swap: its PoolState; the market maker: an id, no account). */
  ammKey: string;
  label: VenueLabel;
  mintA: string;
  mintB: string;
  /** Token accounts that hold the pool's reserves. */
  vaultA: string;
  vaultB: string;
  /** Trade fee in basis points (CP-Swap: its config's rate, rounded; for display). */
  feeBps: number;
  curve: Curve;
}

/** A pool's state for one request: its vault balances, and a CP-Swap pool's whole view. */
export interface Reserves {
  a: bigint;
  b: bigint;
  cp?: CpPoolView;
  amm?: AmmV4PoolView;
  clmm?: ClmmPoolView;
}

/** One pool's answer to a swap of a given size. */
export interface SwapLeg {
  /** What leaves the person (the pool's input plus any Token-2022 fee on the way in). */
  amountIn: bigint;
  /** What reaches the person (after any Token-2022 fee on the way out). */
  amountOut: bigint;
  /** Venue fee kept by the pool, in `feeOnInput ? input : output` mint. */
  feeAmount: bigint;
  feeOnInput: boolean;
}
