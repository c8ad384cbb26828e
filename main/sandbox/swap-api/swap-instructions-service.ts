/**
 * POST /swap-instructions in Jupiter's shape, executable with the user's signature alone: the
 * venue side is settled in advance into an escrow the user may empty as its delegate (see
 * escrow.ts). The standard groups hold everything, in execution order:
 *
 * - `computeBudgetInstructions`: unit limit and price;
 * - `setupInstructions`: output account creation, SOL wrap, a Memo per venue leg, the user's
 *   payments into the first hop's vaults (and an input-side platform fee), the escrow → fee
 *   account transfers (output-side platform fee);
 * - `swapInstruction`: the escrow → output (or `destinationTokenAccount`) TransferChecked the
 *   user signs as delegate: the one that delivers the output;
 * - `cleanupInstruction`: the SOL unwrap; `otherInstructions`: a Jito-style tip.
 *
 * Extras: `lastValidBlockHeight` (after it an unused escrow is swept and the instructions fail),
 * `escrow` (account, amount, settlement signature), `simulationError` as in /swap.
 */
import { Keypair, PublicKey, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import type { TransactionInstruction } from '@solana/web3.js';
import { SwapApiError } from './api-error';
import type { EscrowBook } from './escrow';
import type { MarketContext } from './market-context';
import type { SwapRequest } from './swap-request';
import {
  consumedUnits,
  DEFAULT_COMPUTE_UNIT_LIMIT,
  ordered,
  PACKET_SIZE,
  prepare,
  simulationError,
} from './swap-service';

/** Units left for what a wallet appends (a Memo and a TransferChecked of a Solana Pay invoice). */
const WALLET_APPENDIX_UNITS = 20_000;

export interface InstructionJson {
  programId: string;
  accounts: { pubkey: string; isSigner: boolean; isWritable: boolean }[];
  data: string;
}

function instructionJson(instruction: TransactionInstruction): InstructionJson {
  return {
    programId: instruction.programId.toBase58(),
    accounts: instruction.keys.map((key) => ({
      pubkey: key.pubkey.toBase58(),
      isSigner: key.isSigner,
      isWritable: key.isWritable,
    })),
    data: Buffer.from(instruction.data).toString('base64'),
  };
}

/** The user's transaction of these instructions, unsigned; null when it exceeds a packet. */
function userTransaction(
  instructions: TransactionInstruction[],
  user: PublicKey,
  blockhash: string,
): Uint8Array | null {
  try {
    const message = new TransactionMessage({
      payerKey: user,
      recentBlockhash: blockhash,
      instructions,
    }).compileToV0Message();
    const wire = new VersionedTransaction(message).serialize();
    return wire.length <= PACKET_SIZE ? wire : null;
  } catch {
    return null; // too many account keys
  }
}

/** Builds the answer of POST /swap-instructions, opening its escrow; throws SwapApiError. */
export function buildSwapInstructionsResponse(
  context: MarketContext,
  escrows: EscrowBook,
  request: SwapRequest,
) {
  const prepared = prepare(context, request);
  const user = new PublicKey(request.userPublicKey);
  const escrow = Keypair.generate();
  const escrowAddress = escrow.publicKey.toBase58();
  const { blockhash } = context.ledger.latestBlockhash();

  // Memos name the venue legs for a review; they go first when the swap alone is too big.
  let memos = true;
  let built = prepared.build(DEFAULT_COMPUTE_UNIT_LIMIT, memos, escrowAddress);
  if (userTransaction(ordered(built.groups), user, blockhash) === null) {
    memos = false;
    built = prepared.build(DEFAULT_COMPUTE_UNIT_LIMIT, memos, escrowAddress);
    if (userTransaction(ordered(built.groups), user, blockhash) === null) {
      throw new SwapApiError(
        'FAILED_TO_GET_SWAP_AND_ACCOUNT_METAS',
        'The swap instructions would not fit in a transaction (1232 bytes). Quote again with onlyDirectRoutes=true or a lower maxAccounts.',
      );
    }
  }

  const token = context.tokens.get(request.quote.outputMint);
  if (token === undefined) throw new Error(`unknown output mint ${request.quote.outputMint}`);
  const legs = prepared.swap.route.hops.flatMap((hop) =>
    hop.legs.map((leg) => `${leg.pool.label} ${leg.pool.ammKey.slice(0, 8)}`),
  );
  const opened = escrows.open({
    escrow,
    token,
    user,
    amount: built.groups.escrowAmount,
    settlement: built.groups.settlement,
    memo: `swap escrow for ${user.toBase58().slice(0, 8)}: ${legs.join(', ')}`,
  });

  let limit = DEFAULT_COMPUTE_UNIT_LIMIT;
  let simulation = context.ledger.simulate(
    userTransaction(ordered(built.groups), user, blockhash) as Uint8Array,
  );
  if (request.dynamicComputeUnitLimit && simulation.err === null) {
    const consumed = consumedUnits(simulation.logs);
    limit = Math.min(
      DEFAULT_COMPUTE_UNIT_LIMIT,
      Math.ceil((consumed + 3_000) * 1.2) + 10_000 + WALLET_APPENDIX_UNITS,
    );
    built = prepared.build(limit, memos, escrowAddress);
    simulation = context.ledger.simulate(
      userTransaction(ordered(built.groups), user, blockhash) as Uint8Array,
    );
  }

  const { groups, priority } = built;
  const swapPart = groups.swap.map(instructionJson);
  const swapInstruction = swapPart[swapPart.length - 1] as InstructionJson;
  return {
    tokenLedgerInstruction: null,
    computeBudgetInstructions: groups.computeBudget.map(instructionJson),
    setupInstructions: [...groups.setup.map(instructionJson), ...swapPart.slice(0, -1)],
    swapInstruction,
    /** Kept for callers of the earlier answer: the swap group, now one instruction. */
    swapInstructions: [swapInstruction],
    cleanupInstruction: groups.cleanup[0] === undefined ? null : instructionJson(groups.cleanup[0]),
    otherInstructions: groups.other.map(instructionJson),
    addressLookupTableAddresses: [] as string[],
    prioritizationFeeLamports: Number(priority.prioritizationFeeLamports),
    computeUnitLimit: limit,
    lastValidBlockHeight: opened.lastValidBlockHeight,
    escrow: {
      account: opened.escrow,
      mint: token.mint,
      amount: built.groups.escrowAmount.toString(),
      delegate: user.toBase58(),
      settlementSignature: opened.settlementSignature,
    },
    simulationError: simulationError(simulation.err, simulation.logs),
    venueAuthority: context.market.authority.publicKey.toBase58(),
  };
}
