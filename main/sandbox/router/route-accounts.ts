/**
 * How many accounts a route's swap transaction references, so that `maxAccounts` can bound
 * it. The count mirrors what the transaction builder emits: the user, their input and output
 * token accounts, the venue authority, the programs (token, system, associated token, compute
 * budget, memo, plus Token-2022 when a mint needs it), every mint and vault the legs touch,
 * and the two fee accounts when a platform fee applies.
 */
import type { Route } from './route-types';

const FIXED_ACCOUNTS = 9;

/** Largest `maxAccounts` the API accepts, and its default. */
export const MAX_ACCOUNTS = 64;

export function countRouteAccounts(
  route: Route,
  isToken2022: (mint: string) => boolean,
  platformFee: boolean,
): number {
  const mints = new Set<string>();
  const vaults = new Set<string>();
  for (const hop of route.hops) {
    mints.add(hop.inputMint);
    mints.add(hop.outputMint);
    for (const leg of hop.legs) {
      vaults.add(leg.pool.vaultA);
      vaults.add(leg.pool.vaultB);
    }
  }
  const token2022 = [...mints].some(isToken2022) ? 1 : 0;
  return FIXED_ACCOUNTS + mints.size + vaults.size + token2022 + (platformFee ? 2 : 0);
}
