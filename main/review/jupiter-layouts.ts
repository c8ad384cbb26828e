/**
 * The aggregator's (Jupiter v6 program) route instructions, as its published Anchor IDL lays
 * them out (the program's on-chain IDL, copied in test/fixtures/real-world/schema/idl/ with its
 * source; decode-jupiter.test.ts checks this table against it): where the person's source and
 * destination token accounts are in the account list, and where the amounts that bound the swap
 * are in the arguments.
 *
 * V1 forms (`route`, `shared_accounts_route`, `exact_out_route`,
 * `shared_accounts_exact_out_route`, and the token-ledger forms of the two ExactIn ones) put the
 * route plan (a vector of variable-size steps) FIRST and the amounts after it, so their amounts
 * are read from the END of the data: `[in_amount | out_amount] u64, quoted u64, slippage_bps u16,
 * platform_fee_bps u8` (the token-ledger forms have no amount: the ledger measures it on chain).
 * V2 forms (`*_v2`) put the amounts first (after `id` u8 for the shared-accounts forms):
 * `[in_amount | out_amount] u64, quoted u64, slippage_bps u16, platform_fee_bps u16,
 * positive_slippage_bps u16`, then the route plan; they have no platform-fee-account slot.
 */

export type RouteVersion = 1 | 2;

export interface RouteLayout {
  name: string;
  version: RouteVersion;
  swapMode: 'ExactIn' | 'ExactOut';
  /** The token-ledger forms: no amount argument; the input is measured on chain. */
  tokenLedger: boolean;
  /** Account positions (IDL order). */
  accounts: {
    /** The account the person pays from (`user_source_token_account` / `source_token_account`). */
    source: number;
    /** The person's destination (`user_destination_token_account`), where one exists. */
    userDestination: number | null;
    /** `destination_token_account`: required (shared forms) or optional (program id = none). */
    destination: number;
    destinationOptional: boolean;
    sourceMint: number | null;
    destinationMint: number;
    /** `platform_fee_account` (V1 only; optional: the program id = none). */
    platformFeeAccount: number | null;
    /**
     * V2: how many accounts the instruction names itself. With a platform fee the program pays
     * it into the next one, the first before the steps' accounts (measured on the program:
     * main/sandbox/README.md "V2 fee account"; the real /order of wancupie-netizen/DexSato has
     * its referral token account there).
     */
    ownAccounts: number | null;
  };
  /** V2: the byte offset of the first amount (8 after the discriminator, 9 with `id`). */
  amountsAt: number | null;
}

/** Every route form, by IDL name. */
export const ROUTE_LAYOUTS: readonly RouteLayout[] = [
  v1('route', 'ExactIn', false, plainV1()),
  v1('route_with_token_ledger', 'ExactIn', true, plainV1()),
  v1('exact_out_route', 'ExactOut', false, {
    source: 2,
    userDestination: 3,
    destination: 4,
    destinationOptional: true,
    sourceMint: 5,
    destinationMint: 6,
    platformFeeAccount: 7,
    ownAccounts: null,
  }),
  v1('shared_accounts_route', 'ExactIn', false, sharedV1()),
  v1('shared_accounts_route_with_token_ledger', 'ExactIn', true, sharedV1()),
  v1('shared_accounts_exact_out_route', 'ExactOut', false, sharedV1()),
  v2('route_v2', 'ExactIn', 8, plainV2()),
  v2('exact_out_route_v2', 'ExactOut', 8, plainV2()),
  v2('shared_accounts_route_v2', 'ExactIn', 9, sharedV2()),
  v2('shared_accounts_exact_out_route_v2', 'ExactOut', 9, sharedV2()),
];

function plainV1(): RouteLayout['accounts'] {
  // token_program, user_transfer_authority, user_source_token_account,
  // user_destination_token_account, destination_token_account (optional), destination_mint,
  // platform_fee_account, ...
  return {
    source: 2,
    userDestination: 3,
    destination: 4,
    destinationOptional: true,
    sourceMint: null,
    destinationMint: 5,
    platformFeeAccount: 6,
    ownAccounts: null,
  };
}

function sharedV1(): RouteLayout['accounts'] {
  // token_program, program_authority, user_transfer_authority, source_token_account,
  // program_source_token_account, program_destination_token_account, destination_token_account,
  // source_mint, destination_mint, platform_fee_account, ...
  return sharedAccounts(3, 9, null);
}

/**
 * The shared-accounts routes (V1 and V2) list the same run from the source token account on:
 * source, the program's source and destination accounts, destination, source mint, destination
 * mint. Only where it starts, the fee account and the count of own accounts differ.
 */
function sharedAccounts(
  source: number,
  platformFeeAccount: number | null,
  ownAccounts: number | null,
): RouteLayout['accounts'] {
  return {
    source,
    userDestination: null,
    destination: source + 3,
    destinationOptional: false,
    sourceMint: source + 4,
    destinationMint: source + 5,
    platformFeeAccount,
    ownAccounts,
  };
}

function plainV2(): RouteLayout['accounts'] {
  // user_transfer_authority, user_source_token_account, user_destination_token_account,
  // source_mint, destination_mint, source_token_program, destination_token_program,
  // destination_token_account (optional), event_authority, program
  return {
    source: 1,
    userDestination: 2,
    destination: 7,
    destinationOptional: true,
    sourceMint: 3,
    destinationMint: 4,
    platformFeeAccount: null,
    ownAccounts: 10,
  };
}

function sharedV2(): RouteLayout['accounts'] {
  // program_authority, user_transfer_authority, source_token_account,
  // program_source_token_account, program_destination_token_account, destination_token_account,
  // source_mint, destination_mint, source_token_program, destination_token_program, ...
  return sharedAccounts(2, null, 12);
}

function v1(
  name: string,
  swapMode: RouteLayout['swapMode'],
  tokenLedger: boolean,
  accounts: RouteLayout['accounts'],
): RouteLayout {
  return { name, version: 1, swapMode, tokenLedger, accounts, amountsAt: null };
}

function v2(
  name: string,
  swapMode: RouteLayout['swapMode'],
  amountsAt: number,
  accounts: RouteLayout['accounts'],
): RouteLayout {
  return { name, version: 2, swapMode, tokenLedger: false, accounts, amountsAt };
}

/** The fixed tail of a V1 route's data: amount u64, quoted u64, slippage u16, fee u8. */
export const V1_TAIL = 19;
/** The token-ledger forms' tail: quoted u64, slippage u16, fee u8. */
export const V1_LEDGER_TAIL = 11;
/** The V2 header after `amountsAt`: amount u64, quoted u64, three u16. */
export const V2_HEADER = 22;
