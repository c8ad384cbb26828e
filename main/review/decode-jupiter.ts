/**
 * The aggregator's (Jupiter v6) instructions, read as far as the guard needs them on mainnet,
 * where tokens move inside the program's CPIs: which route instruction it is, the platform fee
 * it takes (`platform_fee_bps`, the last byte of every route instruction's arguments) and the
 * account that fee goes to, and `create_token_account` (the temporary wSOL account the program
 * opens for the person). Layouts from the program's published Anchor IDL (v6: route,
 * shared_accounts_route, exact_out_route, shared_accounts_exact_out_route and their token-ledger
 * forms); discriminators are sha256("global:<name>")[0..8].
 */
import { createHash } from 'node:crypto';
import type { Address } from '../shared/address';
import type { DecodedInstruction } from './types';
import { JUPITER_V6_PROGRAM } from './program-ids';

/** Position of `platform_fee_account` in each route instruction's account list. */
const ROUTES: Readonly<Record<string, number>> = {
  route: 6,
  route_with_token_ledger: 6,
  exact_out_route: 7,
  shared_accounts_route: 9,
  shared_accounts_route_with_token_ledger: 9,
  shared_accounts_exact_out_route: 9,
};

const OTHER_NAMES = [
  'create_token_account',
  'set_token_ledger',
  'create_token_ledger',
  'create_open_orders',
  'create_program_open_orders',
  'claim',
  'claim_token',
  'close_token',
  // Named by the 2025 program ("instructionVersion" V2); their layout is not read here, so the
  // fee they take is judged from the simulated balances alone.
  'route_v2',
  'shared_accounts_route_v2',
  'exact_out_route_v2',
  'shared_accounts_exact_out_route_v2',
];

const discriminator = (name: string) =>
  createHash('sha256').update(`global:${name}`).digest().subarray(0, 8).toString('hex');

const NAMES = new Map(
  [...Object.keys(ROUTES), ...OTHER_NAMES].map((name) => [discriminator(name), name]),
);

/**
 * Decodes one instruction of the aggregator program.
 * @example decodeJupiter(routeData, accounts) // { kind: 'jupiterRoute', name: 'route', platformFeeBps: 5, ... }
 */
export function decodeJupiter(data: Uint8Array, accounts: readonly Address[]): DecodedInstruction {
  // An instruction of the aggregator the wallet does not read stays a plain "swap": the program
  // is fixed code, and the balance and post-state rules bound what any of its instructions does.
  const unread: DecodedInstruction = { kind: 'other', name: 'swap' };
  const name = NAMES.get(Buffer.from(data.subarray(0, 8)).toString('hex'));
  if (data.length < 8 || name === undefined) return unread;
  const feeIndex = ROUTES[name];
  if (feeIndex !== undefined) {
    if (data.length < 9 || accounts.length <= feeIndex) return unread;
    const feeAccount = accounts[feeIndex] as Address;
    return {
      kind: 'jupiterRoute',
      name,
      platformFeeBps: data[data.length - 1] as number,
      // An absent optional account is passed as the program's own id (Anchor's convention).
      platformFeeAccount: feeAccount === JUPITER_V6_PROGRAM ? null : feeAccount,
    };
  }
  if (name === 'create_token_account' && accounts.length >= 3) {
    return {
      kind: 'jupiterCreateTokenAccount',
      account: accounts[0] as Address,
      owner: accounts[1] as Address,
      mint: accounts[2] as Address,
    };
  }
  return { kind: 'other', name };
}
