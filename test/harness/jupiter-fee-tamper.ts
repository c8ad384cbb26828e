/**
 * A hostile /order's Jupiter fee (issue 32): the sandbox's honest V2 route instruction, with its
 * `platform_fee_bps` and the account it pays the fee into (the first after the instruction's
 * own, main/review/jupiter-layouts.ts) changed, recompiled with the same blockhash and lookup
 * tables. What a service that names "Jupiter's platform fee" but routes it anywhere, at any rate,
 * would hand out; the same bytes signed by a twin key land on the sandbox (Jupiter's program
 * pays whatever account the instruction names).
 */
import { createHash } from 'node:crypto';
import { Connection, PublicKey } from '@solana/web3.js';
import { ROUTE_LAYOUTS } from '../../main/review/jupiter-layouts';
import { closeTransaction, openTransaction } from '../fixtures/tamper/rebuild';

const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';

/** The route's fee, as the bytes say: its rate and the account it pays. */
export interface RouteFee {
  bps: number;
  account: string;
}

/**
 * `base64`'s route instruction taking `bps` into `account` instead (unsigned; every signature
 * slot empty). Throws when the transaction has no V2 route paying a fee (nothing to redirect).
 */
export async function redirectedFee(
  base64: string,
  connection: Connection,
  to: RouteFee,
): Promise<{ base64: string; was: RouteFee }> {
  const opened = await openTransaction(Buffer.from(base64, 'base64'), connection);
  let was: RouteFee | null = null;
  for (const instruction of opened.instructions) {
    if (instruction.programId.toBase58() !== JUPITER) continue;
    const head = instruction.data.subarray(0, 8).toString('hex');
    const layout = ROUTE_LAYOUTS.find(
      (l) => l.version === 2 && Buffer.from(discriminator(l.name)).toString('hex') === head,
    );
    const own = layout?.accounts.ownAccounts ?? null;
    if (!layout || layout.amountsAt === null || own === null) continue;
    // in/out amount u64, quoted u64, slippage u16, then platform_fee_bps u16.
    const at = layout.amountsAt + 18;
    const bps = instruction.data.readUInt16LE(at);
    const fee = instruction.keys[own];
    if (bps === 0 || fee === undefined) continue;
    was = { bps, account: fee.pubkey.toBase58() };
    instruction.data.writeUInt16LE(to.bps, at);
    instruction.keys[own] = { ...fee, pubkey: new PublicKey(to.account) };
  }
  if (was === null) throw new Error('the transaction has no V2 route paying a platform fee');
  return { base64: Buffer.from(closeTransaction(opened, [])).toString('base64'), was };
}

/** Anchor's instruction discriminator: sha256("global:<name>")[0..8]. */
const discriminator = (name: string): Uint8Array =>
  createHash('sha256').update(`global:${name}`).digest().subarray(0, 8);
