/**
 * Reads a CLMM pool from the ledger as a quote needs it: its PoolState, its AmmConfig, its two
 * vault balances and every initialized tick array its bitmap names. Tick-array addresses are
 * program addresses (a hash search each), so they are remembered per pool and start index.
 */
import type { LedgerAccount } from '../ledger/ledger-view';
import { decodeTokenAccount, isTokenAccountData } from '../ledger/token-layout';
import type { ClmmPoolView } from './clmm-quote';
import { bitmapExtensionAddress, tickArrayAddress } from './program';
import {
  decodeClmmAmmConfig,
  decodeClmmPoolState,
  decodeClmmTickArray,
  isClmmPoolState,
  isClmmTickArray,
  type ClmmTickArray,
} from './state';
import { initializedArrayStarts } from './tick-arrays';

export interface AccountReader {
  getAccount(address: string): LedgerAccount | null;
}

const MAX_REMEMBERED = 4096;
const addresses = new Map<string, string>();

/** The address of `pool`'s tick array at `startIndex` (remembered). */
export function cachedTickArrayAddress(pool: string, startIndex: number): string {
  const id = `${pool}:${startIndex}`;
  let address = addresses.get(id);
  if (address === undefined) {
    if (addresses.size >= MAX_REMEMBERED) addresses.clear();
    address = tickArrayAddress(pool, startIndex);
    addresses.set(id, address);
  }
  return address;
}

/** The address of `pool`'s tick-array bitmap extension (remembered). */
export function cachedBitmapExtension(pool: string): string {
  const id = `${pool}:bitmap`;
  let address = addresses.get(id);
  if (address === undefined) {
    if (addresses.size >= MAX_REMEMBERED) addresses.clear();
    address = bitmapExtensionAddress(pool);
    addresses.set(id, address);
  }
  return address;
}

function balance(reader: AccountReader, address: string): bigint | null {
  const account = reader.getAccount(address);
  if (account === null || !isTokenAccountData(account.data)) return null;
  return decodeTokenAccount(account.data).amount;
}

/** The pool at `address`, or null when no CLMM pool lives there. */
export function readClmmPool(reader: AccountReader, address: string): ClmmPoolView | null {
  const account = reader.getAccount(address);
  if (account === null || !isClmmPoolState(account.data)) return null;
  const state = decodeClmmPoolState(account.data);
  const config = reader.getAccount(state.ammConfig);
  const vault0 = balance(reader, state.vault0);
  const vault1 = balance(reader, state.vault1);
  if (config === null || vault0 === null || vault1 === null) return null;
  const tickArrays = new Map<number, ClmmTickArray>();
  for (const start of initializedArrayStarts(state.tickArrayBitmap, state.tickSpacing)) {
    const array = reader.getAccount(cachedTickArrayAddress(address, start));
    if (array !== null && isClmmTickArray(array.data)) {
      tickArrays.set(start, decodeClmmTickArray(array.data));
    }
  }
  return {
    address,
    state,
    config: decodeClmmAmmConfig(config.data),
    vault0,
    vault1,
    tickArrays,
  };
}
