/**
 * Raydium CLMM as the sandbox runs it: the mainnet binary in resources/programs/raydium-clmm/
 * (Apache-2.0, see its PROVENANCE.md), its program id, the program addresses it derives and the
 * three instructions the sandbox sends (`create_pool`, `open_position_with_token22_nft`,
 * `swap_v2`). Seeds, discriminators, arguments and account orders follow the program's source
 * (raydium-io/raydium-clmm at a5a46ff, programs/amm/src/lib.rs and instructions/).
 */
import { createHash } from 'node:crypto';
import { PublicKey, TransactionInstruction, type AccountMeta } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import {
  ASSOCIATED_TOKEN_PROGRAM_ID,
  MEMO_PROGRAM_ID,
  SYSTEM_PROGRAM_ID,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '../../shared/sandbox-tokens';
import {
  ammConfigPda,
  meta,
  raydiumPoolAddresses,
  type RaydiumCreatePoolArgs,
  type RaydiumSwapAccounts,
} from '../venues/raydium-program';

export const CLMM_PROGRAM_ID = 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK';
const RENT_SYSVAR_ID = 'SysvarRent111111111111111111111111111111111';
const PROGRAM = new PublicKey(CLMM_PROGRAM_ID);

/** Anchor's discriminator: the first 8 bytes of sha256("<namespace>:<name>"). */
export function anchorDiscriminator(name: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(name).digest().subarray(0, 8));
}

export const CLMM_DISCRIMINATORS = {
  createPool: anchorDiscriminator('global:create_pool'),
  openPositionWithToken22Nft: anchorDiscriminator('global:open_position_with_token22_nft'),
  swapV2: anchorDiscriminator('global:swap_v2'),
  ammConfig: anchorDiscriminator('account:AmmConfig'),
  poolState: anchorDiscriminator('account:PoolState'),
  tickArrayState: anchorDiscriminator('account:TickArrayState'),
} as const;

const key = (address: string): Uint8Array => new PublicKey(address).toBytes();
const i32be = (value: number): Uint8Array => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setInt32(0, value, false);
  return bytes;
};

function pda(seeds: Uint8Array[]): string {
  return PublicKey.findProgramAddressSync(seeds, PROGRAM)[0].toBase58();
}
const seed = (text: string): Uint8Array => Buffer.from(text);

/** The AmmConfig of `index` (`["amm_config", index u16 big-endian]`) and its bump (remembered). */
export function clmmConfigPda(index: number): { address: string; bump: number } {
  return ammConfigPda(PROGRAM, index);
}

/** Every address of the pool of `config` over mint0 < mint1: Raydium's, and CLMM's bitmap extension. */
export function clmmPoolAddresses(config: string, mint0: string, mint1: string) {
  const addresses = raydiumPoolAddresses(PROGRAM, config, mint0, mint1);
  return { ...addresses, bitmapExtension: bitmapExtensionAddress(addresses.pool) };
}

export type ClmmPoolAddresses = ReturnType<typeof clmmPoolAddresses>;

/** The pool's tick-array bitmap extension (`["pool_tick_array_bitmap_extension", pool]`). */
export function bitmapExtensionAddress(pool: string): string {
  return pda([seed('pool_tick_array_bitmap_extension'), key(pool)]);
}

/** The tick array of `pool` starting at `startIndex` (`["tick_array", pool, i32 big-endian]`). */
export function tickArrayAddress(pool: string, startIndex: number): string {
  return pda([seed('tick_array'), key(pool), i32be(startIndex)]);
}

function data(discriminator: Uint8Array, size: number, write: (view: DataView) => void): Buffer {
  const bytes = Buffer.alloc(8 + size);
  bytes.set(discriminator, 0);
  write(new DataView(bytes.buffer, bytes.byteOffset + 8, size));
  return bytes;
}

function setU128(view: DataView, offset: number, value: bigint): void {
  view.setBigUint64(offset, value & ((1n << 64n) - 1n), true);
  view.setBigUint64(offset + 8, value >> 64n, true);
}

export interface CreatePoolArgs extends RaydiumCreatePoolArgs {
  sqrtPriceX64: bigint;
}

/** `create_pool(sqrt_price_x64, open_time = 0)` with its 13 accounts. */
export function createPoolInstruction(args: CreatePoolArgs): TransactionInstruction {
  const addresses = clmmPoolAddresses(args.config, args.mint0, args.mint1);
  return new TransactionInstruction({
    programId: PROGRAM,
    keys: [
      meta(args.creator, true, true),
      meta(args.config, false),
      meta(addresses.pool, true),
      meta(args.mint0, false),
      meta(args.mint1, false),
      meta(addresses.vault0, true),
      meta(addresses.vault1, true),
      meta(addresses.observation, true),
      meta(addresses.bitmapExtension, true),
      meta(args.program0, false),
      meta(args.program1, false),
      meta(SYSTEM_PROGRAM_ID, false),
      meta(RENT_SYSVAR_ID, false),
    ],
    data: data(CLMM_DISCRIMINATORS.createPool, 24, (view) => {
      setU128(view, 0, args.sqrtPriceX64);
      view.setBigUint64(16, 0n, true);
    }),
  });
}

export interface OpenPositionArgs {
  payer: string;
  /** A fresh key that signs: the position NFT's Token-2022 mint. */
  nftMint: string;
  pool: string;
  vault0: string;
  vault1: string;
  mint0: string;
  mint1: string;
  payerToken0: string;
  payerToken1: string;
  tickLower: number;
  tickUpper: number;
  tickArrayLower: number;
  tickArrayUpper: number;
  liquidity: bigint;
  amount0Max: bigint;
  amount1Max: bigint;
}

/**
 * `open_position_with_token22_nft(...)`: a position whose NFT is a Token-2022 mint without
 * metadata, so no Metaplex program is needed (open_position_v2 names it; the sandbox has none).
 */
export function openPositionInstruction(args: OpenPositionArgs): TransactionInstruction {
  const nftAccount = getAssociatedTokenAddressSync(
    new PublicKey(args.nftMint),
    new PublicKey(args.payer),
    false,
    new PublicKey(TOKEN_2022_PROGRAM_ID),
  ).toBase58();
  const pool = key(args.pool);
  return new TransactionInstruction({
    programId: PROGRAM,
    keys: [
      meta(args.payer, true, true),
      meta(args.payer, false),
      meta(args.nftMint, true, true),
      meta(nftAccount, true),
      meta(args.pool, true),
      // Deprecated in the program and kept for compatibility: its old PDA.
      meta(pda([seed('position'), pool, i32be(args.tickLower), i32be(args.tickUpper)]), false),
      meta(tickArrayAddress(args.pool, args.tickArrayLower), true),
      meta(tickArrayAddress(args.pool, args.tickArrayUpper), true),
      meta(pda([seed('position'), key(args.nftMint)]), true),
      meta(args.payerToken0, true),
      meta(args.payerToken1, true),
      meta(args.vault0, true),
      meta(args.vault1, true),
      meta(RENT_SYSVAR_ID, false),
      meta(SYSTEM_PROGRAM_ID, false),
      meta(TOKEN_PROGRAM_ID, false),
      meta(ASSOCIATED_TOKEN_PROGRAM_ID, false),
      meta(TOKEN_2022_PROGRAM_ID, false),
      meta(args.mint0, false),
      meta(args.mint1, false),
    ],
    data: data(CLMM_DISCRIMINATORS.openPositionWithToken22Nft, 16 + 16 + 16 + 2, (view) => {
      view.setInt32(0, args.tickLower, true);
      view.setInt32(4, args.tickUpper, true);
      view.setInt32(8, args.tickArrayLower, true);
      view.setInt32(12, args.tickArrayUpper, true);
      setU128(view, 16, args.liquidity);
      view.setBigUint64(32, args.amount0Max, true);
      view.setBigUint64(40, args.amount1Max, true);
      view.setUint8(48, 0); // with_metadata: false
      view.setUint8(49, 0); // base_flag: None (the liquidity above decides)
    }),
  });
}

/** What `swap_v2` names, in the program's order, then its remaining accounts. */
export interface ClmmSwapAccounts extends RaydiumSwapAccounts {
  /** The pool's tick-array bitmap extension, passed first as Raydium's own clients do. */
  bitmapExtension: string;
  /** The tick arrays the swap walks through, in the order it meets them. */
  tickArrays: readonly string[];
}

/** The 13 named accounts and the remaining ones (bitmap extension, tick arrays). */
export function swapV2Keys(accounts: ClmmSwapAccounts): AccountMeta[] {
  return [
    meta(accounts.payer, false, true),
    meta(accounts.config, false),
    meta(accounts.pool, true),
    meta(accounts.inputAccount, true),
    meta(accounts.outputAccount, true),
    meta(accounts.inputVault, true),
    meta(accounts.outputVault, true),
    meta(accounts.observation, true),
    meta(TOKEN_PROGRAM_ID, false),
    meta(TOKEN_2022_PROGRAM_ID, false),
    meta(MEMO_PROGRAM_ID, false),
    meta(accounts.inputMint, false),
    meta(accounts.outputMint, false),
    meta(accounts.bitmapExtension, false),
    ...accounts.tickArrays.map((address) => meta(address, true)),
  ];
}

/**
 * `swap_v2(amount, other_amount_threshold, sqrt_price_limit_x64 = 0, is_base_input)`: ExactIn
 * (threshold = the least the person accepts) or ExactOut (threshold = the most they pay).
 */
export function swapV2Instruction(
  accounts: ClmmSwapAccounts,
  amount: bigint,
  otherAmountThreshold: bigint,
  isBaseInput: boolean,
): TransactionInstruction {
  return new TransactionInstruction({
    programId: PROGRAM,
    keys: swapV2Keys(accounts),
    data: data(CLMM_DISCRIMINATORS.swapV2, 8 + 8 + 16 + 1, (view) => {
      view.setBigUint64(0, amount, true);
      view.setBigUint64(8, otherAmountThreshold, true);
      setU128(view, 16, 0n);
      view.setUint8(32, isBaseInput ? 1 : 0);
    }),
  });
}
