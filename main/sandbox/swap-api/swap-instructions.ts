/**
 * The instructions of a swap, in Jupiter's groups: compute budget, setup (associated token
 * accounts, SOL wrap), the swap itself, cleanup (SOL unwrap) and other (a Jito-style tip).
 *
 * The swap group is what mainnet runs: per CP-Swap leg one `swap_base_input` (ExactIn) or
 * `swap_base_output` (ExactOut) instruction of Raydium CP-Swap (per CLMM leg one `swap_v2` with
 * its tick arrays), the person its only signer, the
 * tokens moved inside the program (the payout signed by the pool's authority address). A route
 * of two hops chains them through the person's own account of the middle token: the first hop
 * must deliver at least what the second takes (ExactIn), or exactly it (ExactOut). A
 * market-maker leg (a token the program refuses) is a pair of transfers, the person's payment
 * and the market maker's fill, which the market maker's key co-signs: the only co-signed route.
 * The platform fee is the person's own transfers to the fee accounts, from the input (or from
 * the output before it goes on to `destinationTokenAccount`).
 */
import {
  ComputeBudgetProgram,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
} from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createSyncNativeInstruction,
  createTransferCheckedInstruction,
} from '@solana/spl-token';
import { MEMO_PROGRAM_ID, NATIVE_MINT, type SandboxToken } from '../tokens';
import type { RouteHop, RouteLeg } from '../router/route-types';
import { onChainView } from '../router/on-chain-view';
import { swapBaseInputInstruction, swapBaseOutputInstruction } from '../cp-swap/program';
import { cpSwapAccounts } from '../cp-swap/swap-accounts';
import type { ReservesOf } from '../router/route-types';
import { clmmLegInstruction } from '../clmm/clmm-market';
import type { MarketContext } from './market-context';
import { associatedTokenKey } from '../../tokens/associated-token';
import type { ReplayedSwap } from './route-replay';
import { maximumShare, minimumShare } from './leg-bounds';
import { splitPlatformFee } from './slippage';
import { ammV4LegInstruction } from '../amm-v4/amm-venue';
import { hookTransferAccounts } from '../hook/hook-program';
import {
  jupiterCanRoute,
  jupiterSwapGroups,
  type JupiterSwapOptions,
} from '../jupiter/jupiter-groups';

/** What only a Jupiter route needs beyond the common options. */
export type JupiterRouteOptions = Pick<
  JupiterSwapOptions,
  'useSharedAccounts' | 'useTokenLedger' | 'instructionVersion' | 'slippageBps' | 'quoted'
>;

/** What /swap-instructions is asked: who swaps what (as a Jupiter route is), and its extras. */
export interface SwapInstructionOptions extends Pick<
  JupiterSwapOptions,
  | 'user'
  | 'inputMint'
  | 'outputMint'
  | 'wrapAndUnwrapSol'
  | 'destinationTokenAccount'
  | 'feeAccount'
> {
  trackingAccount: string | null;
  computeUnitLimit: number;
  computeUnitPriceMicroLamports: bigint;
  jitoTipLamports: bigint;
  /** A Memo naming each market-maker fill (dropped when the transaction would be too big). */
  memos: boolean;
  /** Set when the sandbox runs Jupiter's program: the swap is then one of its routes. */
  jupiter: JupiterRouteOptions | null;
}

export interface SwapInstructionGroups {
  computeBudget: TransactionInstruction[];
  setup: TransactionInstruction[];
  swap: TransactionInstruction[];
  cleanup: TransactionInstruction[];
  other: TransactionInstruction[];
  /** True when a market-maker fill needs the market maker's signature. */
  coSigned: boolean;
  /** Jupiter's `set_token_ledger` (useTokenLedger), placed before the setup that adds the input. */
  tokenLedger: TransactionInstruction | null;
  tokenLedgerAt: number;
}

function tokenOf(context: MarketContext, mint: string): SandboxToken {
  const token = context.tokens.get(mint);
  if (token === undefined) throw new Error(`unknown mint ${mint}`);
  return token;
}

function ata(context: MarketContext, mint: string, owner: PublicKey): PublicKey {
  return associatedTokenKey(mint, owner, tokenOf(context, mint).tokenProgram);
}

function transfer(
  context: MarketContext,
  mint: string,
  from: string,
  to: string,
  owner: string,
  amount: bigint,
): TransactionInstruction {
  const token = tokenOf(context, mint);
  const instruction = createTransferCheckedInstruction(
    new PublicKey(from),
    new PublicKey(mint),
    new PublicKey(to),
    new PublicKey(owner),
    amount,
    token.decimals,
    [],
    new PublicKey(token.tokenProgram),
  );
  // A HOOK transfer carries its hook's extra accounts, or Token-2022 refuses it (issue 35).
  if (token.traits?.transferHook) instruction.keys.push(...hookTransferAccounts(mint, owner));
  return instruction;
}

interface LegPlan {
  leg: RouteLeg;
  from: string;
  to: string;
  /** ExactIn: the least the leg must deliver; ExactOut: the most it may take. */
  bound: bigint;
}

/** The CP-Swap instruction of one leg, its accounts read from the pool's on-chain state. */
function cpSwapInstruction(
  user: PublicKey,
  plan: LegPlan,
  exactIn: boolean,
  reservesOf: ReservesOf,
): TransactionInstruction {
  const { leg } = plan;
  const view = onChainView(reservesOf, leg.pool, 'cp');
  const { state } = view;
  const accounts = cpSwapAccounts(leg.pool.ammKey, state, leg.inputMint, {
    payer: user.toBase58(),
    inputAccount: plan.from,
    outputAccount: plan.to,
  });
  return exactIn
    ? swapBaseInputInstruction(accounts, leg.amountIn, plan.bound)
    : swapBaseOutputInstruction(accounts, plan.bound, leg.amountOut);
}

/**
 * Each leg's accounts and bound. The route's last hop (ExactIn) carries the person's minimum
 * output, shared over its legs by their quoted outputs; the first hop (ExactOut) carries their
 * maximum input the same way. Every other hop is bound exactly to what the route quoted, so a
 * first hop never delivers less than the second takes.
 */
function planLegs(
  swap: ReplayedSwap,
  accountOf: (hopIndex: number, side: 'in' | 'out') => string,
): LegPlan[] {
  const hops = swap.route.hops;
  const exactIn = swap.route.swapMode === 'ExactIn';
  const plans: LegPlan[] = [];
  hops.forEach((hop: RouteHop, index) => {
    const last = index === hops.length - 1;
    for (const leg of hop.legs) {
      let bound: bigint;
      if (exactIn) {
        // Rounded up, so the legs' minimums sum to at least the route's (leg-bounds.ts).
        bound = last
          ? minimumShare(swap.routeOutBound, leg.amountOut, hop.amountOut)
          : leg.amountOut;
      } else {
        const first = index === 0;
        bound = first ? maximumShare(swap.routeInBound, leg.amountIn, hop.amountIn) : leg.amountIn;
        if (bound < leg.amountIn) bound = leg.amountIn;
      }
      plans.push({ leg, from: accountOf(index, 'in'), to: accountOf(index, 'out'), bound });
    }
  });
  return plans;
}

/** Builds the instruction groups of a replayed swap. */
/**
 * The compute budget group: the limit, and the price when there is one. The only group that
 * depends on the compute limit (swap-service.ts rebuilds it alone at the measured limit).
 */
export function computeBudgetInstructions(
  limit: number,
  microLamports: bigint,
): TransactionInstruction[] {
  const budget = [ComputeBudgetProgram.setComputeUnitLimit({ units: limit })];
  if (microLamports > 0n) budget.push(ComputeBudgetProgram.setComputeUnitPrice({ microLamports }));
  return budget;
}

export function buildSwapInstructions(
  context: MarketContext,
  swap: ReplayedSwap,
  options: SwapInstructionOptions,
  reservesOf: ReservesOf,
): SwapInstructionGroups {
  const { user, inputMint, outputMint } = options;
  const userKey = user.toBase58();
  const authority = context.market.authority.publicKey.toBase58();
  const groups: SwapInstructionGroups = {
    computeBudget: [],
    setup: [],
    swap: [],
    cleanup: [],
    other: [],
    coSigned: false,
    tokenLedger: null,
    tokenLedgerAt: 0,
  };
  groups.computeBudget.push(
    ...computeBudgetInstructions(options.computeUnitLimit, options.computeUnitPriceMicroLamports),
  );
  if (options.jupiter !== null && jupiterCanRoute(swap)) {
    const built = jupiterSwapGroups(context, swap, { ...options, ...options.jupiter });
    Object.assign(groups, built);
    groups.other.push(...tip(context, options));
    return groups;
  }
  const createAta = (mint: string, account: PublicKey) =>
    createAssociatedTokenAccountIdempotentInstruction(
      user,
      account,
      user,
      new PublicKey(mint),
      new PublicKey(tokenOf(context, mint).tokenProgram),
    );

  // Input side: native SOL is wrapped into the person's wSOL account for the swap and unwrapped
  // after (in ExactOut, up to the maximum input: what the program does not take comes back).
  const inputAccount = ata(context, inputMint, user);
  if (inputMint === NATIVE_MINT && options.wrapAndUnwrapSol) {
    const wrap = swap.route.swapMode === 'ExactIn' ? swap.userIn : swap.routeInBound + swap.fee;
    groups.setup.push(createAta(NATIVE_MINT, inputAccount));
    groups.setup.push(
      SystemProgram.transfer({ fromPubkey: user, toPubkey: inputAccount, lamports: wrap }),
    );
    groups.setup.push(createSyncNativeInstruction(inputAccount));
    groups.cleanup.push(createCloseAccountInstruction(inputAccount, user, user));
  }

  // Output side: the destination account when given (wrapAndUnwrapSol is then ignored), else
  // the person's associated account, created if missing, and unwrapped when it holds SOL. An
  // output-side platform fee is paid from the person's own account, so the swap lands there.
  const outputFee = swap.feeSide === 'output' && options.feeAccount !== null && swap.fee > 0n;
  const destination = options.destinationTokenAccount;
  const ownOutput = ata(context, outputMint, user);
  if (destination === null || outputFee) {
    groups.setup.push(createAta(outputMint, ownOutput));
    if (destination === null && outputMint === NATIVE_MINT && options.wrapAndUnwrapSol) {
      groups.cleanup.push(createCloseAccountInstruction(ownOutput, user, user));
    }
  }
  const swapTarget = destination !== null && !outputFee ? destination : ownOutput.toBase58();

  // The person's account of each middle token (a route mint), created if missing.
  const hops = swap.route.hops;
  const middle = hops.slice(1).map((hop) => {
    const account = ata(context, hop.inputMint, user);
    groups.setup.push(createAta(hop.inputMint, account));
    return account.toBase58();
  });
  const accountOf = (index: number, side: 'in' | 'out') =>
    side === 'in'
      ? index === 0
        ? inputAccount.toBase58()
        : middle[index - 1]!
      : index === hops.length - 1
        ? swapTarget
        : middle[index]!;

  const feeTransfers = (mint: string, from: string): TransactionInstruction[] => {
    if (swap.feeSide === null || options.feeAccount === null || swap.fee === 0n) return [];
    const { integrator, operator } = splitPlatformFee(swap.fee);
    const operatorAccount = context.market.operatorFeeAccounts.get(mint);
    if (operatorAccount === undefined) throw new Error(`no operator fee account for ${mint}`);
    return [
      transfer(context, mint, from, options.feeAccount, userKey, integrator),
      ...(operator > 0n ? [transfer(context, mint, from, operatorAccount, userKey, operator)] : []),
    ];
  };

  if (swap.feeSide === 'input')
    groups.swap.push(...feeTransfers(inputMint, inputAccount.toBase58()));
  const exactIn = swap.route.swapMode === 'ExactIn';
  for (const plan of planLegs(swap, accountOf)) {
    const { leg } = plan;
    if (leg.pool.curve.kind === 'cp-swap') {
      groups.swap.push(cpSwapInstruction(user, plan, exactIn, reservesOf));
      continue;
    }
    if (leg.pool.curve.kind === 'amm-v4') {
      const view = onChainView(reservesOf, leg.pool, 'amm');
      groups.swap.push(
        ammV4LegInstruction(view, userKey, plan.from, plan.to, exactIn, {
          ...leg,
          bound: plan.bound,
        }),
      );
      continue;
    }
    if (leg.pool.curve.kind === 'clmm') {
      const view = onChainView(reservesOf, leg.pool, 'clmm');
      groups.swap.push(clmmLegInstruction(view, userKey, { ...leg, ...plan }, exactIn));
      continue;
    }
    // A market-maker fill: the person pays the maker's vault, the maker's vault pays the person.
    const vaultIn = leg.pool.mintA === leg.inputMint ? leg.pool.vaultA : leg.pool.vaultB;
    const vaultOut = leg.pool.mintA === leg.inputMint ? leg.pool.vaultB : leg.pool.vaultA;
    if (options.memos) {
      groups.swap.push(
        new TransactionInstruction({
          programId: new PublicKey(MEMO_PROGRAM_ID),
          keys: [],
          data: Buffer.from(`${leg.pool.label} fill ${leg.pool.ammKey.slice(0, 8)}`),
        }),
      );
    }
    groups.swap.push(transfer(context, leg.inputMint, plan.from, vaultIn, userKey, leg.amountIn));
    groups.swap.push(
      transfer(context, leg.outputMint, vaultOut, plan.to, authority, leg.amountOut),
    );
    groups.coSigned = true;
  }
  if (outputFee) {
    groups.swap.push(...feeTransfers(outputMint, ownOutput.toBase58()));
    if (destination !== null) {
      groups.swap.push(
        transfer(context, outputMint, ownOutput.toBase58(), destination, userKey, swap.userOut),
      );
    }
  }

  // Indexers find the swap by an extra read-only account on the person's first instruction of
  // the swap group; the programs ignore accounts past the ones they read.
  const first = groups.swap.find((ix) =>
    ix.keys.some((key) => key.isSigner && key.pubkey.equals(user)),
  );
  if (options.trackingAccount !== null && first !== undefined) {
    first.keys.push({
      pubkey: new PublicKey(options.trackingAccount),
      isSigner: false,
      isWritable: false,
    });
  }

  groups.other.push(...tip(context, options));
  return groups;
}

/** A Jito-style tip to the operator, when asked. */
function tip(context: MarketContext, options: SwapInstructionOptions): TransactionInstruction[] {
  if (options.jitoTipLamports === 0n) return [];
  return [
    SystemProgram.transfer({
      fromPubkey: options.user,
      toPubkey: context.market.operator,
      lamports: options.jitoTipLamports,
    }),
  ];
}
