/**
 * AMM v4's accounts in the sandbox's lookup table (cp-swap/lookup-table.ts): its program, its
 * authority and every pool's static accounts (pool, coin vault, pc vault), appended at genesis
 * after CP-Swap's and CLMM's, so that a route over AMM v4 legs compiles its v0 transaction
 * against the table on every shape, as routes over the other venues do. On every start (the
 * pools' genesis is idempotent): a state folder from before this gains them then.
 */
import { appendToLookupTable } from '../cp-swap/lookup-table';
import type { CpSwapGenesisHost } from '../cp-swap/cp-genesis';
import { readAmmV4Pool } from './amm-pool-view';
import { AMM_V4_AUTHORITY, AMM_V4_PROGRAM_ID } from './program';

/** Appends the pools' accounts the table lacks. */
export function extendLookupTableWithAmmV4(
  host: CpSwapGenesisHost,
  pools: readonly string[],
): void {
  const entries = [AMM_V4_PROGRAM_ID, AMM_V4_AUTHORITY];
  for (const pool of pools) {
    const view = readAmmV4Pool(host, pool);
    if (view !== null) entries.push(pool, view.info.coinVault, view.info.pcVault);
  }
  appendToLookupTable(host, entries);
}
