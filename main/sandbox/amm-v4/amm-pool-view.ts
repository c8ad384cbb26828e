/** Reads an AMM v4 pool from the ledger as a quote needs it: its AmmInfo and vault balances. */
import type { LedgerAccount } from '../ledger/ledger-view';
import { decodeTokenAccount, isTokenAccountData } from '../ledger/token-layout';
import type { AmmV4PoolView } from './amm-quote';
import { AMM_V4_PROGRAM_ID } from './program';
import { decodeAmmInfo, isAmmInfo } from './state';

export interface AccountReader {
  getAccount(address: string): LedgerAccount | null;
}

function balance(reader: AccountReader, address: string): bigint | null {
  const account = reader.getAccount(address);
  if (account === null || !isTokenAccountData(account.data)) return null;
  return decodeTokenAccount(account.data).amount;
}

/** The pool at `address`, or null when no AMM v4 pool lives there. */
export function readAmmV4Pool(reader: AccountReader, address: string): AmmV4PoolView | null {
  const account = reader.getAccount(address);
  if (account === null || account.owner !== AMM_V4_PROGRAM_ID || !isAmmInfo(account.data)) {
    return null;
  }
  const info = decodeAmmInfo(account.data);
  const coinVault = balance(reader, info.coinVault);
  const pcVault = balance(reader, info.pcVault);
  if (coinVault === null || pcVault === null) return null;
  return { address, info, coinVault, pcVault };
}
