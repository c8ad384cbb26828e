/**
 * What every venue's pool reader (AMM v4, CP-Swap, CLMM) does the same way: read a pool's two
 * vault balances, and for the Raydium programs with an AmmConfig, that config account too. A
 * pool whose vault or config is missing is no pool a quote can use, so each answer is null then.
 */
import type { LedgerAccount } from '../ledger/ledger-view';
import { decodeTokenAccount, isTokenAccountData } from '../ledger/token-layout';

/** What a pool reader needs of the ledger. */
export interface AccountReader {
  getAccount(address: string): LedgerAccount | null;
}

function balance(reader: AccountReader, address: string): bigint | null {
  const account = reader.getAccount(address);
  if (account === null || !isTokenAccountData(account.data)) return null;
  return decodeTokenAccount(account.data).amount;
}

/** The balances of a pool's two vaults, or null when either is no token account. */
export function vaultBalances(
  reader: AccountReader,
  vault0: string,
  vault1: string,
): { vault0: bigint; vault1: bigint } | null {
  const balance0 = balance(reader, vault0);
  const balance1 = balance(reader, vault1);
  if (balance0 === null || balance1 === null) return null;
  return { vault0: balance0, vault1: balance1 };
}

/** A pool's AmmConfig account and its vaults' balances, or null when any is missing. */
export function configAndVaults(
  reader: AccountReader,
  state: { ammConfig: string },
  vault0: string,
  vault1: string,
): { config: LedgerAccount; vault0: bigint; vault1: bigint } | null {
  const config = reader.getAccount(state.ammConfig);
  const vaults = vaultBalances(reader, vault0, vault1);
  if (config === null || vaults === null) return null;
  return { config, ...vaults };
}
