/**
 * The setup, swap and cleanup groups of a swap when the sandbox runs Jupiter's program: the
 * person's accounts made ready (associated token accounts, SOL wrapped into wSOL), ONE route
 * instruction of the aggregator doing every hop and split and paying the platform fee, and the
 * wSOL unwrapped after. As Jupiter's API answers on mainnet:
 *
 * - `useSharedAccounts` (the default for routes of more than one hop, as they need no middle
 *   accounts of the person's): the shared forms, whose middle and program-side accounts are the
 *   program authority's (`["authority", 0]`, created with its token accounts at genesis,
 *   jupiter-genesis.ts); otherwise the plain forms through the person's own middle accounts.
 * - ExactOut (`exact_out_route` / its shared form) when every step is Raydium AMM v4's
 *   (`RaydiumV2`) or CLMM's (`RaydiumClmm`); over CP-Swap it stays the sandbox's own
 *   instructions (jupiterCanRoute says why).
 * - `useTokenLedger` (ExactIn): `route_with_token_ledger` / its shared form; the input is what
 *   the source account gained since `set_token_ledger` (here: the SOL wrapped in between; with
 *   /swap-instructions, whatever the integrator puts between the two).
 * - `destinationTokenAccount`: the output lands there, not in the person's account.
 * - The platform fee goes whole to `feeAccount`, paid by the program: no share is kept at swap
 *   time (the operator's 2.5% of the sandbox's own transfers does not apply to Jupiter's routes).
 */
import { PublicKey, SystemProgram, type TransactionInstruction } from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createSyncNativeInstruction,
} from '@solana/spl-token';
import { NATIVE_MINT, TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '../tokens';
import type { MarketContext } from '../swap-api/market-context';
import type { ReplayedSwap } from '../swap-api/route-replay';
import {
  jupiterRouteInstruction,
  programMinimumOut,
  type RouteForm,
  type RouteFormV2,
} from './route-instruction';
import { jupiterRouteV2Instruction } from './route-instruction-v2';
import { SwapApiError } from '../swap-api/api-error';
import { associatedTokenKey } from '../../tokens/associated-token';
import { programTokenAccount } from './program';
import { SANDBOX_TOKEN_LEDGER, setTokenLedgerInstruction } from './token-ledger';
import { keyOf } from '../public-key';

export interface JupiterSwapOptions {
  user: PublicKey;
  inputMint: string;
  outputMint: string;
  wrapAndUnwrapSol: boolean;
  destinationTokenAccount: string | null;
  feeAccount: string | null;
  /** Null: Jupiter's default (shared accounts for routes of more than one hop). */
  useSharedAccounts: boolean | null;
  useTokenLedger: boolean;
  /** 'V2': the Swap API v2's forms (route_v2, shared_accounts_route_v2). */
  instructionVersion: 'V1' | 'V2';
  slippageBps: number;
  /** The quote's outAmount (ExactIn) or inAmount before the fee (ExactOut). */
  quoted: bigint;
}

export interface JupiterGroups {
  setup: TransactionInstruction[];
  /** Only with useTokenLedger: `set_token_ledger`, which must run before the input arrives. */
  tokenLedger: TransactionInstruction | null;
  /** Where in `setup` it runs: after the source account exists, before SOL is wrapped into it. */
  tokenLedgerAt: number;
  swap: TransactionInstruction[];
  cleanup: TransactionInstruction[];
}

/**
 * True when Jupiter's program can run the route: ExactIn with every leg a CP-Swap, AMM v4 or
 * CLMM pool; ExactOut with every leg an AMM v4 or CLMM pool. A market-maker fill stays the sandbox's own; so
 * does ExactOut through CP-Swap, because the program has no ExactOut path for it: its four
 * ExactOut forms require as many steps as accounts that are one of five venues' program ids
 * (AMM v4's among them; Anchor RequireEqViolated, 2501, before any CPI), and with that met a
 * `RaydiumCP` step is SwapNotSupported (6016). Sandbox README, "ExactOut and the program";
 * test/integration/sandbox-jupiter-exact-out.test.ts and jupiter/amm-v4-route.test.ts hold it.
 */
export function jupiterCanRoute(swap: ReplayedSwap): boolean {
  const legs = swap.route.hops.flatMap((hop) => hop.legs);
  if (swap.route.swapMode === 'ExactOut') {
    // Every step must be one the program runs backwards: AMM v4's (RaydiumV2) or CLMM's
    // (RaydiumClmm), never CP-Swap's.
    // With a platform fee the program charges bps of the whole input (in × bps / (10,000 −
    // bps), measured) where the quote charges bps of the route's input: it stays ours, so the
    // person pays exactly the quote.
    return (
      swap.fee === 0n &&
      legs.every((leg) => leg.pool.curve.kind === 'amm-v4' || leg.pool.curve.kind === 'clmm')
    );
  }
  return legs.every((leg) => ['cp-swap', 'amm-v4', 'clmm'].includes(leg.pool.curve.kind));
}

/**
 * The form for these options. A route through a token with a transfer fee takes the plain forms
 * whatever was asked: through the program's own accounts the fee would be charged once more
 * (pool → program account → person) and the person would get less than the quote.
 */
export function routeForm(
  context: MarketContext,
  swap: ReplayedSwap,
  options: JupiterSwapOptions,
): RouteForm | RouteFormV2 {
  const mints = swap.route.hops.flatMap((hop) => [hop.inputMint, hop.outputMint]);
  const transferFee = mints.some((mint) => context.tokens.get(mint)?.traits?.transferFee);
  const sharedAccounts = !transferFee && (options.useSharedAccounts ?? swap.route.hops.length > 1);
  if (options.instructionVersion === 'V2') {
    return sharedAccounts ? 'shared_accounts_route_v2' : 'route_v2';
  }
  if (swap.route.swapMode === 'ExactOut') {
    return sharedAccounts ? 'shared_accounts_exact_out_route' : 'exact_out_route';
  }
  if (options.useTokenLedger) {
    return sharedAccounts ? 'shared_accounts_route_with_token_ledger' : 'route_with_token_ledger';
  }
  return sharedAccounts ? 'shared_accounts_route' : 'route';
}

export function jupiterSwapGroups(
  context: MarketContext,
  swap: ReplayedSwap,
  options: JupiterSwapOptions,
): JupiterGroups {
  const { user, inputMint, outputMint } = options;
  const form = routeForm(context, swap, options);
  // The program's bound is a base unit stricter than the quote's threshold at most; a swap the
  // program would refuse is refused here, in the API's words, instead of built to fail.
  if (
    swap.route.swapMode === 'ExactIn' &&
    swap.userOut < programMinimumOut(options.quoted, options.slippageBps)
  ) {
    throw new SwapApiError(
      'SLIPPAGE_TOLERANCE_EXCEEDED',
      'The pools moved since the quote: this swap would now fall outside its slippage bound. Get a new quote.',
    );
  }
  const programOf = (mint: string) => {
    const token = context.tokens.get(mint);
    if (token === undefined) throw new Error(`unknown mint ${mint}`);
    return token.tokenProgram;
  };
  const ata = (mint: string) => associatedTokenKey(mint, user, programOf(mint));
  const createAta = (mint: string) =>
    createAssociatedTokenAccountIdempotentInstruction(
      user,
      ata(mint),
      user,
      keyOf(mint),
      keyOf(programOf(mint)),
    );
  const groups: JupiterGroups = {
    setup: [],
    tokenLedger: null,
    tokenLedgerAt: 0,
    swap: [],
    cleanup: [],
  };
  const exactIn = swap.route.swapMode === 'ExactIn';

  // Input: native SOL wrapped into the person's wSOL account, unwrapped after.
  const source = ata(inputMint);
  const wrapSol = inputMint === NATIVE_MINT && options.wrapAndUnwrapSol;
  if (wrapSol) groups.setup.push(createAta(NATIVE_MINT));
  if (options.useTokenLedger && exactIn) {
    groups.tokenLedger = setTokenLedgerInstruction(SANDBOX_TOKEN_LEDGER, source.toBase58());
    groups.tokenLedgerAt = groups.setup.length;
  }
  if (wrapSol) {
    // ExactOut: up to the most the program may take (the route's input bound); what it does
    // not take comes back when the account is closed.
    const lamports = exactIn ? swap.userIn : swap.routeInBound + swap.fee;
    groups.setup.push(
      SystemProgram.transfer({ fromPubkey: user, toPubkey: source, lamports }),
      createSyncNativeInstruction(source),
    );
    groups.cleanup.push(createCloseAccountInstruction(source, user, user));
  }

  // Output: the destination account when given, else the person's own (unwrapped if SOL).
  const destination = options.destinationTokenAccount ?? ata(outputMint).toBase58();
  if (options.destinationTokenAccount === null) {
    groups.setup.push(createAta(outputMint));
    if (outputMint === NATIVE_MINT && options.wrapAndUnwrapSol) {
      groups.cleanup.push(createCloseAccountInstruction(ata(outputMint), user, user));
    }
  }

  const hops = swap.route.hops;
  const isShared = form.startsWith('shared_accounts');
  const middleMints = hops.slice(1).map((hop) => hop.inputMint);
  const middle = middleMints.map((mint) => {
    if (isShared) return programTokenAccount(mint, programOf(mint));
    groups.setup.push(createAta(mint));
    return ata(mint).toBase58();
  });
  const sourceProgram = programOf(inputMint);
  const destinationProgram = programOf(outputMint);
  const anyToken2022 = [sourceProgram, destinationProgram].includes(TOKEN_2022_PROGRAM_ID);
  const routeAccounts = {
    user: user.toBase58(),
    tokenProgram: TOKEN_PROGRAM_ID,
    token2022: anyToken2022,
    sourceMint: inputMint,
    destinationMint: outputMint,
    source: source.toBase58(),
    destination,
    middle,
    programSource: isShared ? programTokenAccount(inputMint, sourceProgram) : null,
    programDestination: isShared ? programTokenAccount(outputMint, destinationProgram) : null,
    feeAccount: options.feeAccount !== null && swap.fee > 0n ? options.feeAccount : null,
    tokenLedger: options.useTokenLedger ? SANDBOX_TOKEN_LEDGER : null,
  };
  const amounts = {
    // ExactIn: all the person pays; with a fee account of the input mint the program
    // takes ⌊in_amount × bps / 10,000⌋ from it first and swaps the rest (measured).
    amount: exactIn ? swap.userIn : swap.route.outAmount,
    quoted: options.quoted,
    slippageBps: options.slippageBps,
    platformFeeBps: options.feeAccount !== null && swap.fee > 0n ? swap.feeBps : 0,
  };
  groups.swap.push(
    form === 'route_v2' || form === 'shared_accounts_route_v2'
      ? jupiterRouteV2Instruction(
          form,
          swap.route,
          routeAccounts,
          { sourceProgram, destinationProgram },
          amounts,
          swap.reservesOf,
        )
      : jupiterRouteInstruction(form, swap.route, routeAccounts, amounts, swap.reservesOf),
  );
  return groups;
}
