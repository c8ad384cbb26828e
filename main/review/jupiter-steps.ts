/**
 * The steps of an aggregator route, named for the review: "Raydium CP-Swap SOL → USDC, 100%".
 * The route plan is a vector of `RoutePlanStep { swap: Swap, percent: u8, input_index: u8,
 * output_index: u8 }` (V1) or `RoutePlanStepV2 { swap, bps: u16, input_index, output_index }`
 * (V2); each step's accounts follow the route's own, in plan order. `Swap` is an enum of some
 * hundred venues whose variants carry different fields and different account lists, so the
 * wallet names only the variants it knows to the byte (Raydium CP-Swap: variant 46, no fields,
 * the CP-Swap program then the 13 accounts of its swap, input mint 11th and output mint 12th;
 * Raydium AMM v4's `RaydiumV2`: variant 105, no fields, the AMM v4 program then the 8 accounts
 * of its v2 swaps, which name token accounts, not mints; Raydium CLMM's `RaydiumClmmV2` (40:
 * the CLMM program, `swap_v2`'s 13 accounts, mints 12th and 13th) and `RaydiumClmm` (26: the
 * CLMM program, v1 `swap`'s 10 accounts, token accounts 4th and 5th), each followed by tick
 * arrays up to and including Jupiter's own program id, which ends the step; all measured
 * against Jupiter's program in the sandbox: main/sandbox/README.md). A plan with any
 * other step is not named (null): the review then says the route's ends only, and the balance
 * and bound rules judge it as before.
 */
import type { Address } from '../shared/address';
import { JUPITER_V6_PROGRAM } from './program-ids';

export interface RouteStep {
  venue: string;
  /** The input mint; for a step whose accounts name no mint, its input token account. */
  inputMint: Address;
  /** The output mint; for a step whose accounts name no mint, its output token account. */
  outputMint: Address;
  /** True when inputMint/outputMint are token accounts (the review reads their mints). */
  byAccount?: true;
  /** The share of its input token this step takes, in percent (V2: bps / 100). */
  percent: number;
}

interface KnownVariant {
  venue: string;
  /** Bytes of the variant's fields after its tag. */
  fields: number;
  /** Accounts the step names, and where its input and output mints are among them. */
  accounts: number;
  inputMint: number;
  outputMint: number;
  /** The positions are of token accounts, not mints (AMM v4's accounts name no mint). */
  byAccount?: true;
  /**
   * `accounts` is the least the step names: its tick arrays follow, up to and including the
   * Jupiter program's own id (main/sandbox/jupiter/clmm-step.ts); with no such id, the rest.
   */
  untilJupiterId?: true;
}

const KNOWN: ReadonlyMap<number, KnownVariant> = new Map([
  [46, { venue: 'Raydium CP-Swap', fields: 0, accounts: 14, inputMint: 11, outputMint: 12 }],
  // RaydiumV2: the AMM v4 program then the 8 accounts of swap_base_in_v2/out_v2 (issue 33);
  // user source 6th and destination 7th after the program.
  [
    105,
    {
      venue: 'Raydium AMM v4',
      fields: 0,
      accounts: 9,
      inputMint: 6,
      outputMint: 7,
      byAccount: true,
    },
  ],
  // RaydiumClmmV2 (ExactIn): the CLMM program, then swap_v2's 13 accounts (mints 12th, 13th).
  [
    40,
    {
      venue: 'Raydium CLMM',
      fields: 0,
      accounts: 14,
      inputMint: 12,
      outputMint: 13,
      untilJupiterId: true,
    },
  ],
  // RaydiumClmm (ExactOut): the CLMM program, then v1 swap's 10 accounts (no mint).
  [
    26,
    {
      venue: 'Raydium CLMM',
      fields: 0,
      accounts: 11,
      inputMint: 4,
      outputMint: 5,
      byAccount: true,
      untilJupiterId: true,
    },
  ],
]);

/** Where a step that starts at `start` ends (exclusive). */
function stepEnd(known: KnownVariant, start: number, accounts: readonly Address[]): number {
  const fixed = start + known.accounts;
  if (!known.untilJupiterId) return fixed;
  const marker = accounts.indexOf(JUPITER_V6_PROGRAM as Address, fixed);
  return marker === -1 ? accounts.length : marker + 1;
}

/** Accounts before the first step's, per form (the IDL's account lists). */
const HEAD_ACCOUNTS: Readonly<Record<string, number>> = {
  route: 9,
  route_with_token_ledger: 10,
  exact_out_route: 11,
  shared_accounts_route: 13,
  shared_accounts_route_with_token_ledger: 14,
  shared_accounts_exact_out_route: 13,
  route_v2: 10,
  exact_out_route_v2: 10,
  shared_accounts_route_v2: 12,
  shared_accounts_exact_out_route_v2: 12,
};

/** Where the route plan starts in the data. */
function planOffset(name: string, version: 1 | 2, amountsAt: number | null): number {
  if (version === 2) return (amountsAt ?? 8) + 8 + 8 + 2 + 2 + 2;
  return name.startsWith('shared_accounts') ? 9 : 8;
}

/**
 * The named steps of a route instruction, or null when any step is of a venue the wallet does
 * not read (or the data or accounts are short).
 */
export function routeSteps(
  name: string,
  version: 1 | 2,
  amountsAt: number | null,
  data: Uint8Array,
  accounts: readonly Address[],
): RouteStep[] | null {
  const head = HEAD_ACCOUNTS[name];
  if (head === undefined) return null;
  let at = planOffset(name, version, amountsAt);
  if (data.length < at + 4) return null;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const count = view.getUint32(at, true);
  at += 4;
  // V2 forms with a platform fee take the fee account first after their own (measured on the
  // program: main/sandbox/jupiter/route-instruction-v2.ts), before the steps' accounts.
  const feeBps =
    version === 2 && amountsAt !== null && data.length >= amountsAt + 20
      ? view.getUint16(amountsAt + 18, true)
      : 0;
  let account = head + (feeBps > 0 ? 1 : 0);
  const steps: RouteStep[] = [];
  for (let i = 0; i < count; i += 1) {
    const known = KNOWN.get(data[at] ?? -1);
    if (known === undefined) return null;
    at += 1 + known.fields;
    const shareBytes = version === 1 ? 1 : 2;
    if (data.length < at + shareBytes + 2) return null;
    const percent = version === 1 ? (data[at] as number) : view.getUint16(at, true) / 100;
    at += shareBytes + 2;
    if (accounts.length < account + known.accounts) return null;
    steps.push({
      venue: known.venue,
      inputMint: accounts[account + known.inputMint] as Address,
      outputMint: accounts[account + known.outputMint] as Address,
      percent,
      ...(known.byAccount ? { byAccount: true as const } : {}),
    });
    account = stepEnd(known, account, accounts);
  }
  return steps;
}
