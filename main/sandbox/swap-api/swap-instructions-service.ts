/**
 * POST /swap-instructions in Jupiter's shape, executable with the person's signature alone, as
 * on mainnet: nothing is settled in advance. The groups hold everything, in execution order:
 *
 * - `computeBudgetInstructions`: unit limit and price;
 * - `setupInstructions`: account creation (output, middle tokens), SOL wrap, then every program
 *   call of the route but the last (the first hop of two, a split's other leg, an input-side
 *   platform fee);
 * - `swapInstruction`: the last of them (the CP-Swap swap that delivers the output, or the
 *   transfer that forwards it to `destinationTokenAccount` after an output-side fee);
 * - `cleanupInstruction`: the SOL unwrap; `otherInstructions`: a Jito-style tip.
 *
 * A market-maker fill is refused here: it needs the market maker's signature, which
 * instructions cannot carry (/swap serves it). Extras: `lastValidBlockHeight`,
 * `simulationError` as in /swap.
 */
import { computeUnitLimitFor } from './compute-margin';
import {
  type AddressLookupTableAccount,
  PublicKey,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js';
import type { TransactionInstruction } from '@solana/web3.js';
import { SwapApiError } from './api-error';
import { instructionJson, type InstructionJson } from './instruction-json';
import type { MarketContext } from './market-context';
import type { SwapRequest } from './swap-request';
import {
  consumedUnits,
  DEFAULT_COMPUTE_UNIT_LIMIT,
  marketLookupTable,
  ordered,
  PACKET_SIZE,
  prepare,
  simulationError,
} from './swap-service';

/** Units left for what a wallet appends (a Memo and a TransferChecked of a Solana Pay invoice). */
const WALLET_APPENDIX_UNITS = 20_000;

/**
 * Bytes a caller of /swap-instructions may add to the transaction (a payment's memo, its
 * transfer to the payee's account and a few reference keys: about 250 bytes), kept free before
 * the answer gives up the lookup table for accounts inline.
 */
const CALLER_ROOM_BYTES = 320;

/** The user's transaction of these instructions, unsigned; null when it exceeds a packet. */
function userTransaction(
  instructions: TransactionInstruction[],
  user: PublicKey,
  blockhash: string,
  table: AddressLookupTableAccount | null,
): Uint8Array | null {
  try {
    const message = new TransactionMessage({
      payerKey: user,
      recentBlockhash: blockhash,
      instructions,
    }).compileToV0Message(table === null ? [] : [table]);
    const wire = new VersionedTransaction(message).serialize();
    return wire.length <= PACKET_SIZE ? wire : null;
  } catch {
    return null; // too many account keys
  }
}

/** Builds the answer of POST /swap-instructions; throws SwapApiError. */
export function buildSwapInstructionsResponse(context: MarketContext, request: SwapRequest) {
  const prepared = prepare(context, request);
  const user = new PublicKey(request.userPublicKey);
  const { blockhash, lastValidBlockHeight } = context.ledger.latestBlockhash();

  let built = prepared.build(DEFAULT_COMPUTE_UNIT_LIMIT, false);
  if (built.groups.coSigned) {
    throw new SwapApiError(
      'NOT_SUPPORTED',
      'This route is a fill by the sandbox market maker, who must co-sign the transaction; instructions cannot carry that signature. Use /swap for this route, or quote with excludeDexes=Sandbox Market Maker.',
    );
  }
  // Every account inline when that fits with room to spare for what the caller adds; else
  // through the market's lookup table, which the answer then names for the wallet to compile
  // against. A route that only just fits inline (three CP-Swap calls: 1,231 bytes) would leave
  // a payment no room for its memo, transfer and reference keys.
  const table = marketLookupTable(context);
  const inlineWire = userTransaction(ordered(built.groups), user, blockhash, null);
  const inline = inlineWire !== null && inlineWire.length <= PACKET_SIZE - CALLER_ROOM_BYTES;
  const tables = inline || table === null ? null : table;
  const fits = () => userTransaction(ordered(built.groups), user, blockhash, tables);
  if (fits() === null) {
    throw new SwapApiError(
      'FAILED_TO_GET_SWAP_AND_ACCOUNT_METAS',
      'The swap instructions would not fit in a transaction (1232 bytes). Quote again with onlyDirectRoutes=true or a lower maxAccounts.',
    );
  }

  let limit = DEFAULT_COMPUTE_UNIT_LIMIT;
  let simulation = context.ledger.simulate(fits() as Uint8Array);
  if (request.dynamicComputeUnitLimit && simulation.err === null) {
    const consumed = consumedUnits(simulation.logs);
    limit = computeUnitLimitFor(
      consumed,
      simulation.logs,
      DEFAULT_COMPUTE_UNIT_LIMIT,
      WALLET_APPENDIX_UNITS,
    );
    built = prepared.build(limit, false);
    simulation = context.ledger.simulate(fits() as Uint8Array);
  }

  const { groups, priority } = built;
  const swapPart = groups.swap.map(instructionJson);
  const swapInstruction = swapPart[swapPart.length - 1] as InstructionJson;
  return {
    tokenLedgerInstruction:
      groups.tokenLedger === null ? null : instructionJson(groups.tokenLedger),
    computeBudgetInstructions: groups.computeBudget.map(instructionJson),
    // A route of several program calls (two hops, a split, a platform fee) runs them in order:
    // all but the last come after the setup, the last is the swap instruction.
    setupInstructions: [...groups.setup.map(instructionJson), ...swapPart.slice(0, -1)],
    swapInstruction,
    cleanupInstruction: groups.cleanup[0] === undefined ? null : instructionJson(groups.cleanup[0]),
    otherInstructions: groups.other.map(instructionJson),
    addressLookupTableAddresses: tables === null ? [] : [tables.key.toBase58()],
    prioritizationFeeLamports: Number(priority.prioritizationFeeLamports),
    computeUnitLimit: limit,
    lastValidBlockHeight,
    simulationError: simulationError(simulation.err, simulation.logs),
  };
}
