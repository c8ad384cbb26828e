/**
 * The instructions of a swap, in Jupiter's groups: compute budget, setup (associated token
 * accounts, SOL wrap), the swap itself (a memo per venue leg, then the transfers user → vaults,
 * vault → vault between hops, vaults → user and fee accounts), cleanup (SOL unwrap) and other
 * (a Jito-style tip). The user pays the fees and signs for their own transfers; the venue
 * authority signs for the vaults.
 *
 * With an escrow (POST /swap-instructions), the venue side is split off into `settlement`:
 * the vault → vault transfers between hops and the last hop's vaults → escrow, which the
 * sandbox signs and executes at request time. The user's part then only pays the first hop's
 * vaults and moves the escrow's tokens to the output and fee accounts as the escrow's delegate.
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
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { MEMO_PROGRAM_ID, NATIVE_MINT, type SandboxToken } from '../tokens';
import type { RouteHop } from '../router/route-types';
import type { MarketContext } from './market-context';
import type { ReplayedSwap } from './route-replay';
import { splitPlatformFee } from './slippage';
import { pairFlows, type FlowEnd } from './token-flows';

export interface SwapInstructionOptions {
  user: PublicKey;
  inputMint: string;
  outputMint: string;
  wrapAndUnwrapSol: boolean;
  destinationTokenAccount: string | null;
  feeAccount: string | null;
  trackingAccount: string | null;
  computeUnitLimit: number;
  computeUnitPriceMicroLamports: bigint;
  jitoTipLamports: bigint;
  /** Memo instructions naming each leg's venue (dropped when the transaction would be too big). */
  memos: boolean;
  /**
   * Token account (owned by the venue authority, the user its delegate) that receives the
   * route's output in advance; null for /swap, where the vaults pay the user directly.
   */
  escrow?: string | null;
}

export interface SwapInstructionGroups {
  computeBudget: TransactionInstruction[];
  setup: TransactionInstruction[];
  swap: TransactionInstruction[];
  cleanup: TransactionInstruction[];
  other: TransactionInstruction[];
  /** With an escrow: the venue authority's transfers, executed by the sandbox beforehand. */
  settlement: TransactionInstruction[];
  /** With an escrow: what it must hold (the user's output plus any output-side fee). */
  escrowAmount: bigint;
}

function tokenOf(context: MarketContext, mint: string): SandboxToken {
  const token = context.tokens.get(mint);
  if (token === undefined) throw new Error(`unknown mint ${mint}`);
  return token;
}

function ata(context: MarketContext, mint: string, owner: PublicKey): PublicKey {
  const program = new PublicKey(tokenOf(context, mint).tokenProgram);
  return getAssociatedTokenAddressSync(new PublicKey(mint), owner, true, program);
}

function vaultOf(leg: RouteHop['legs'][number], mint: string): string {
  return leg.pool.mintA === mint ? leg.pool.vaultA : leg.pool.vaultB;
}

/** Builds the instruction groups of a replayed swap. */
export function buildSwapInstructions(
  context: MarketContext,
  swap: ReplayedSwap,
  options: SwapInstructionOptions,
): SwapInstructionGroups {
  const { user, inputMint, outputMint } = options;
  const authority = context.market.authority.publicKey.toBase58();
  const groups: SwapInstructionGroups = {
    computeBudget: [],
    setup: [],
    swap: [],
    cleanup: [],
    other: [],
    settlement: [],
    escrowAmount: 0n,
  };
  const escrow = options.escrow ?? null;
  groups.computeBudget.push(
    ComputeBudgetProgram.setComputeUnitLimit({ units: options.computeUnitLimit }),
  );
  if (options.computeUnitPriceMicroLamports > 0n) {
    groups.computeBudget.push(
      ComputeBudgetProgram.setComputeUnitPrice({
        microLamports: options.computeUnitPriceMicroLamports,
      }),
    );
  }

  // Input side: native SOL is wrapped into the user's wSOL account for the swap and unwrapped after.
  const inputAccount = ata(context, inputMint, user);
  if (inputMint === NATIVE_MINT && options.wrapAndUnwrapSol) {
    groups.setup.push(
      createAssociatedTokenAccountIdempotentInstruction(
        user,
        inputAccount,
        user,
        new PublicKey(NATIVE_MINT),
      ),
    );
    groups.setup.push(
      SystemProgram.transfer({ fromPubkey: user, toPubkey: inputAccount, lamports: swap.userIn }),
    );
    groups.setup.push(createSyncNativeInstruction(inputAccount));
    groups.cleanup.push(createCloseAccountInstruction(inputAccount, user, user));
  }

  // Output side: the destination account when given (wrapAndUnwrapSol is then ignored), else
  // the user's associated account, created if missing, and unwrapped when it holds SOL.
  let outputAccount: PublicKey;
  if (options.destinationTokenAccount !== null) {
    outputAccount = new PublicKey(options.destinationTokenAccount);
  } else {
    outputAccount = ata(context, outputMint, user);
    const program = new PublicKey(tokenOf(context, outputMint).tokenProgram);
    groups.setup.push(
      createAssociatedTokenAccountIdempotentInstruction(
        user,
        outputAccount,
        user,
        new PublicKey(outputMint),
        program,
      ),
    );
    if (outputMint === NATIVE_MINT && options.wrapAndUnwrapSol) {
      groups.cleanup.push(createCloseAccountInstruction(outputAccount, user, user));
    }
  }

  if (options.memos) {
    for (const hop of swap.route.hops) {
      for (const leg of hop.legs) {
        groups.swap.push(
          new TransactionInstruction({
            programId: new PublicKey(MEMO_PROGRAM_ID),
            keys: [],
            data: Buffer.from(`${leg.pool.label} ${leg.pool.ammKey.slice(0, 8)}`),
          }),
        );
      }
    }
  }

  const feeSinks = (mint: string): Omit<FlowEnd, 'owner'>[] => {
    if (swap.feeSide === null || options.feeAccount === null || swap.fee === 0n) return [];
    const { integrator, operator } = splitPlatformFee(swap.fee);
    const operatorAccount = context.market.operatorFeeAccounts.get(mint);
    if (operatorAccount === undefined) throw new Error(`no operator fee account for ${mint}`);
    return [
      { account: options.feeAccount, amount: integrator },
      { account: operatorAccount, amount: operator },
    ];
  };

  const hops = swap.route.hops;
  const boundaries: {
    mint: string;
    sources: FlowEnd[];
    sinks: Omit<FlowEnd, 'owner'>[];
    settled: boolean;
  }[] = [];
  for (let k = 0; k <= hops.length; k += 1) {
    const before = hops[k - 1];
    const after = hops[k];
    const mint = after?.inputMint ?? (before as RouteHop).outputMint;
    const sources: FlowEnd[] =
      before === undefined
        ? [{ account: inputAccount.toBase58(), owner: user.toBase58(), amount: swap.userIn }]
        : before.legs.map((leg) => ({
            account: vaultOf(leg, mint),
            owner: authority,
            amount: leg.amountOut,
          }));
    const sinks: Omit<FlowEnd, 'owner'>[] =
      after === undefined
        ? [{ account: outputAccount.toBase58(), amount: swap.userOut }]
        : after.legs.map((leg) => ({ account: vaultOf(leg, mint), amount: leg.amountIn }));
    const feeHere =
      (k === 0 && swap.feeSide === 'input') || (k === hops.length && swap.feeSide === 'output');
    if (feeHere) sinks.push(...feeSinks(mint));
    if (escrow !== null && k === hops.length) {
      // The vaults fill the escrow now; the user later empties it, as its delegate, into the
      // fee accounts and then the output (last, so it is the group's swapInstruction).
      const total = sinks.reduce((sum, sink) => sum + sink.amount, 0n);
      groups.escrowAmount = total;
      boundaries.push({
        mint,
        sources,
        sinks: [{ account: escrow, amount: total }],
        settled: true,
      });
      boundaries.push({
        mint,
        sources: [{ account: escrow, owner: user.toBase58(), amount: total }],
        sinks: [...sinks.slice(1), ...sinks.slice(0, 1)],
        settled: false,
      });
    } else {
      // Between hops, vault to vault: settled in advance when there is an escrow.
      boundaries.push({ mint, sources, sinks, settled: escrow !== null && k > 0 });
    }
  }

  let tracked = false;
  for (const boundary of boundaries) {
    const token = tokenOf(context, boundary.mint);
    for (const flow of pairFlows(boundary.sources, boundary.sinks)) {
      const instruction = createTransferCheckedInstruction(
        new PublicKey(flow.source),
        new PublicKey(boundary.mint),
        new PublicKey(flow.destination),
        new PublicKey(flow.owner),
        flow.amount,
        token.decimals,
        [],
        new PublicKey(token.tokenProgram),
      );
      // The token program ignores extra read-only accounts; indexers find the swap by them
      // (the same trick as Solana Pay's reference keys).
      if (!tracked && options.trackingAccount !== null && flow.owner === user.toBase58()) {
        instruction.keys.push({
          pubkey: new PublicKey(options.trackingAccount),
          isSigner: false,
          isWritable: false,
        });
        tracked = true;
      }
      (boundary.settled ? groups.settlement : groups.swap).push(instruction);
    }
  }

  if (options.jitoTipLamports > 0n) {
    groups.other.push(
      SystemProgram.transfer({
        fromPubkey: user,
        toPubkey: context.market.operator,
        lamports: options.jitoTipLamports,
      }),
    );
  }
  return groups;
}
