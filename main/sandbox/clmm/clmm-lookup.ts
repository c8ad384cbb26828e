/**
 * CLMM's accounts in the sandbox's lookup table (cp-swap/lookup-table.ts): its program, the Memo
 * program `swap_v2` names, and every pool's static accounts (pool, config, vaults, observation,
 * bitmap extension, mints, initialized tick arrays), appended after CP-Swap's at genesis so that
 * a route splitting over both venues still compiles into one v0 transaction.
 */
import bs58 from 'bs58';
import { ADDRESS_LOOKUP_TABLE_PROGRAM_ID, MEMO_PROGRAM_ID } from '../tokens';
import { CP_SWAP_LOOKUP_TABLE, lookupTableData } from '../cp-swap/lookup-table';
import type { CpSwapGenesisHost } from '../cp-swap/cp-genesis';
import { readClmmPool } from './clmm-pool-view';
import { CLMM_PROGRAM_ID } from './program';
import { cachedBitmapExtension, cachedTickArrayAddress } from './clmm-pool-view';

const META_SIZE = 56;

/** Appends the pools' accounts to the sandbox's table (written by CP-Swap's genesis first). */
export function extendLookupTable(host: CpSwapGenesisHost, pools: readonly string[]): void {
  const table = host.getAccount(CP_SWAP_LOOKUP_TABLE);
  const existing: string[] = [];
  if (table !== null) {
    for (let at = META_SIZE; at + 32 <= table.data.length; at += 32) {
      existing.push(bs58.encode(table.data.subarray(at, at + 32)));
    }
  }
  const entries = [...existing, CLMM_PROGRAM_ID, MEMO_PROGRAM_ID];
  for (const address of pools) {
    const view = readClmmPool(host, address);
    if (view === null) continue;
    const { state } = view;
    entries.push(address, state.ammConfig, state.vault0, state.vault1, state.observation);
    entries.push(cachedBitmapExtension(address), state.mint0, state.mint1);
    for (const start of view.tickArrays.keys())
      entries.push(cachedTickArrayAddress(address, start));
  }
  // The table's count is one byte (lookup-table.ts): stay below 256 rather than wrap.
  const data = lookupTableData([...new Set(entries)].slice(0, 255));
  host.setAccount(CP_SWAP_LOOKUP_TABLE, {
    lamports: host.minimumBalanceForRentExemption(data.length),
    owner: ADDRESS_LOOKUP_TABLE_PROGRAM_ID,
    data,
    executable: false,
  });
}
