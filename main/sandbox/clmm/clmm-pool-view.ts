/**
 * Reads a CLMM pool from the ledger as a quote needs it: its PoolState, its AmmConfig, its two
 * vault balances and every initialized tick array its bitmap names. Tick-array addresses are
 * program addresses (a hash search each), so they are remembered per pool and start index.
 */
import { configAndVaults, type AccountReader } from '../venues/pool-vaults';
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

/** The pool at `address`, or null when no CLMM pool lives there. */
export function readClmmPool(reader: AccountReader, address: string): ClmmPoolView | null {
  const account = reader.getAccount(address);
  if (account === null || !isClmmPoolState(account.data)) return null;
  const state = decodeClmmPoolState(account.data);
  const parts = configAndVaults(reader, state, state.vault0, state.vault1);
  if (parts === null) return null;
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
    config: decodeClmmAmmConfig(parts.config.data),
    vault0: parts.vault0,
    vault1: parts.vault1,
    tickArrays,
  };
}
