/**
 * Where Jupiter's own platform fee may land: an associated token account of one of its
 * aggregator program's authorities (`["authority", id]` of JUP6Lkb…aTV4), the accounts the
 * program's own `claim_token(id)` empties for Jupiter (its on-chain IDL, test/fixtures/real-world/
 * schema/idl/). Derived as the real answers show it:
 *
 * - the Ultra /order answer of jup-ag/docs (test/fixtures/real-world/swap/
 *   ultra-2025-04-order-aggregator.json: SOL → USDC, `feeBps` 5): its `route` names
 *   6AMWTvaL1pscDo5CAaBhPfv7xnSLjJ3ZXScV9yt5Gr5G as `platform_fee_account`, which is the wSOL
 *   associated token account of authority 12 (3LoAYHuSd7Gh8d7RTFnhvYtiTiefdZ5ByamU42vkzd76);
 * - the authorities 0 to 15 are the sixteen addresses Jupiter publishes as its tip accounts
 *   (docs-v2 "Transaction Submission", review/service-terms.ts JUPITER_TIP_ACCOUNTS).
 *
 * jupiter-fee-account.test.ts proves both against those bytes. An integrator's referral fee
 * (the real /order of wancupie-netizen/DexSato, `shared_accounts_route_v2` with 50 bps) goes to
 * the integrator's referral token account instead (fees/referral-v2.ts), which the wallet knows
 * from its own Fees settings. Nobody but Jupiter's program can move what lands in these accounts,
 * so a fee the route pays there is Jupiter's, whoever built the transaction.
 */
import { PublicKey } from '@solana/web3.js';
import { associatedTokenAddress } from '../tokens/associated-token';

/** Jupiter's aggregator program (v6). */
export const JUPITER_AGGREGATOR = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';

/** How many program authorities Jupiter publishes (ids 0 to 15: its sixteen tip accounts). */
export const JUPITER_AUTHORITY_COUNT = 16;

/** The program authority `["authority", id]` of Jupiter's aggregator. */
export function jupiterAuthority(id: number): string {
  return PublicKey.findProgramAddressSync(
    [Buffer.from('authority'), Buffer.from([id])],
    new PublicKey(JUPITER_AGGREGATOR),
  )[0].toBase58();
}

/** Jupiter's sixteen program authorities, id 0 first. */
export const JUPITER_AUTHORITIES: readonly string[] = Array.from(
  { length: JUPITER_AUTHORITY_COUNT },
  (_, id) => jupiterAuthority(id),
);

/**
 * The owner among `owners` whose associated token account of `mint` (under `tokenProgram`) is
 * `account`, or null: the fee account cannot be attributed to them.
 *
 * @example feeAccountOwner('6AMW…Gr5G', SOL_MINT, TOKEN_PROGRAM, JUPITER_AUTHORITIES) // authority 12
 */
export function feeAccountOwner(
  account: string,
  mint: string,
  tokenProgram: string,
  owners: Iterable<string>,
): string | null {
  for (const owner of owners) {
    if (associatedTokenAddress(mint, owner, tokenProgram) === account) return owner;
  }
  return null;
}
