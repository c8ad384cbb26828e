/**
 * Reads a CP-Swap pool from the ledger as a quote needs it: its PoolState, its AmmConfig, its
 * two vault balances and its mints' transfer-fee configs.
 */
import type { LedgerAccount } from '../ledger/ledger-view';
import { decodeTokenAccount, isTokenAccountData } from '../ledger/token-layout';
import type { CpPoolView } from './cp-quote';
import { decodeAmmConfig, decodePoolState, isPoolState } from './state';
import { transferFeeConfigOf } from './transfer-fee';

export interface AccountReader {
  getAccount(address: string): LedgerAccount | null;
}

function balance(reader: AccountReader, address: string): bigint | null {
  const account = reader.getAccount(address);
  if (account === null || !isTokenAccountData(account.data)) return null;
  return decodeTokenAccount(account.data).amount;
}

/** The pool at `address`, or null when no CP-Swap pool lives there. */
export function readCpPool(
  reader: AccountReader,
  address: string,
  epoch: bigint,
): CpPoolView | null {
  const account = reader.getAccount(address);
  if (account === null || !isPoolState(account.data)) return null;
  const state = decodePoolState(account.data);
  const config = reader.getAccount(state.ammConfig);
  const vault0 = balance(reader, state.token0Vault);
  const vault1 = balance(reader, state.token1Vault);
  if (config === null || vault0 === null || vault1 === null) return null;
  return {
    address,
    state,
    config: decodeAmmConfig(config.data),
    vault0,
    vault1,
    transferFee0: transferFeeConfigOf(reader.getAccount(state.token0Mint)),
    transferFee1: transferFeeConfigOf(reader.getAccount(state.token1Mint)),
    epoch,
  };
}
