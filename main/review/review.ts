/**
 * Turns an unsigned /swap transaction into a review report: decode (lookup tables resolved
 * through the RPC), read the accounts before, simulate to read them after, compute the
 * person's balance changes, and run the guard against the quote they accepted.
 */
import { PublicKey } from '@solana/web3.js';
import { associatedTokenAddress } from '../tokens/associated-token';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import { fromAccountInfo, type AccountState } from './account-state';
import { assembleFacts, reportOf } from './assemble';
import { decodeMessage, readWire } from './message';
import { TOKEN_PROGRAM } from './program-ids';
import { simulate } from './simulate';
import type { ReviewReads, ReviewInput, ReviewReport, TouchedAccount } from './types';

const BATCH = 100; // getMultipleAccounts takes at most 100 keys

const isKey = (address: string) => !address.includes(':'); // placeholders of unread tables

/**
 * Reads `addresses` not yet in `into`. `withoutData` reads lamports and owner only: for the
 * programs the message invokes, whose data (a loader-v2 program such as the Associated Token
 * program holds its whole executable, 140 KB) no rule reads (issue 26: it was nine tenths of
 * every review's reads).
 */
async function readStates(
  connection: Pick<ReviewReads, 'getMultipleAccountsInfo' | 'getMultipleAccountsByAddress'>,
  addresses: readonly string[],
  into: Map<string, AccountState | null>,
  withoutData = false,
): Promise<void> {
  const wanted = [...new Set(addresses)].filter((address) => isKey(address) && !into.has(address));
  const config = withoutData
    ? { commitment: 'confirmed' as const, dataSlice: { offset: 0, length: 0 } }
    : 'confirmed';
  // Every batch asked at once: the batching fetch sends them in one request.
  const batches: string[][] = [];
  for (let start = 0; start < wanted.length; start += BATCH) {
    batches.push(wanted.slice(start, start + BATCH));
  }
  await Promise.all(batches.map((batch) => readBatch(connection, batch, config, into)));
}

async function readBatch(
  connection: Pick<ReviewReads, 'getMultipleAccountsInfo' | 'getMultipleAccountsByAddress'>,
  batch: readonly string[],
  config: Parameters<ReviewReads['getMultipleAccountsInfo']>[1],
  into: Map<string, AccountState | null>,
): Promise<void> {
  let infos;
  try {
    infos = connection.getMultipleAccountsByAddress
      ? await connection.getMultipleAccountsByAddress(batch, config)
      : await connection.getMultipleAccountsInfo(
          batch.map((address) => new PublicKey(address)),
          config,
        );
  } catch (error) {
    throw new WalletError(
      'NETWORK_UNAVAILABLE',
      'The network could not be reached to read the accounts of this swap. Check the connection and review again.',
      { cause: error },
    );
  }
  batch.forEach((address, index) => into.set(address, fromAccountInfo(infos[index] ?? null)));
}

async function readBlockHeight(connection: Pick<ReviewReads, 'getBlockHeight'>): Promise<number> {
  try {
    return await connection.getBlockHeight('confirmed');
  } catch (error) {
    throw new WalletError(
      'NETWORK_UNAVAILABLE',
      'The network could not be reached to check the block height. Review again in a moment.',
      { cause: error },
    );
  }
}

function tokenMints(states: Iterable<AccountState | null>): string[] {
  return [...states].flatMap((state) => (state?.token ? [state.token.mint] : []));
}

/**
 * Reviews `input.transaction` against the quote the person accepted.
 *
 * A transaction that does not do what the quote says is not an error: the report answers it
 * with `accepted: false` and the reasons. Throws INVALID_TRANSACTION when the bytes are not a
 * transaction, NETWORK_UNAVAILABLE when the RPC cannot be reached.
 *
 * @example
 * const report = await reviewTransaction({ transaction: swap.transaction, user, intent,
 *   lastValidBlockHeight: swap.lastValidBlockHeight, connection });
 * if (!report.accepted) show(report.refusals);
 */
export async function reviewTransaction(input: ReviewInput): Promise<ReviewReport> {
  const { connection, user, intent } = input;
  // Read strictly, so the message is the wire's own bytes: its hash, its signatures' check, the
  // simulation and the ticket read the very bytes the service sent (issue 26: web3.js
  // deserialized and serialized them again).
  const { tx, messageBytes } = readWire(input.transaction);
  const message = await decodeMessage(tx, connection, messageBytes);

  const pre = new Map<string, AccountState | null>();
  const optional = [intent.feeAccount, intent.destinationTokenAccount].filter((a) => a !== null);
  // The state before: the message's accounts, the intent's, then the user's output account
  // (its address depends on the output mint's token program).
  // The programs the message invokes are read without their data; an account the message also
  // writes, or that the intent names, is read whole.
  const named = new Set<string>([user, intent.inputMint, intent.outputMint, ...optional]);
  const invoked = new Set<string>(message.instructions.map((i) => i.programId));
  const isProgram = (a: TouchedAccount) =>
    invoked.has(a.address) && !a.writable && !named.has(a.address);
  const readBefore = async (): Promise<Address> => {
    await Promise.all([
      readStates(
        connection,
        [...named, ...message.accounts.filter((a) => !isProgram(a)).map((a) => a.address)],
        pre,
      ),
      readStates(
        connection,
        message.accounts.filter(isProgram).map((a) => a.address),
        pre,
        true,
      ),
    ]);
    const outputProgram = pre.get(intent.outputMint)?.programOwner ?? TOKEN_PROGRAM;
    const destination = (intent.destinationTokenAccount ??
      associatedTokenAddress(intent.outputMint, user, outputProgram)) as Address;
    await readStates(connection, [destination], pre);
    return destination;
  };
  const writable = [
    ...new Set(
      message.accounts.filter((a) => a.writable && isKey(a.address)).map((a) => a.address),
    ),
  ];
  // Independent reads, so they run together: the review's latency is what the person waits.
  // The tokens' ages come with the market facts, read beside all of this; a failed read leaves
  // them unknown, which the fee table reads as older (the lower cap, the person's safe side).
  const [expectedDestination, simulation, blockHeight, firstPools] = await Promise.all([
    readBefore(),
    simulate(connection, input.transaction, writable),
    readBlockHeight(connection),
    (input.firstPools ?? Promise.resolve(new Map<string, number | null>())).catch(
      () => new Map<string, number | null>(),
    ),
  ]);

  // Decimals of every mint met, before or after (a created account's mint too).
  const mintStates = new Map<string, AccountState | null>(pre);
  await readStates(
    connection,
    [...tokenMints(pre.values()), ...tokenMints(simulation.post?.values() ?? [])],
    mintStates,
  );
  const facts = assembleFacts({
    user,
    intent,
    message,
    pre,
    post: simulation.post,
    simulation: simulation.summary,
    blockHeight,
    lastValidBlockHeight: input.lastValidBlockHeight,
    allowJupiter: input.allowJupiter ?? false,
    expectedDestination,
    mintStates,
    tokenSymbols: input.tokenSymbols,
    programLabels: input.programLabels,
    ...(input.serviceTerms ? { terms: input.serviceTerms } : {}),
    ...(input.awaitedCosigners?.length ? { awaitedCosigners: input.awaitedCosigners } : {}),
    ...(input.signedFeePayer === undefined ? {} : { signedFeePayer: input.signedFeePayer }),
    firstPools,
    // The review's own clock, once its reads are in: a token's age is judged as of now.
    reviewedAt: Date.now(),
  });
  return reportOf(facts);
}
