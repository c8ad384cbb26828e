/**
 * Raydium CP-Swap (CPMM) as the sandbox runs it: the mainnet binary in
 * resources/programs/raydium-cp-swap/ (Apache-2.0, see its PROVENANCE.md), its program id, the
 * program addresses it derives and the three instructions the sandbox sends (`initialize`,
 * `swap_base_input`, `swap_base_output`). Seeds, discriminators and account orders follow the
 * program's source (raydium-io/raydium-cp-swap, programs/cp-swap/src/instructions/), as measured
 * on litesvm 1.4.1 by the team (resources/programs/raydium-cp-swap/README.md).
 */
import { PublicKey, TransactionInstruction, type AccountMeta } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { ASSOCIATED_TOKEN_PROGRAM_ID, SYSTEM_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../tokens';
import {
  ammConfigPda as raydiumConfigPda,
  meta,
  raydiumPoolAddress,
  raydiumPoolAddresses,
  type RaydiumCreatePoolArgs,
  type RaydiumSwapAccounts,
} from '../venues/raydium-program';

export const CP_SWAP_PROGRAM_ID = 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C';
/** The mainnet account that receives the create-pool fee (hard-coded in the program). */
export const CREATE_POOL_FEE_RECEIVER = 'DNXgeM9EiiaAbaWvwjHj9fQQLAX5ZsfHyvmYUNRAdNC8';
const RENT_SYSVAR_ID = 'SysvarRent111111111111111111111111111111111';

/** Anchor discriminators: the first 8 bytes of sha256("global:<name>") / ("account:<Name>"). */
export const DISCRIMINATORS = {
  initialize: Uint8Array.from([0xaf, 0xaf, 0x6d, 0x1f, 0x0d, 0x98, 0x9b, 0xed]),
  swapBaseInput: Uint8Array.from([0x8f, 0xbe, 0x5a, 0xda, 0xc4, 0x1e, 0x33, 0xde]),
  swapBaseOutput: Uint8Array.from([0x37, 0xd9, 0x62, 0x56, 0xa3, 0x4a, 0xb4, 0xad]),
  ammConfig: Uint8Array.from([0xda, 0xf4, 0x21, 0x68, 0xcb, 0xcb, 0x2b, 0x6f]),
  poolState: Uint8Array.from([0xf7, 0xed, 0xe3, 0xf5, 0xd7, 0xc3, 0xde, 0x46]),
} as const;

const PROGRAM = new PublicKey(CP_SWAP_PROGRAM_ID);

function pda(seeds: (string | Uint8Array)[]): string {
  const bytes = seeds.map((seed) => (typeof seed === 'string' ? Buffer.from(seed) : seed));
  return PublicKey.findProgramAddressSync(bytes, PROGRAM)[0].toBase58();
}

const key = (address: string): Uint8Array => new PublicKey(address).toBytes();

/** Signs for every vault and the LP mints (`vault_and_lp_mint_auth_seed`). */
export const CP_SWAP_AUTHORITY = pda(['vault_and_lp_mint_auth_seed']);

/** The AmmConfig of `index` and its bump. */
export function ammConfigPda(index: number): { address: string; bump: number } {
  return raydiumConfigPda(PROGRAM, index);
}

export function ammConfigAddress(index: number): string {
  return ammConfigPda(index).address;
}

/** True when `a` sorts before `b` byte-wise, as the program requires of token_0 and token_1. */
export function mintsInOrder(a: string, b: string): boolean {
  return Buffer.compare(Buffer.from(key(a)), Buffer.from(key(b))) < 0;
}

/** The pool's own address alone (raydiumPoolAddress). */
export function poolAddress(config: string, mint0: string, mint1: string): string {
  return raydiumPoolAddress(PROGRAM, config, mint0, mint1);
}

/** Every address of the pool of `config` over mint0 < mint1: Raydium's, and CP-Swap's LP mint. */
export function poolAddresses(config: string, mint0: string, mint1: string) {
  const addresses = raydiumPoolAddresses(PROGRAM, config, mint0, mint1);
  return { ...addresses, lpMint: pda(['pool_lp_mint', key(addresses.pool)]) };
}

export type PoolAddresses = ReturnType<typeof poolAddresses>;

function u64s(discriminator: Uint8Array, values: bigint[]): Buffer {
  const data = Buffer.alloc(8 + 8 * values.length);
  data.set(discriminator, 0);
  values.forEach((value, index) => data.writeBigUInt64LE(value, 8 + 8 * index));
  return data;
}

export interface InitializeArgs extends RaydiumCreatePoolArgs {
  creatorToken0: string;
  creatorToken1: string;
  amount0: bigint;
  amount1: bigint;
  openTime: bigint;
}

/** `initialize(init_amount_0, init_amount_1, open_time)` with its 20 accounts. */
export function initializeInstruction(args: InitializeArgs): TransactionInstruction {
  const addresses = poolAddresses(args.config, args.mint0, args.mint1);
  const creatorLp = getAssociatedTokenAddressSync(
    new PublicKey(addresses.lpMint),
    new PublicKey(args.creator),
    true,
  ).toBase58();
  return new TransactionInstruction({
    programId: PROGRAM,
    keys: [
      meta(args.creator, true, true),
      meta(args.config, false),
      meta(CP_SWAP_AUTHORITY, false),
      meta(addresses.pool, true),
      meta(args.mint0, false),
      meta(args.mint1, false),
      meta(addresses.lpMint, true),
      meta(args.creatorToken0, true),
      meta(args.creatorToken1, true),
      meta(creatorLp, true),
      meta(addresses.vault0, true),
      meta(addresses.vault1, true),
      meta(CREATE_POOL_FEE_RECEIVER, true),
      meta(addresses.observation, true),
      meta(TOKEN_PROGRAM_ID, false),
      meta(args.program0, false),
      meta(args.program1, false),
      meta(ASSOCIATED_TOKEN_PROGRAM_ID, false),
      meta(SYSTEM_PROGRAM_ID, false),
      meta(RENT_SYSVAR_ID, false),
    ],
    data: u64s(DISCRIMINATORS.initialize, [args.amount0, args.amount1, args.openTime]),
  });
}

/** What both swap instructions name, in the program's order (13 accounts). */
export interface SwapAccounts extends RaydiumSwapAccounts {
  inputProgram: string;
  outputProgram: string;
}

function swapKeys(accounts: SwapAccounts): AccountMeta[] {
  return [
    meta(accounts.payer, false, true),
    meta(CP_SWAP_AUTHORITY, false),
    meta(accounts.config, false),
    meta(accounts.pool, true),
    meta(accounts.inputAccount, true),
    meta(accounts.outputAccount, true),
    meta(accounts.inputVault, true),
    meta(accounts.outputVault, true),
    meta(accounts.inputProgram, false),
    meta(accounts.outputProgram, false),
    meta(accounts.inputMint, false),
    meta(accounts.outputMint, false),
    meta(accounts.observation, true),
  ];
}

/** `swap_base_input(amount_in, minimum_amount_out)`: ExactIn. */
export function swapBaseInputInstruction(
  accounts: SwapAccounts,
  amountIn: bigint,
  minimumAmountOut: bigint,
): TransactionInstruction {
  return new TransactionInstruction({
    programId: PROGRAM,
    keys: swapKeys(accounts),
    data: u64s(DISCRIMINATORS.swapBaseInput, [amountIn, minimumAmountOut]),
  });
}

/** `swap_base_output(max_amount_in, amount_out)`: ExactOut. */
export function swapBaseOutputInstruction(
  accounts: SwapAccounts,
  maxAmountIn: bigint,
  amountOut: bigint,
): TransactionInstruction {
  return new TransactionInstruction({
    programId: PROGRAM,
    keys: swapKeys(accounts),
    data: u64s(DISCRIMINATORS.swapBaseOutput, [maxAmountIn, amountOut]),
  });
}
