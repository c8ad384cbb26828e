/**
 * How many accounts a route's swap transaction references, so that `maxAccounts` can bound
 * it. The count mirrors what the transaction builder emits: the user, their input and output
 * token accounts and one account per intermediate mint, the programs (SPL Token, System,
 * Associated Token Account, Compute Budget, plus Token-2022 when a mint needs it), every mint;
 * per CP-Swap leg its pool, config, observation and two vaults, plus the program and its
 * authority once; per AMM v4 leg its pool and two vaults, plus the program and its authority
 * once; per CLMM leg its pool, config, observation, bitmap extension, two vaults and up to three
 * tick arrays, plus the program, Memo and Token-2022 once; per market-maker leg its two vaults,
 * plus the venue key and the Memo program once; and the two fee accounts when a platform fee
 * applies.
 */
import type { Route } from './route-types';

const FIXED_ACCOUNTS = 7;

/** Largest `maxAccounts` the API accepts, and its default. */
export const MAX_ACCOUNTS = 64;

export function countRouteAccounts(
  route: Route,
  isToken2022: (mint: string) => boolean,
  platformFee: boolean,
): number {
  const mints = new Set<string>();
  const accounts = new Set<string>();
  let cpSwap = false;
  let ammV4 = false;
  let marketMaker = false;
  let clmm = false;
  for (const hop of route.hops) {
    mints.add(hop.inputMint);
    mints.add(hop.outputMint);
    for (const leg of hop.legs) {
      accounts.add(leg.pool.vaultA);
      accounts.add(leg.pool.vaultB);
      const cp = leg.pool.curve.kind === 'cp-swap';
      const amm = leg.pool.curve.kind === 'amm-v4';
      if (amm) accounts.add(leg.pool.ammKey);
      const concentrated = leg.pool.curve.kind === 'clmm';
      if (concentrated) {
        // Pool, config, observation, bitmap extension and up to three tick arrays.
        for (const part of ['', ':config', ':observation', ':bitmap', ':t1', ':t2', ':t3']) {
          accounts.add(`${leg.pool.ammKey}${part}`);
        }
      }
      clmm ||= concentrated;
      if (cp) {
        accounts.add(leg.pool.ammKey);
        // The config and the observation: two more per pool (configs shared by a tier are
        // counted per pool, an upper bound).
        accounts.add(`${leg.pool.ammKey}:config`);
        accounts.add(`${leg.pool.ammKey}:observation`);
      }
      cpSwap ||= cp;
      ammV4 ||= amm;
      marketMaker ||= !cp && !amm && !concentrated;
    }
  }
  const token2022 = [...mints].some(isToken2022) ? 1 : 0;
  return (
    FIXED_ACCOUNTS +
    mints.size +
    (route.hops.length - 1) +
    accounts.size +
    (cpSwap ? 2 : 0) +
    (ammV4 ? 2 : 0) +
    (marketMaker ? 2 : 0) +
    // CLMM's program, the Memo program and Token-2022 (swap_v2 names both token programs).
    (clmm ? 3 : 0) +
    token2022 +
    (platformFee ? 2 : 0)
  );
}
