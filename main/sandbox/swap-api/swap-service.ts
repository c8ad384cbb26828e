/**
 * POST /swap: check the request's accounts, re-price the quote's route, build the
 * instructions, size the compute budget by simulation when asked, and answer the unsigned
 * transaction: the person is its only signer, as on mainnet.
 * (/swap-instructions shares the first steps: swap-instructions-service.ts.)
 *
 * The one exception is a market-maker fill (a token CP-Swap refuses): the market maker's key
 * co-signs it, as a request-for-quote maker does on mainnet, so the caller must NOT replace the
 * recent blockhash or the fee payer of such a transaction.
 */
import {
  type AddressLookupTableAccount,
  type MessageV0,
  PublicKey,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type TransactionInstruction,
} from '@solana/web3.js';
import { SwapApiError } from './api-error';
import { checkDestinationAccount, checkFeeAccount } from './account-checks';
import type { MarketContext } from './market-context';
import { resolvePriorityFee, type PriorityPlan } from './priority-fee';
import { replayQuote, type ReplayedSwap } from './route-replay';
import {
  buildSwapInstructions,
  computeBudgetInstructions,
  type SwapInstructionGroups,
} from './swap-instructions';
import type { SwapRequest } from './swap-request';
import { CP_SWAP_LOOKUP_TABLE, lookupTableAccount } from '../cp-swap/lookup-table';
import { jupiterOptions, runsJupiter } from '../jupiter/jupiter-options';
import { computeUnitLimitFor } from './compute-margin';
import { sameShape, withInstructionData } from './recompile';

/** The sandbox's lookup table of the CP-Swap market, or null when the ledger has none. */
export function marketLookupTable(context: MarketContext): AddressLookupTableAccount | null {
  return lookupTableAccount(context.ledger.getAccount(CP_SWAP_LOOKUP_TABLE));
}

/** A v0 message /swap compiled, with what it was compiled from (recompile.ts). */
interface Compiled {
  payer: PublicKey;
  instructions: TransactionInstruction[];
  message: MessageV0;
  /** The lookup table's account data as it was then (null: none offered). */
  tableData: Uint8Array | null;
}

/** Each market's last compiled message: the next /swap of the same shape starts from it. */
const lastCompiled = new WeakMap<MarketContext, Compiled>();

const sameBytes = (a: Uint8Array | null, b: Uint8Array | null) =>
  a === null || b === null ? a === b : Buffer.from(a).equals(Buffer.from(b));

/** Jupiter's limit when dynamicComputeUnitLimit is off, and the ceiling of the runtime. */
export const DEFAULT_COMPUTE_UNIT_LIMIT = 1_400_000;
export const PACKET_SIZE = 1232;

export interface Prepared {
  swap: ReplayedSwap;
  /** `escrow`: the escrow account of /swap-instructions; none for /swap. */
  build: (
    limit: number,
    memos: boolean,
  ) => { groups: SwapInstructionGroups; priority: PriorityPlan };
}

/** Checks the request's accounts and re-prices its quote; shared by /swap and /swap-instructions. */
export function prepare(context: MarketContext, request: SwapRequest): Prepared {
  const { quote } = request;
  const feeBps = quote.platformFee?.feeBps ?? 0;
  const feeMint =
    request.feeAccount !== null && feeBps > 0
      ? checkFeeAccount(context.ledger, request.feeAccount, quote, {
          token2022: request.instructionVersion === 'V2' && runsJupiter(context.ledger),
        })
      : null;
  if (request.destinationTokenAccount !== null) {
    checkDestinationAccount(context.ledger, request.destinationTokenAccount, quote.outputMint);
  }
  const swap = replayQuote(context, quote, feeMint);
  const user = new PublicKey(request.userPublicKey);
  // The groups of each `memos` choice, built once: they depend on the limit only through the
  // compute budget group, which a build at another limit replaces alone.
  const built = new Map<boolean, SwapInstructionGroups>();
  return {
    swap,
    build: (limit, memos) => {
      const priority = resolvePriorityFee(
        request.prioritizationFeeLamports,
        request.computeUnitPriceMicroLamports,
        limit,
      );
      const earlier = built.get(memos);
      if (earlier !== undefined) {
        const computeBudget = computeBudgetInstructions(limit, priority.microLamports);
        return { groups: { ...earlier, computeBudget }, priority };
      }
      const groups = buildSwapInstructions(
        context,
        swap,
        {
          user,
          inputMint: quote.inputMint,
          outputMint: quote.outputMint,
          wrapAndUnwrapSol: request.wrapAndUnwrapSol,
          destinationTokenAccount: request.destinationTokenAccount,
          feeAccount: feeMint === null ? null : request.feeAccount,
          trackingAccount: request.trackingAccount,
          computeUnitLimit: limit,
          computeUnitPriceMicroLamports: priority.microLamports,
          jitoTipLamports: priority.jitoTipLamports,
          memos,
          jupiter: jupiterOptions(context, request, swap),
        },
        swap.reservesOf,
      );
      built.set(memos, groups);
      return { groups, priority };
    },
  };
}

export function ordered(groups: SwapInstructionGroups): TransactionInstruction[] {
  const at = groups.tokenLedgerAt;
  const ledger = groups.tokenLedger === null ? [] : [groups.tokenLedger];
  return [
    ...groups.computeBudget,
    ...groups.setup.slice(0, at),
    ...ledger,
    ...groups.setup.slice(at),
    ...groups.swap,
    ...groups.cleanup,
    ...groups.other,
  ];
}

/** Wire bytes and, for v0, the message they carry (to recompile with new data: recompile.ts). */
interface Assembled {
  wire: Uint8Array;
  message: MessageV0 | null;
}

/** The v0 transaction of `message`, signed by the market maker when it co-signs; null if too large. */
function wireOf(context: MarketContext, message: MessageV0, coSigned: boolean): Assembled | null {
  const tx = new VersionedTransaction(message);
  if (coSigned) tx.sign([context.market.authority]);
  const wire = tx.serialize();
  return wire.length <= PACKET_SIZE ? { wire, message } : null;
}

/**
 * Wire bytes with the person's signature missing (and the market maker's present when it
 * co-signs a fill); null when the transaction is too large.
 */
function assemble(
  context: MarketContext,
  instructions: TransactionInstruction[],
  user: PublicKey,
  blockhash: string,
  legacy: boolean,
  coSigned: boolean,
  table: AddressLookupTableAccount | null = null,
): Assembled | null {
  const authority = context.market.authority;
  try {
    if (legacy) {
      const tx = new Transaction({ feePayer: user, recentBlockhash: blockhash }).add(
        ...instructions,
      );
      if (coSigned) tx.partialSign(authority);
      const wire = tx.serialize({ requireAllSignatures: false, verifySignatures: false });
      return wire.length <= PACKET_SIZE ? { wire: new Uint8Array(wire), message: null } : null;
    }
    const message = new TransactionMessage({
      payerKey: user,
      recentBlockhash: blockhash,
      instructions,
    }).compileToV0Message(table === null ? [] : [table]);
    return wireOf(context, message, coSigned);
  } catch {
    // web3.js throws on an oversized legacy transaction or too many account keys.
    return null;
  }
}

/** Compute units the top-level instructions consumed, read from the simulation's logs. */
export function consumedUnits(logs: readonly string[]): number {
  let depth = 0;
  let total = 0;
  for (const line of logs) {
    if (/^Program \S+ invoke \[\d+\]$/.test(line)) depth += 1;
    const consumed = /^Program \S+ consumed (\d+) of \d+ compute units$/.exec(line);
    if (consumed && depth === 1) total += Number(consumed[1]);
    if (/^Program \S+ (success|failed)/.test(line)) depth -= 1;
  }
  return total;
}

export function simulationError(
  err: unknown,
  logs: readonly string[],
): { errorCode: string; error: string } | null {
  if (err === null || err === undefined) return null;
  const last = [...logs].reverse().find((line) => /failed|error/i.test(line));
  return {
    errorCode: 'TRANSACTION_ERROR',
    error: `Simulation failed: ${JSON.stringify(err)}${last ? ` (${last})` : ''}`,
  };
}

export interface SwapResponseJson {
  swapTransaction: string;
  lastValidBlockHeight: number;
  prioritizationFeeLamports: number;
  computeUnitLimit: number;
  prioritizationType: PriorityPlan['prioritizationType'];
  dynamicSlippageReport: null;
  simulationError: { errorCode: string; error: string } | null;
}

/** Each market's last answered v0 /swap: its shape and the compute limit it was answered at. */
const lastAnswered = new WeakMap<MarketContext, Omit<Compiled, 'message'> & { limit: number }>();

/**
 * The limit a /swap of this shape (the same person, route and lookup table) was answered at
 * last, or null: the first run is then made at it, and when its units give the same limit the
 * transaction run is the one answered (swap-api/README.md).
 */
function answeredLimit(
  context: MarketContext,
  prepared: Prepared,
  user: PublicKey,
  tableData: Uint8Array | null,
): number | null {
  const answered = lastAnswered.get(context);
  if (answered === undefined || !answered.payer.equals(user)) return null;
  if (!sameBytes(answered.tableData, tableData)) return null;
  const probe = ordered(prepared.build(answered.limit, true).groups);
  return sameShape(answered.instructions, probe) ? answered.limit : null;
}

/** Remembers the shape just answered (the last compiled message is the answered one). */
function rememberAnswered(
  context: MarketContext,
  user: PublicKey,
  tableData: Uint8Array | null,
  limit: number,
): void {
  const compiled = lastCompiled.get(context);
  if (compiled === undefined || !compiled.payer.equals(user)) return;
  if (!sameBytes(compiled.tableData, tableData)) return;
  lastAnswered.set(context, {
    payer: compiled.payer,
    instructions: compiled.instructions,
    tableData: compiled.tableData,
    limit,
  });
}

/** Builds the answer of POST /swap; throws SwapApiError. */
export function buildSwap(context: MarketContext, request: SwapRequest): SwapResponseJson {
  const prepared = prepare(context, request);
  const user = new PublicKey(request.userPublicKey);
  const { blockhash, lastValidBlockHeight } = context.ledger.latestBlockhash();
  const tableAccount = request.asLegacyTransaction
    ? null
    : context.ledger.getAccount(CP_SWAP_LOOKUP_TABLE);
  const table = lookupTableAccount(tableAccount);
  const tableData = table === null ? null : tableAccount!.data;
  // Every account inline first; a route too large for that goes through the market's lookup
  // table (v0 only), and only then are the market maker's memos dropped.
  const fresh = (instructions: TransactionInstruction[], coSigned: boolean) => {
    const args = [
      context,
      instructions,
      user,
      blockhash,
      request.asLegacyTransaction,
      coSigned,
    ] as const;
    return assemble(...args) ?? (table === null ? null : assemble(...args, table));
  };
  const compile = (built: ReturnType<Prepared['build']>) => {
    const instructions = ordered(built.groups);
    const { coSigned } = built.groups;
    // The rebuild at the measured limit, or the same route again: the same message with new
    // data (recompile.ts), of the same size, so it fits where the first did.
    const last = lastCompiled.get(context);
    const reused =
      !request.asLegacyTransaction &&
      last !== undefined &&
      last.payer.equals(user) &&
      sameBytes(last.tableData, tableData) &&
      sameShape(last.instructions, instructions);
    const assembled = reused
      ? wireOf(context, withInstructionData(last.message, instructions, blockhash), coSigned)
      : fresh(instructions, coSigned);
    if (assembled?.message) {
      lastCompiled.set(context, {
        payer: user,
        instructions,
        message: assembled.message,
        tableData,
      });
    }
    return assembled?.wire ?? null;
  };
  let memos = true;
  const attempt = (limit: number) => {
    let built = prepared.build(limit, memos);
    let wire = compile(built);
    if (wire === null && memos) {
      memos = false; // the memos are for readability only; drop them before giving up
      built = prepared.build(limit, memos);
      wire = compile(built);
    }
    if (wire === null) {
      throw new SwapApiError(
        'FAILED_TO_GET_SWAP_AND_ACCOUNT_METAS',
        request.asLegacyTransaction
          ? 'The swap transaction would be larger than a packet (1232 bytes) as a legacy transaction. Ask for a v0 transaction, or quote again with onlyDirectRoutes=true or a lower maxAccounts.'
          : 'The swap transaction would be larger than a packet (1232 bytes). Quote again with onlyDirectRoutes=true or a lower maxAccounts.',
      );
    }
    return { wire, priority: built.priority };
  };
  const dynamic = request.dynamicComputeUnitLimit;
  let limit = dynamic ? answeredLimit(context, prepared, user, tableData) : null;
  let kept = limit !== null || !dynamic;
  limit ??= DEFAULT_COMPUTE_UNIT_LIMIT;
  let built = attempt(limit);
  // A run that may be of the transaction answered is kept for the wallet's simulateTransaction
  // (ledger.simulateAndKeep); the run at the ceiling, only to measure, reads the logs alone.
  let simulation = kept
    ? context.ledger.simulateAndKeep(built.wire)
    : context.ledger.simulate(built.wire);
  if (kept && dynamic && simulation.err !== null) {
    // At the limit answered before, and it failed (too few units, or anything else): measured
    // at the ceiling instead, as the first /swap of a shape is.
    kept = false;
    limit = DEFAULT_COMPUTE_UNIT_LIMIT;
    built = attempt(limit);
    simulation = context.ledger.simulate(built.wire);
  }
  if (dynamic && simulation.err === null) {
    const consumed = consumedUnits(simulation.logs);
    // Builtins (system, compute budget) log no figure: a margin per instruction covers them;
    // SPL Token calls get the classic program's cost (compute-margin.ts).
    const measured = computeUnitLimitFor(consumed, simulation.logs, DEFAULT_COMPUTE_UNIT_LIMIT);
    // The simulation is reused for a transaction rebuilt at another limit rather than run
    // again (issue 26): it differs only by a compute limit above what the run consumed (same
    // size, same accounts), and its priority fee is no higher (a price per unit over fewer
    // units, or the same total), so it runs as the first did. The wallet simulates what it
    // signs itself, in its review.
    if (measured !== limit) {
      limit = measured;
      built = attempt(limit);
    }
  }
  if (!request.asLegacyTransaction) rememberAnswered(context, user, tableData, limit);
  return {
    swapTransaction: Buffer.from(built.wire).toString('base64'),
    lastValidBlockHeight,
    prioritizationFeeLamports: Number(built.priority.prioritizationFeeLamports),
    computeUnitLimit: limit,
    prioritizationType: built.priority.prioritizationType,
    dynamicSlippageReport: null,
    simulationError: simulationError(simulation.err, simulation.logs),
  };
}
