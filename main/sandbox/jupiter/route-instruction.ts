/**
 * One route of the sandbox's router as ONE instruction of Jupiter's aggregator program, the way
 * Jupiter's API answers it on mainnet: the route plan names one step per leg, and each step's
 * accounts follow: `RaydiumCP` for CP-Swap (the CP-Swap program, then the 13 accounts of its
 * `swap_base_input`; ExactIn only, jupiterCanRoute says why), `RaydiumV2` for AMM v4
 * (amm-v4-step.ts), `RaydiumClmmV2` / `RaydiumClmm` for CLMM (clmm-step.ts).
 *
 * What the program does with it, as measured on the binary (sandbox README, "Jupiter"):
 * - the percents of the steps leaving one token index add up to 100 (a split of 30/70 is
 *   written 30 and 70; a last step of 100 for "the rest" is refused, 6010), and the program
 *   gives each step ⌊amount × percent / 100⌋, the last one the remainder, as the router does;
 * - token index 0 is the route's input, index i + 1 the output of hop i;
 * - the bound is checked on what reaches the person after the platform fee: at least
 *   ⌈quoted_out_amount × (10,000 − slippage_bps) / 10,000⌉ (6001 otherwise; rounded UP, so one
 *   base unit above the quote's `otherAmountThreshold` when the division is not exact, measured:
 *   `programMinimumOut`);
 * - the platform fee goes to `platform_fee_account` from the program's own accounts.
 */
import { PublicKey, TransactionInstruction, type AccountMeta } from '@solana/web3.js';
import { CP_SWAP_PROGRAM_ID, swapBaseInputInstruction } from '../cp-swap/program';
import { cpSwapAccounts } from '../cp-swap/swap-accounts';
import type { ReservesOf, Route } from '../router/route-types';
import { onChainView } from '../router/on-chain-view';
import { TOKEN_2022_PROGRAM_ID } from '../tokens';
import {
  discriminator,
  JUPITER_EVENT_AUTHORITY,
  JUPITER_PROGRAM_AUTHORITY,
  JUPITER_PROGRAM_ID,
  RAYDIUM_AMM_V4_VARIANT,
  RAYDIUM_CLMM_V2_VARIANT,
  RAYDIUM_CLMM_VARIANT,
  RAYDIUM_CP_SWAP_VARIANT,
  SANDBOX_AUTHORITY_ID,
} from './program';
import { ammV4StepKeys } from './amm-v4-step';
import { clmmStepKeys } from './clmm-step';
import { meta, sharedRouteKeys, type RouteAccounts } from './route-keys';

export type RouteForm =
  | 'route'
  | 'shared_accounts_route'
  | 'exact_out_route'
  | 'shared_accounts_exact_out_route'
  | 'route_with_token_ledger'
  | 'shared_accounts_route_with_token_ledger';

export interface RouteAmounts {
  /** ExactIn: the route's input; ExactOut: the output the person gets. */
  amount: bigint;
  /** ExactIn: the quoted output (after the fee); ExactOut: the quoted input (before the fee). */
  quoted: bigint;
  slippageBps: number;
  platformFeeBps: number;
}

/** The V2 forms the sandbox builds (the Swap API v2 is ExactIn only). */
export type RouteFormV2 = 'route_v2' | 'shared_accounts_route_v2';

const shared = (form: RouteForm | RouteFormV2) => form.startsWith('shared_accounts');
const exactOut = (form: RouteForm) => form.includes('exact_out');
const withLedger = (form: RouteForm) => form.endsWith('token_ledger');

/**
 * The route plan and each step's accounts: V1 `Vec<RoutePlanStep { swap, percent: u8, input_index,
 * output_index }>`, V2 `Vec<RoutePlanStepV2 { swap, bps: u16, input_index, output_index }>`.
 */
export function steps(
  route: Route,
  form: RouteForm | RouteFormV2,
  accounts: RouteAccounts,
  reservesOf: ReservesOf,
  version: 1 | 2 = 1,
): { plan: Uint8Array; keys: AccountMeta[] } {
  const hops = route.hops;
  const first = shared(form) ? (accounts.programSource as string) : accounts.source;
  const last = shared(form) ? (accounts.programDestination as string) : accounts.destination;
  const accountAt = (index: number): string =>
    index === 0 ? first : index === hops.length ? last : (accounts.middle[index - 1] as string);
  const payer = shared(form) ? JUPITER_PROGRAM_AUTHORITY : accounts.user;
  const plan: number[] = [];
  const keys: AccountMeta[] = [];
  let count = 0;
  hops.forEach((hop, index) => {
    for (const leg of hop.legs) {
      const percent = hop.legs.length === 1 ? 100 : leg.percent;
      const push = (variant: number) => {
        if (version === 1) plan.push(variant, percent, index, index + 1);
        else {
          const bps = percent * 100;
          plan.push(variant, bps & 0xff, bps >> 8, index, index + 1);
        }
        count += 1;
      };
      if (leg.pool.curve.kind === 'amm-v4') {
        keys.push(...ammV4StepKeys(leg, reservesOf, accountAt(index), accountAt(index + 1), payer));
        push(RAYDIUM_AMM_V4_VARIANT);
        continue;
      }
      if (leg.pool.curve.kind === 'clmm') {
        const exactIn = route.swapMode === 'ExactIn';
        keys.push(
          ...clmmStepKeys(leg, reservesOf, accountAt(index), accountAt(index + 1), payer, exactIn),
        );
        push(exactIn ? RAYDIUM_CLMM_V2_VARIANT : RAYDIUM_CLMM_VARIANT);
        continue;
      }
      const view = onChainView(reservesOf, leg.pool, 'cp');
      const { state } = view;
      const cpSwap = swapBaseInputInstruction(
        cpSwapAccounts(leg.pool.ammKey, state, leg.inputMint, {
          payer,
          inputAccount: accountAt(index),
          outputAccount: accountAt(index + 1),
        }),
        0n,
        0n,
      );
      // The step's payer signs through the program (the person's signature, or the PDA's).
      keys.push(
        meta(CP_SWAP_PROGRAM_ID),
        ...cpSwap.keys.map((key) => ({ ...key, isSigner: false })),
      );
      push(RAYDIUM_CP_SWAP_VARIANT);
    }
  });
  const bytes = new Uint8Array(4 + plan.length);
  new DataView(bytes.buffer).setUint32(0, count, true);
  bytes.set(plan, 4);
  return { plan: bytes, keys };
}

/** The instruction's accounts before the steps', in the IDL's order. */
function headKeys(form: RouteForm, a: RouteAccounts): AccountMeta[] {
  const none = JUPITER_PROGRAM_ID; // Anchor's "no account" for an optional one
  const fee = a.feeAccount === null ? meta(none) : meta(a.feeAccount, true);
  const token2022 = meta(a.token2022 ? TOKEN_2022_PROGRAM_ID : none);
  const tail = [
    ...(withLedger(form) ? [meta(a.tokenLedger as string, true)] : []),
    meta(JUPITER_EVENT_AUTHORITY),
    meta(JUPITER_PROGRAM_ID),
  ];
  if (shared(form)) {
    return [meta(a.tokenProgram), ...sharedRouteKeys(a), fee, token2022, ...tail];
  }
  // `route` names neither the source mint nor Token-2022; `exact_out_route` names both.
  const exactOutOnly = exactOut(form);
  return [
    meta(a.tokenProgram),
    meta(a.user, false, true),
    meta(a.source, true),
    meta(a.destination, true),
    meta(none),
    ...(exactOutOnly ? [meta(a.sourceMint)] : []),
    meta(a.destinationMint),
    fee,
    ...(exactOutOnly ? [token2022] : []),
    ...tail,
  ];
}

/** Builds the route instruction of `form` for a priced route. */
export function jupiterRouteInstruction(
  form: RouteForm,
  route: Route,
  accounts: RouteAccounts,
  amounts: RouteAmounts,
  reservesOf: ReservesOf,
): TransactionInstruction {
  const { plan, keys } = steps(route, form, accounts, reservesOf);
  const ledger = withLedger(form);
  const head = shared(form) ? 1 : 0;
  const data = new Uint8Array(8 + head + plan.length + (ledger ? 0 : 8) + 8 + 2 + 1);
  const view = new DataView(data.buffer);
  data.set(discriminator(form), 0);
  let at = 8;
  if (shared(form)) data[at++] = SANDBOX_AUTHORITY_ID;
  data.set(plan, at);
  at += plan.length;
  if (!ledger) {
    view.setBigUint64(at, amounts.amount, true);
    at += 8;
  }
  view.setBigUint64(at, amounts.quoted, true);
  view.setUint16(at + 8, amounts.slippageBps, true);
  data[at + 10] = amounts.platformFeeBps;
  return new TransactionInstruction({
    programId: new PublicKey(JUPITER_PROGRAM_ID),
    keys: [...headKeys(form, accounts), ...keys],
    data: Buffer.from(data),
  });
}

/** The least output the program accepts for `quoted` and `slippageBps` (it rounds up). */
export function programMinimumOut(quoted: bigint, slippageBps: number): bigint {
  const scaled = quoted * (10_000n - BigInt(slippageBps));
  return (scaled + 9_999n) / 10_000n;
}
