/**
 * Jupiter's aggregator program (v6) as the sandbox runs it when given its mainnet binary
 * (`--jupiter-program FILE`; the binary is a closed-source test fixture, see
 * its PROVENANCE.md among the tests' fixtures): its id, the addresses it derives, and the
 * encoding of its route instructions. Layouts from the program's on-chain Anchor IDL (as
 * published by sava-software/idl-clients), each checked against the binary on litesvm by the
 * sandbox's tests (jupiter/*.test.ts); discriminators are sha256("global:<name>")[0..8].
 */
import { createHash } from 'node:crypto';
import { PublicKey } from '@solana/web3.js';
import { associatedTokenAddress } from '../../tokens/associated-token';

export const JUPITER_PROGRAM_ID = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
const PROGRAM = new PublicKey(JUPITER_PROGRAM_ID);

/** The `Swap` enum's variant for a Raydium CP-Swap step (`RaydiumCP`, no fields). */
export const RAYDIUM_CP_SWAP_VARIANT = 46;

/**
 * The `Swap` variant of a Raydium AMM v4 step over the pool's v2 swap accounts: `RaydiumV2`
 * (105, no fields). Measured on the binary (jupiter/amm-v4-route.test.ts): given the AMM v4
 * program and the 8 accounts of `swap_base_in_v2`, the program calls `swap_base_in_v2` (ExactIn)
 * or `swap_base_out_v2` (ExactOut); `Raydium` (7) calls the order-book swaps, whose 17 accounts
 * name an OpenBook market the sandbox's pools do not have.
 */
export const RAYDIUM_AMM_V4_VARIANT = 105;

/** `RaydiumClmmV2` (40, no fields): a Raydium CLMM step over its `swap_v2` accounts. */
export const RAYDIUM_CLMM_V2_VARIANT = 40;

/** `RaydiumClmm` (26, no fields): the CLMM variant with an ExactOut path in the program. */
export const RAYDIUM_CLMM_VARIANT = 26;

export const discriminator = (name: string): Uint8Array =>
  new Uint8Array(createHash('sha256').update(`global:${name}`).digest().subarray(0, 8));

/** Anchor's event authority (`["__event_authority"]`), named by every route instruction. */
export const JUPITER_EVENT_AUTHORITY = PublicKey.findProgramAddressSync(
  [Buffer.from('__event_authority')],
  PROGRAM,
)[0].toBase58();

/** The program authority of shared-accounts routes: `["authority", id]`. */
export function programAuthority(id: number): string {
  return PublicKey.findProgramAddressSync(
    [Buffer.from('authority'), Buffer.from([id])],
    PROGRAM,
  )[0].toBase58();
}

/** The authority the sandbox's shared-accounts routes use (mainnet spreads load over 8 ids). */
export const SANDBOX_AUTHORITY_ID = 0;
export const JUPITER_PROGRAM_AUTHORITY = programAuthority(SANDBOX_AUTHORITY_ID);

/**
 * The authority whose token accounts receive Jupiter's own platform fee on the sandbox's /order
 * (`--jupiter-fee by-pair`): 12, as in the real Ultra order of jup-ag/docs, whose fee account is
 * authority 12's wSOL account (fees/jupiter-fee-account.ts). Apart from the routes' authority 0,
 * so a fee never lands in an account a shared route passes the swap through.
 */
export const SANDBOX_FEE_AUTHORITY_ID = 12;
export const JUPITER_FEE_AUTHORITY = programAuthority(SANDBOX_FEE_AUTHORITY_ID);

/** Jupiter's fee account of `mint` on the sandbox: the fee authority's associated token account. */
export function jupiterFeeTokenAccount(mint: string, tokenProgram: string): string {
  return associatedTokenAddress(mint, JUPITER_FEE_AUTHORITY, tokenProgram);
}

/** The program authority's token account of `mint`: its associated token account. */
export function programTokenAccount(mint: string, tokenProgram: string): string {
  return associatedTokenAddress(mint, JUPITER_PROGRAM_AUTHORITY, tokenProgram);
}
