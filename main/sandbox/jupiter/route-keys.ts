/**
 * The accounts Jupiter's route instructions name alike, V1 (route.ts of the IDL) and V2
 * (route_v2.ts): who swaps and from where to where, and, in the shared-accounts forms, the
 * program authority and its two accounts, which both versions name in the same order.
 */
import type { AccountMeta } from '@solana/web3.js';
import { keyOf } from '../public-key';
import { JUPITER_PROGRAM_AUTHORITY } from './program';

/** What a route instruction names besides its steps: the person, the route's ends, its options. */
export interface RouteAccounts {
  /** The person: signer, owner of the source account. */
  user: string;
  tokenProgram: string;
  /** True when either mint is a Token-2022 mint (the optional `token_2022_program` slot). */
  token2022: boolean;
  sourceMint: string;
  destinationMint: string;
  /** The person's account the input leaves from. */
  source: string;
  /** The account the output lands in (the person's, or `destinationTokenAccount`). */
  destination: string;
  /** Shared forms: the program authority's accounts; plain forms: the person's middle accounts. */
  middle: readonly string[];
  /** Shared forms: the program authority's account of the source and destination mint. */
  programSource: string | null;
  programDestination: string | null;
  feeAccount: string | null;
  tokenLedger: string | null;
}

/** The account `address` as the instruction names it (read-only and unsigned unless told). */
export const meta = (address: string, writable = false, signer = false): AccountMeta => ({
  pubkey: keyOf(address),
  isWritable: writable,
  isSigner: signer,
});

/**
 * The eight accounts every shared-accounts form names in a row: the program authority, the
 * person (signing), the person's source, the authority's source and destination accounts, the
 * destination, and both mints.
 */
export function sharedRouteKeys(a: RouteAccounts): AccountMeta[] {
  return [
    meta(JUPITER_PROGRAM_AUTHORITY),
    meta(a.user, false, true),
    meta(a.source, true),
    meta(a.programSource as string, true),
    meta(a.programDestination as string, true),
    meta(a.destination, true),
    meta(a.sourceMint),
    meta(a.destinationMint),
  ];
}
