/**
 * What the sandbox's Raydium programs have in common when it names accounts for them: an
 * account meta from an address, and the accounts CP-Swap's two swaps and CLMM's `swap_v2` both
 * name, under the same names and, from the config to the output vault, in the same order (both
 * programs' sources: raydium-cp-swap instructions/swap_base_input.rs, raydium-clmm
 * instructions/swap_v2.rs).
 */
import type { AccountMeta } from '@solana/web3.js';
import { keyOf } from '../public-key';

/** An instruction's account: `address`, writable or not, a signer or not. */
export const accountMeta = (
  address: string,
  isWritable: boolean,
  isSigner = false,
): AccountMeta => ({
  pubkey: keyOf(address),
  isWritable,
  isSigner,
});

/** The accounts a CP-Swap or CLMM swap names (each program adds its own). */
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

/**
 * The six accounts both programs name in this order: the config, the pool, the person's input
 * and output accounts, and the pool's input and output vaults (all written but the config).
 */
export function poolSwapMetas(accounts: RaydiumSwapAccounts): AccountMeta[] {
  return [
    accountMeta(accounts.config, false),
    accountMeta(accounts.pool, true),
    accountMeta(accounts.inputAccount, true),
    accountMeta(accounts.outputAccount, true),
    accountMeta(accounts.inputVault, true),
    accountMeta(accounts.outputVault, true),
  ];
}
