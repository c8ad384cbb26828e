/**
 * The on-chain view of a route leg's pool, which every instruction builder (the swap API's and
 * the Jupiter route's, for CP-Swap, AMM v4 and CLMM) needs before it can name the pool's accounts.
 */
import type { Pool, Reserves } from '../venues/types';
import type { ReservesOf } from './route-types';

/** `pool`'s view of `venue` as `reservesOf` reads it; throws when the ledger holds none. */
export function onChainView<Venue extends 'cp' | 'amm' | 'clmm'>(
  reservesOf: ReservesOf,
  pool: Pool,
  venue: Venue,
): NonNullable<Reserves[Venue]> {
  const view = reservesOf(pool)[venue];
  if (view === undefined) throw new Error(`no on-chain state for pool ${pool.ammKey}`);
  return view as NonNullable<Reserves[Venue]>;
}
