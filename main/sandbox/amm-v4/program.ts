/**
 * Raydium AMM v4 as the sandbox runs it: the mainnet binary in resources/programs/raydium-amm-v4/
 * (Apache-2.0, see its PROVENANCE.md), its program id, the addresses it derives and the two
 * instructions the sandbox sends, `swap_base_in_v2` (16) and `swap_base_out_v2` (17), which swap
 * without the OpenBook market's accounts. Seeds, tags and account orders follow the program's
 * source (raydium-io/raydium-amm at 3b087ad, program/src/instruction.rs and processor.rs).
 */
import { PublicKey, TransactionInstruction, type AccountMeta } from '@solana/web3.js';
import { TOKEN_PROGRAM_ID } from '../tokens';
import { meta } from '../venues/raydium-program';

export const AMM_V4_PROGRAM_ID = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8';
/** Mainnet OpenBook (Serum v3), which the binary embeds as the only market program it accepts. */
export const OPENBOOK_PROGRAM_ID = 'srmqPvymJeFKQ4zGQed1GFppgkRHL9kaELCbyksJtPX';

/** Instruction tags (the first data byte), from `AmmInstruction::unpack`. */
export const AMM_V4_TAGS = {
  swapBaseIn: 9,
  swapBaseOut: 11,
  swapBaseInV2: 16,
  swapBaseOutV2: 17,
} as const;

const PROGRAM = new PublicKey(AMM_V4_PROGRAM_ID);

/**
 * The AMM authority `find_program_address(["amm authority"])`: owner of every vault and mint
 * authority of every LP mint; the pool stores its bump as `nonce`, the program re-derives it
 * with `create_program_address(["amm authority", [nonce]])` and refuses any other account.
 */
export const [AMM_V4_AUTHORITY, AMM_V4_NONCE] = (() => {
  const [address, bump] = PublicKey.findProgramAddressSync([Buffer.from('amm authority')], PROGRAM);
  return [address.toBase58(), bump] as const;
})();

/** The addresses `initialize2` derives from a market: `[program, market, seed]` under the program. */
export interface AmmV4Addresses {
  amm: string;
  coinVault: string;
  pcVault: string;
  lpMint: string;
  openOrders: string;
  targetOrders: string;
}

function associated(market: PublicKey, seed: string): string {
  return PublicKey.findProgramAddressSync(
    [PROGRAM.toBytes(), market.toBytes(), Buffer.from(seed)],
    PROGRAM,
  )[0].toBase58();
}

/** The pool's own address for `market` (one derivation: what a restart needs to find it). */
export function ammV4PoolAddress(market: string): string {
  return derived.get(market)?.amm ?? associated(new PublicKey(market), 'amm_associated_seed');
}

/**
 * Every address of the pool that `initialize2` would create for `market`
 * (`get_associated_address_and_bump_seed` with the program's seed suffixes).
 */
export function ammV4Addresses(market: string): AmmV4Addresses {
  // Six derivations cost a few milliseconds each; genesis, the market and the tests ask again.
  const known = derived.get(market);
  if (known !== undefined) return known;
  const key = new PublicKey(market);
  const addresses = {
    amm: associated(key, 'amm_associated_seed'),
    coinVault: associated(key, 'coin_vault_associated_seed'),
    pcVault: associated(key, 'pc_vault_associated_seed'),
    lpMint: associated(key, 'lp_mint_associated_seed'),
    openOrders: associated(key, 'open_order_associated_seed'),
    targetOrders: associated(key, 'target_associated_seed'),
  };
  derived.set(market, addresses);
  return addresses;
}

const derived = new Map<string, AmmV4Addresses>();

/** The accounts both v2 swaps name, in the program's order (8). */
export interface AmmV4SwapAccounts {
  amm: string;
  coinVault: string;
  pcVault: string;
  userSource: string;
  userDestination: string;
  owner: string;
}

/** The 8 accounts of `swap_base_in_v2` / `swap_base_out_v2`. */
export function swapV2Keys(accounts: AmmV4SwapAccounts): AccountMeta[] {
  return [
    meta(TOKEN_PROGRAM_ID, false),
    meta(accounts.amm, true),
    meta(AMM_V4_AUTHORITY, false),
    meta(accounts.coinVault, true),
    meta(accounts.pcVault, true),
    meta(accounts.userSource, true),
    meta(accounts.userDestination, true),
    meta(accounts.owner, false, true),
  ];
}

function data(tag: number, first: bigint, second: bigint): Buffer {
  const bytes = Buffer.alloc(17);
  bytes[0] = tag;
  bytes.writeBigUInt64LE(first, 1);
  bytes.writeBigUInt64LE(second, 9);
  return bytes;
}

/** `swap_base_in_v2(amount_in, minimum_amount_out)`: ExactIn. */
export function swapBaseInV2Instruction(
  accounts: AmmV4SwapAccounts,
  amountIn: bigint,
  minimumAmountOut: bigint,
): TransactionInstruction {
  return new TransactionInstruction({
    programId: PROGRAM,
    keys: swapV2Keys(accounts),
    data: data(AMM_V4_TAGS.swapBaseInV2, amountIn, minimumAmountOut),
  });
}

/** `swap_base_out_v2(max_amount_in, amount_out)`: ExactOut. */
export function swapBaseOutV2Instruction(
  accounts: AmmV4SwapAccounts,
  maxAmountIn: bigint,
  amountOut: bigint,
): TransactionInstruction {
  return new TransactionInstruction({
    programId: PROGRAM,
    keys: swapV2Keys(accounts),
    data: data(AMM_V4_TAGS.swapBaseOutV2, maxAmountIn, amountOut),
  });
}
