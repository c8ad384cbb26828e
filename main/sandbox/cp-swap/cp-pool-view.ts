/**
 * Reads a CP-Swap pool from the ledger as a quote needs it: its PoolState, its AmmConfig, its
 * two vault balances and its mints' transfer-fee configs.
 */
import { configAndVaults, type AccountReader } from '../venues/pool-vaults';
import type { CpPoolView } from './cp-quote';
import { decodeAmmConfig, decodePoolState, isPoolState } from './state';
import { transferFeeConfigOf } from './transfer-fee';

/** The pool at `address`, or null when no CP-Swap pool lives there. */
export function readCpPool(
  reader: AccountReader,
  address: string,
  epoch: bigint,
): CpPoolView | null {
  const account = reader.getAccount(address);
  if (account === null || !isPoolState(account.data)) return null;
  const state = decodePoolState(account.data);
  const parts = configAndVaults(reader, state, state.token0Vault, state.token1Vault);
  if (parts === null) return null;
  return {
    address,
    state,
    config: decodeAmmConfig(parts.config.data),
    vault0: parts.vault0,
    vault1: parts.vault1,
    transferFee0: transferFeeConfigOf(reader.getAccount(state.token0Mint)),
    transferFee1: transferFeeConfigOf(reader.getAccount(state.token1Mint)),
    epoch,
  };
}
