/**
 * The instructions the review decodes (decode-instruction.ts and the program decoders beside
 * it), as one union the guard's rules read. Amounts are bigint base units; addresses base58.
 */
import type { RouteStep } from './jupiter-steps';
import type { Address } from '../shared/address';
import type { SwapMode } from '../swap-api/types';

/**
 * An aggregator route instruction (decode-jupiter.ts, layouts in jupiter-layouts.ts): the
 * amounts that bound it on chain, the accounts it pays from and into, and its fee.
 */
export interface JupiterRoute {
  kind: 'jupiterRoute';
  /** The IDL name, e.g. 'shared_accounts_route_v2'. */
  name: string;
  version: 1 | 2;
  swapMode: SwapMode;
  /**
   * ExactIn: `in_amount`, what the program takes (null for the token-ledger forms, where the
   * program measures it on chain). ExactOut: `out_amount`, what it delivers.
   */
  amount: bigint | null;
  /** `quoted_out_amount` (ExactIn) or `quoted_in_amount` (ExactOut). */
  quotedAmount: bigint;
  slippageBps: number;
  /**
   * What the program enforces: ExactIn, the least it delivers (⌊quoted × (10,000 − slippage) /
   * 10,000⌋); ExactOut, the most it takes (⌈quoted × (10,000 + slippage) / 10,000⌉).
   */
  bound: bigint;
  platformFeeBps: number;
  /** V2: the share of anything above the quote that goes to the integrator (0 in V1). */
  positiveSlippageBps: number;
  /**
   * Where the fee is paid: V1, `platform_fee_account` (null when absent); V2 forms have no such
   * slot and pay the first account after their own (null without a fee).
   */
  platformFeeAccount: Address | null;
  feeAccountSlot: boolean;
  /** The person's account the program takes the input from. */
  source: Address;
  /** Where the program pays the output (`destination_token_account` when given). */
  destination: Address;
  sourceMint: Address | null;
  destinationMint: Address;
  /** The route plan's steps, named (jupiter-steps.ts); null when a step's venue is not read. */
  steps: RouteStep[] | null;
}

/**
 * A Raydium CP-Swap swap (decode-cp-swap.ts): `swap_base_input(amount_in, minimum_amount_out)`
 * or `swap_base_output(max_amount_in, amount_out)`, with the accounts it pays from and into.
 */
export interface CpSwapInstruction {
  kind: 'cpSwap';
  name: 'swap_base_input' | 'swap_base_output';
  swapMode: SwapMode;
  /** ExactIn: amount_in (taken exactly). ExactOut: max_amount_in (the most taken). */
  maxIn: bigint;
  /** ExactIn: minimum_amount_out (the least paid). ExactOut: amount_out (paid exactly). */
  minOut: bigint;
  source: Address;
  destination: Address;
  inputMint: Address;
  outputMint: Address;
}

/**
 * A Raydium AMM v4 swap without an order book (decode-amm-v4.ts): `swap_base_in_v2(amount_in,
 * minimum_amount_out)` or `swap_base_out_v2(max_amount_in, amount_out)`. Its accounts name no
 * mint: the mints are those of `source` and `destination`.
 */
export interface AmmV4SwapInstruction {
  kind: 'ammV4Swap';
  name: 'swap_base_in_v2' | 'swap_base_out_v2';
  swapMode: SwapMode;
  /** ExactIn: amount_in (taken exactly). ExactOut: max_amount_in (the most taken). */
  maxIn: bigint;
  /** ExactIn: minimum_amount_out (the least paid). ExactOut: amount_out (paid exactly). */
  minOut: bigint;
  source: Address;
  destination: Address;
}

/**
 * A Raydium CLMM swap (decode-clmm.ts): `swap_v2`, its bound read as CP-Swap's is: `maxIn` the
 * most it takes, `minOut` the least it pays (0 for an ExactOut leg with a price limit).
 */
export interface ClmmSwapInstruction extends Omit<CpSwapInstruction, 'kind' | 'name'> {
  kind: 'clmmSwap';
  name: 'swap_v2';
}

/** A decoded instruction of a known program. Addresses are base58. */
/**
 * JupiterZ's fill (decode-order-engine.ts): exactly `inputAmount` from the taker to the maker,
 * exactly `outputAmount` from the maker to the taker; a null account is native SOL (the wallet).
 */
export interface JupiterzFill {
  kind: 'jupiterzFill';
  taker: Address;
  maker: Address;
  takerInput: Address | null;
  makerInput: Address | null;
  takerOutput: Address | null;
  makerOutput: Address | null;
  inputMint: Address;
  outputMint: Address;
  inputAmount: bigint;
  outputAmount: bigint;
  /** Unix seconds past which the program refuses the fill. */
  expireAt: bigint;
}

export type DecodedInstruction =
  | JupiterzFill
  | { kind: 'systemTransfer'; from: Address; to: Address; lamports: bigint }
  | {
      kind: 'systemCreateAccount';
      from: Address;
      newAccount: Address;
      lamports: bigint;
      space: bigint;
      owner: Address;
    }
  | { kind: 'systemAssign'; account: Address; owner: Address }
  | {
      kind: 'tokenTransfer';
      source: Address;
      destination: Address;
      authority: Address;
      amount: bigint;
      /** Present for transferChecked. */
      mint?: Address;
      decimals?: number;
    }
  | {
      kind: 'tokenApprove';
      source: Address;
      delegate: Address;
      owner: Address;
      amount: bigint;
      mint?: Address;
    }
  | { kind: 'tokenRevoke'; source: Address; owner: Address }
  | {
      kind: 'tokenSetAuthority';
      account: Address;
      currentAuthority: Address;
      authorityType: 'MintTokens' | 'FreezeAccount' | 'AccountOwner' | 'CloseAccount' | 'Other';
      newAuthority: Address | null;
    }
  | { kind: 'tokenCloseAccount'; account: Address; destination: Address; owner: Address }
  | { kind: 'tokenSyncNative'; account: Address }
  | { kind: 'tokenInitializeAccount'; account: Address; mint: Address; owner: Address }
  | {
      kind: 'tokenBurn';
      account: Address;
      mint: Address;
      owner: Address;
      amount: bigint;
      /** A Token-2022 permissioned burn (issue 35): the mint's burn authority, who co-signs. */
      permissionedBy?: Address;
    }
  | { kind: 'tokenMintTo'; mint: Address; destination: Address; amount: bigint }
  | {
      kind: 'ataCreate';
      idempotent: boolean;
      payer: Address;
      account: Address;
      owner: Address;
      mint: Address;
      tokenProgram: Address;
    }
  | JupiterRoute
  | CpSwapInstruction
  | AmmV4SwapInstruction
  | ClmmSwapInstruction
  | {
      /** The aggregator opens a token account of `mint` for `owner` (temporary wSOL). */
      kind: 'jupiterCreateTokenAccount';
      account: Address;
      owner: Address;
      mint: Address;
    }
  | { kind: 'computeUnitLimit'; units: number }
  | { kind: 'computeUnitPrice'; microLamports: bigint }
  | { kind: 'memo'; text: string }
  | {
      kind: 'other';
      name: string;
      /** What it does, in words, where the decoder knows (Token-2022's newer instructions). */
      detail?: string;
    }
  | { kind: 'unknown' };
