/**
 * The aggregator's (Jupiter v6 program) instructions, read as far as the guard needs them on
 * mainnet, where tokens move inside the program's CPIs: every route form, V1 and V2
 * (jupiter-layouts.ts, from the program's published Anchor IDL), with the bound it enforces on
 * chain (what it delivers at least, ExactIn; what it takes at most, ExactOut), the person's
 * source and destination accounts, the platform fee and (V2) the positive-slippage share; and
 * `create_token_account` (the temporary wSOL account the program opens for the person).
 * Discriminators are sha256("global:<name>")[0..8].
 *
 * Exported for other parts of the wallet (the sandbox's aggregator emitter, tests):
 * `decodeJupiter`, `decodeJupiterRoute`, `routeDiscriminator`, `enforcedBound`.
 */
import { routeSteps } from './jupiter-steps';
import { createHash } from 'node:crypto';
import type { Address } from '../shared/address';
import type { DecodedInstruction, JupiterRoute } from './types';
import { JUPITER_V6_PROGRAM } from './program-ids';
import {
  ROUTE_LAYOUTS,
  V1_LEDGER_TAIL,
  V1_TAIL,
  V2_HEADER,
  type RouteLayout,
} from './jupiter-layouts';

const BPS = 10_000n;

const OTHER_NAMES = [
  'create_token_account',
  'set_token_ledger',
  'create_token_ledger',
  'create_open_orders',
  'create_program_open_orders',
  'claim',
  'claim_token',
  'close_token',
  'close_wsol_token_account',
];

/** An Anchor instruction's discriminator: sha256("global:<name>")[0..8], as hex. */
export function routeDiscriminator(name: string): string {
  return createHash('sha256').update(`global:${name}`).digest().subarray(0, 8).toString('hex');
}

const LAYOUTS = new Map(ROUTE_LAYOUTS.map((layout) => [routeDiscriminator(layout.name), layout]));
const NAMES = new Map(OTHER_NAMES.map((name) => [routeDiscriminator(name), name]));

/**
 * The bound the program enforces for `quoted` at `slippageBps`: ExactIn, the least it delivers,
 * rounded down; ExactOut, the most it takes, rounded up. Where the program's own rounding is not
 * published, the wallet takes the one that protects the person less (by at most one base unit),
 * so that it never believes a bound tighter than the chain's.
 * @example enforcedBound('ExactIn', 12_698_391n, 75) // 12_603_153n
 */
export function enforcedBound(
  swapMode: 'ExactIn' | 'ExactOut',
  quoted: bigint,
  slippageBps: number,
): bigint {
  const bps = BigInt(slippageBps);
  if (swapMode === 'ExactIn') return bps >= BPS ? 0n : (quoted * (BPS - bps)) / BPS;
  return (quoted * (BPS + bps) + BPS - 1n) / BPS;
}

interface Amounts {
  amount: bigint | null;
  quoted: bigint;
  slippageBps: number;
  platformFeeBps: number;
  positiveSlippageBps: number;
}

function amountsOf(layout: RouteLayout, data: Uint8Array): Amounts | null {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (layout.version === 2) {
    const at = layout.amountsAt as number;
    // The route plan's vector length (u32) follows the header; a route has at least one step.
    if (data.length < at + V2_HEADER + 4) return null;
    return {
      amount: view.getBigUint64(at, true),
      quoted: view.getBigUint64(at + 8, true),
      slippageBps: view.getUint16(at + 16, true),
      platformFeeBps: view.getUint16(at + 18, true),
      positiveSlippageBps: view.getUint16(at + 20, true),
    };
  }
  // V1: the route plan (vector length u32 and at least one step) precedes a fixed tail.
  const tail = layout.tokenLedger ? V1_LEDGER_TAIL : V1_TAIL;
  const start = data.length - tail;
  if (start < 8 + 4) return null;
  const ledger = layout.tokenLedger;
  return {
    amount: ledger ? null : view.getBigUint64(start, true),
    quoted: view.getBigUint64(ledger ? start : start + 8, true),
    slippageBps: view.getUint16(ledger ? start + 8 : start + 16, true),
    platformFeeBps: data[data.length - 1] as number,
    positiveSlippageBps: 0,
  };
}

/** An optional account: Anchor passes the program's own id for "none". */
const optional = (address: Address | undefined): Address | null =>
  address === undefined || address === JUPITER_V6_PROGRAM ? null : address;

/**
 * Where the route pays its platform fee: V1, its `platform_fee_account` slot; V2 (no slot), the
 * first account after the instruction's own, when it takes a fee (else that is a step's).
 */
function feeAccountOf(
  places: RouteLayout['accounts'],
  platformFeeBps: number,
  accounts: readonly Address[],
): Address | null {
  if (places.platformFeeAccount !== null) return optional(accounts[places.platformFeeAccount]);
  if (places.ownAccounts === null || platformFeeBps === 0) return null;
  return optional(accounts[places.ownAccounts]);
}

/**
 * Decodes a route instruction of any form, or null when `data` is not one (or is too short
 * for its layout, or names fewer accounts than the layout reads).
 * @example decodeJupiterRoute(data, accounts)?.bound // the least the person receives (ExactIn)
 */
export function decodeJupiterRoute(
  data: Uint8Array,
  accounts: readonly Address[],
): JupiterRoute | null {
  if (data.length < 8) return null;
  const layout = LAYOUTS.get(Buffer.from(data.subarray(0, 8)).toString('hex'));
  if (layout === undefined) return null;
  const places = layout.accounts;
  const highest = Math.max(
    places.source,
    places.destination,
    places.destinationMint,
    places.userDestination ?? 0,
    places.sourceMint ?? 0,
    places.platformFeeAccount ?? 0,
  );
  const amounts = amountsOf(layout, data);
  if (amounts === null || accounts.length <= highest) return null;
  const at = (index: number) => accounts[index] as Address;
  // The optional destination_token_account, when given, is where the program pays; otherwise
  // the person's own destination account.
  const named = places.destinationOptional
    ? optional(at(places.destination))
    : at(places.destination);
  const destination = named ?? at(places.userDestination ?? places.destination);
  return {
    kind: 'jupiterRoute',
    name: layout.name,
    version: layout.version,
    swapMode: layout.swapMode,
    amount: amounts.amount,
    quotedAmount: amounts.quoted,
    slippageBps: amounts.slippageBps,
    bound: enforcedBound(layout.swapMode, amounts.quoted, amounts.slippageBps),
    platformFeeBps: amounts.platformFeeBps,
    positiveSlippageBps: amounts.positiveSlippageBps,
    platformFeeAccount: feeAccountOf(places, amounts.platformFeeBps, accounts),
    feeAccountSlot: places.platformFeeAccount !== null,
    source: at(places.source),
    destination,
    sourceMint: places.sourceMint === null ? null : at(places.sourceMint),
    destinationMint: at(places.destinationMint),
    steps: routeSteps(layout.name, layout.version, layout.amountsAt, data, accounts),
  };
}

/**
 * Decodes one instruction of the aggregator program.
 * @example decodeJupiter(routeData, accounts) // { kind: 'jupiterRoute', name: 'route', bound: 12_603_153n, ... }
 */
export function decodeJupiter(data: Uint8Array, accounts: readonly Address[]): DecodedInstruction {
  // A route the wallet cannot read (malformed, or a form it does not know) stays a plain
  // "swap": the on-chain bound rule (guard-bound.ts) refuses it, since nothing says what the
  // program will enforce.
  const unread: DecodedInstruction = { kind: 'other', name: 'swap' };
  if (data.length < 8) return unread;
  const discriminator = Buffer.from(data.subarray(0, 8)).toString('hex');
  if (LAYOUTS.has(discriminator)) return decodeJupiterRoute(data, accounts) ?? unread;
  const name = NAMES.get(discriminator);
  if (name === undefined) return unread;
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
