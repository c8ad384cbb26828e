/**
 * What the sandbox's Raydium programs are addressed with alike: an account meta by base58
 * address and the Anchor account check (AMM v4, CP-Swap, CLMM), and, for CP-Swap and CLMM, which
 * derive their AmmConfig, pool, vaults and observation with the same seeds (raydium-cp-swap and
 * raydium-clmm, `states/config.rs` and `states/pool.rs`), those addresses and the accounts both
 * programs' swaps name.
 */
import { PublicKey, type AccountMeta } from '@solana/web3.js';
import { keyOf } from '../public-key';

/** The account `address` as an instruction names it. */
export const meta = (address: string, isWritable: boolean, isSigner = false): AccountMeta => ({
  pubkey: keyOf(address),
  isWritable,
  isSigner,
});

/** True when `data` starts with `prefix`: an Anchor account's 8-byte discriminator. */
export function startsWith(data: Uint8Array, prefix: Uint8Array): boolean {
  return data.length >= prefix.length && prefix.every((byte, index) => data[index] === byte);
}

const key = (address: string): Uint8Array => new PublicKey(address).toBytes();
const seed = (text: string): Uint8Array => Buffer.from(text);

function pda(program: PublicKey, seeds: Uint8Array[]): string {
  return PublicKey.findProgramAddressSync(seeds, program)[0].toBase58();
}

const configs = new Map<string, { address: string; bump: number }>();

/**
 * The AmmConfig of `index` under `program` (`["amm_config", index u16 big-endian]`) and its bump,
 * remembered: a derivation is a hash search, and genesis and every quote ask again.
 */
export function ammConfigPda(program: PublicKey, index: number): { address: string; bump: number } {
  const id = `${program.toBase58()}:${index}`;
  const known = configs.get(id);
  if (known !== undefined) return known;
  const bytes = new Uint8Array(2);
  new DataView(bytes.buffer).setUint16(0, index, false);
  const [address, bump] = PublicKey.findProgramAddressSync([seed('amm_config'), bytes], program);
  const found = { address: address.toBase58(), bump };
  configs.set(id, found);
  return found;
}

/** The addresses both programs derive for the pool of `config` over mint0 < mint1. */
export interface RaydiumPoolAddresses {
  pool: string;
  vault0: string;
  vault1: string;
  observation: string;
}

/**
 * The pool of `config` over mint0 < mint1 under `program` alone: one derivation where the four
 * of raydiumPoolAddresses are not needed (the market's pools at every sandbox start).
 */
export function raydiumPoolAddress(
  program: PublicKey,
  config: string,
  mint0: string,
  mint1: string,
): string {
  return pda(program, [seed('pool'), key(config), key(mint0), key(mint1)]);
}

/** The pool of `config` over mint0 < mint1 under `program`, its two vaults and observation. */
export function raydiumPoolAddresses(
  program: PublicKey,
  config: string,
  mint0: string,
  mint1: string,
): RaydiumPoolAddresses {
  const pool = raydiumPoolAddress(program, config, mint0, mint1);
  return {
    pool,
    vault0: pda(program, [seed('pool_vault'), key(pool), key(mint0)]),
    vault1: pda(program, [seed('pool_vault'), key(pool), key(mint1)]),
    observation: pda(program, [seed('observation'), key(pool)]),
  };
}

/** The accounts both programs' swaps name (each in its own order, with its own extras). */
export interface RaydiumSwapAccounts {
  payer: string;
  config: string;
  pool: string;
  inputAccount: string;
  outputAccount: string;
  inputVault: string;
  outputVault: string;
  inputMint: string;
  outputMint: string;
  observation: string;
}

/** What both programs' create-pool instructions are told: who pays, which config, which mints. */
export interface RaydiumCreatePoolArgs {
  creator: string;
  config: string;
  mint0: string;
  mint1: string;
  /** The token program of each mint (Token or Token-2022). */
  program0: string;
  program1: string;
}
