/**
 * The on-chain bound of a route through Jupiter's program in its V2 forms (`route_v2`,
 * `shared_accounts_route_v2`, the forms the Swap API v2 answers): the program refuses to pay
 * less than `quoted_out_amount` less `slippage_bps`. Their arguments put the amounts first
 * (main/sandbox/jupiter/route-instruction-v2.ts): [`id` u8 (shared)], `in_amount` u64,
 * `quoted_out_amount` u64, `slippage_bps` u16. A CP-Swap step inside the route is the CP-Swap
 * program's key followed by the 13 accounts of its swap (main/sandbox/jupiter/route-instruction.ts).
 */
import { createHash } from 'node:crypto';
import type { AccountMeta } from '@solana/web3.js';

export const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';

const discriminatorOf = (name: string) =>
  createHash('sha256').update(`global:${name}`).digest().subarray(0, 8).toString('hex');
const ROUTE_V2 = discriminatorOf('route_v2');
const SHARED_ROUTE_V2 = discriminatorOf('shared_accounts_route_v2');

/** A V2 route's data with its `slippage_bps` set to `toBps`; other data unchanged. */
export function loosenedRoute(data: Buffer, toBps: number): Buffer {
  const head = data.subarray(0, 8).toString('hex');
  if (head !== ROUTE_V2 && head !== SHARED_ROUTE_V2) return data;
  data.writeUInt16LE(toBps, (head === SHARED_ROUTE_V2 ? 9 : 8) + 16);
  return data;
}

/** The accounts of each CP-Swap step a Jupiter route names (13 after the CP-Swap program's key). */
export function cpSwapSteps(keys: AccountMeta[], cpSwap: string): AccountMeta[][] {
  return keys.flatMap((key, index) =>
    key.pubkey.toBase58() === cpSwap ? [keys.slice(index + 1, index + 14)] : [],
  );
}
