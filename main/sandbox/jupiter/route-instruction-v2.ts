/**
 * A route as ONE `route_v2` or `shared_accounts_route_v2` instruction of Jupiter's program (the
 * forms the Swap API v2 answers). Their arguments put the amounts first: [`id` u8 (shared)],
 * `in_amount` u64, `quoted_out_amount` u64, `slippage_bps` u16, `platform_fee_bps` u16,
 * `positive_slippage_bps` u16, then the route plan (steps with `bps` u16 shares).
 *
 * The V2 forms have no platform-fee-account slot. Run on the program (sandbox README, "Jupiter's
 * program", V2): with `platform_fee_bps` above 0 and nothing more, the program fails
 * (InvalidTokenAccount, 6025) before any swap; with the fee account appended after the steps'
 * accounts, or given as the optional destination account, too. It pays the fee into the FIRST
 * account after the instruction's own (before the steps' accounts): a token account of the
 * input mint (⌊in_amount × bps / 10,000⌋, taken first) or of the output mint (⌊gross output ×
 * bps / 10,000⌋), the same amounts as the V1 forms, whoever owns it. So /build's `feeAccount`
 * goes there, and the sandbox builds exactly that.
 */
import { PublicKey, TransactionInstruction } from '@solana/web3.js';
import type { ReservesOf, Route } from '../router/route-types';
import {
  discriminator,
  JUPITER_EVENT_AUTHORITY,
  JUPITER_PROGRAM_ID,
  SANDBOX_AUTHORITY_ID,
} from './program';
import { steps, type RouteAmounts, type RouteFormV2 } from './route-instruction';
import { meta, sharedRouteKeys, type RouteAccounts } from './route-keys';

export interface V2Programs {
  sourceProgram: string;
  destinationProgram: string;
}

/** Builds `route_v2` / `shared_accounts_route_v2` for a priced ExactIn route. */
export function jupiterRouteV2Instruction(
  form: RouteFormV2,
  route: Route,
  accounts: RouteAccounts,
  programs: V2Programs,
  amounts: RouteAmounts,
  reservesOf: ReservesOf,
): TransactionInstruction {
  const shared = form === 'shared_accounts_route_v2';
  const { plan, keys } = steps(route, form, accounts, reservesOf, 2);
  const tail = [meta(JUPITER_EVENT_AUTHORITY), meta(JUPITER_PROGRAM_ID)];
  const head = shared
    ? [
        ...sharedRouteKeys(accounts),
        meta(programs.sourceProgram),
        meta(programs.destinationProgram),
        ...tail,
      ]
    : [
        meta(accounts.user, false, true),
        meta(accounts.source, true),
        meta(accounts.destination, true),
        meta(accounts.sourceMint),
        meta(accounts.destinationMint),
        meta(programs.sourceProgram),
        meta(programs.destinationProgram),
        meta(JUPITER_PROGRAM_ID), // destination_token_account: none
        ...tail,
      ];
  // The fee account, where the program looks for it: first after the instruction's own.
  const fee = accounts.feeAccount === null ? [] : [meta(accounts.feeAccount, true)];
  const idBytes = shared ? 1 : 0;
  const data = new Uint8Array(8 + idBytes + 22 + plan.length);
  const view = new DataView(data.buffer);
  data.set(discriminator(form), 0);
  if (shared) data[8] = SANDBOX_AUTHORITY_ID;
  const at = 8 + idBytes;
  view.setBigUint64(at, amounts.amount, true);
  view.setBigUint64(at + 8, amounts.quoted, true);
  view.setUint16(at + 16, amounts.slippageBps, true);
  view.setUint16(at + 18, amounts.platformFeeBps, true);
  view.setUint16(at + 20, 0, true); // positive_slippage_bps: none asked
  data.set(plan, at + 22);
  return new TransactionInstruction({
    programId: new PublicKey(JUPITER_PROGRAM_ID),
    keys: [...head, ...fee, ...keys],
    data: Buffer.from(data),
  });
}
