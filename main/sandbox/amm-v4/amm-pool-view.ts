/** Reads an AMM v4 pool from the ledger as a quote needs it: its AmmInfo and vault balances. */
import { vaultBalances, type AccountReader } from '../venues/pool-vaults';
import type { AmmV4PoolView } from './amm-quote';
import { AMM_V4_PROGRAM_ID } from './program';
import { decodeAmmInfo, isAmmInfo } from './state';

/** The pool at `address`, or null when no AMM v4 pool lives there. */
export function readAmmV4Pool(reader: AccountReader, address: string): AmmV4PoolView | null {
  const account = reader.getAccount(address);
  if (account === null || account.owner !== AMM_V4_PROGRAM_ID || !isAmmInfo(account.data)) {
    return null;
  }
  const info = decodeAmmInfo(account.data);
  const vaults = vaultBalances(reader, info.coinVault, info.pcVault);
  if (vaults === null) return null;
  return { address, info, coinVault: vaults.vault0, pcVault: vaults.vault1 };
}
