/**
 * Turns an unsigned /swap transaction into a review report: decode (lookup tables resolved
 * through the RPC), read the accounts before, simulate to read them after, compute the
 * person's balance changes, and run the guard against the quote they accepted.
 */
import { PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import { fromAccountInfo, type AccountState } from './account-state';
import { assembleFacts, reportOf } from './assemble';
import { decodeMessage, parseWire } from './message';
import { TOKEN_PROGRAM } from './program-ids';
import { simulate } from './simulate';
import type { ReviewConnection, ReviewInput, ReviewReport } from './types';

const BATCH = 100; // getMultipleAccounts takes at most 100 keys

const isKey = (address: string) => !address.includes(':'); // placeholders of unread tables

async function readStates(
  connection: Pick<ReviewConnection, 'getMultipleAccountsInfo'>,
  addresses: readonly string[],
  into: Map<string, AccountState | null>,
): Promise<void> {
  const wanted = [...new Set(addresses)].filter((address) => isKey(address) && !into.has(address));
  for (let start = 0; start < wanted.length; start += BATCH) {
    const batch = wanted.slice(start, start + BATCH);
    let infos;
    try {
      infos = await connection.getMultipleAccountsInfo(
        batch.map((address) => new PublicKey(address)),
        'confirmed',
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
}

async function readBlockHeight(
  connection: Pick<ReviewConnection, 'getBlockHeight'>,
): Promise<number> {
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
  const tx = parseWire(input.transaction);
  const message = await decodeMessage(tx, connection);

  const pre = new Map<string, AccountState | null>();
  const optional = [intent.feeAccount, intent.destinationTokenAccount].filter((a) => a !== null);
  // The state before: the message's accounts, the intent's, then the user's output account
  // (its address depends on the output mint's token program).
  const readBefore = async (): Promise<Address> => {
    await readStates(
      connection,
      [
        user,
        intent.inputMint,
        intent.outputMint,
        ...optional,
        ...message.accounts.map((a) => a.address),
      ],
      pre,
    );
    const outputProgram = pre.get(intent.outputMint)?.programOwner ?? TOKEN_PROGRAM;
    const destination = (intent.destinationTokenAccount ??
      getAssociatedTokenAddressSync(
        new PublicKey(intent.outputMint),
        new PublicKey(user),
        true,
        new PublicKey(outputProgram),
      ).toBase58()) as Address;
    await readStates(connection, [destination], pre);
    return destination;
  };
  const writable = [
    ...new Set(
      message.accounts.filter((a) => a.writable && isKey(a.address)).map((a) => a.address),
    ),
  ];
  // Independent reads, so they run together: the review's latency is what the person waits.
  const [expectedDestination, simulation, blockHeight] = await Promise.all([
    readBefore(),
    simulate(connection, tx, writable),
    readBlockHeight(connection),
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
  });
  return reportOf(facts);
}
