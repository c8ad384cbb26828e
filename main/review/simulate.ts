/**
 * Runs the transaction through the RPC's simulateTransaction without changing it: no
 * signature check (the user has not signed yet) and NOT replacing the blockhash, because the
 * venue's co-signature covers the blockhash and a replaced one would break it (and would
 * review a different transaction than the one signed). The post-state of every writable
 * account comes back base64-encoded.
 */
import { SolanaJSONRPCError, VersionedTransaction } from '@solana/web3.js';
import { WalletError } from '../shared/errors';
import { describeSimulationFailure } from '../swap-api/simulation-failure';
import { describeProgramFailure } from '../swap-api/failing-program';
import { fromSimulatedAccount, type AccountState } from './account-state';
import type { ReviewReads, ReviewSimulationConfig, SimulationSummary } from './types';

export interface SimulationOutcome {
  summary: SimulationSummary;
  /** Post-state by address (writable accounts); null when the simulation failed. */
  post: Map<string, AccountState | null> | null;
}

/** Lines of the logs that say why a program failed, for the words of the reason. */
function failureLines(logs: readonly string[]): string {
  return logs
    .filter((line) => /error|failed|insufficient/i.test(line))
    .slice(-3)
    .join(' | ');
}

function failed(
  errorText: string,
  logs: string[],
  unitsConsumed: number | null,
): SimulationOutcome {
  const detail = failureLines(logs);
  const text = detail === '' ? errorText : `${errorText} (${detail})`;
  // A custom error is named by the program that raised it: a venue's error bubbling up through
  // the aggregator is not the aggregator's error of the same number.
  const raised = describeProgramFailure(logs);
  if (raised !== undefined) {
    return {
      summary: { ok: false, error: errorText, reason: raised.message, logs, unitsConsumed },
      post: null,
    };
  }
  const failure = describeSimulationFailure({ errorCode: 'SIMULATION_ERROR', error: text });
  // describeSimulationFailure speaks of the swap service's test run when it recognises
  // nothing; this run is the wallet's own, so it says so and quotes what the network said.
  const recognised = !failure.reason.startsWith("The swap service's");
  const reason = recognised
    ? failure.reason
    : `it stopped with "${failure.serviceText}". The transaction cannot do what it claims, so it should not be signed; get a fresh quote.`;
  return {
    summary: { ok: false, error: errorText, reason, logs, unitsConsumed },
    post: null,
  };
}

/**
 * Simulates the transaction of `wire`, asking for the post-state of `writable`. Throws
 * NETWORK_UNAVAILABLE when the RPC cannot be reached; an RPC refusal (e.g. an unparseable
 * transaction) is a failed simulation.
 */
export async function simulate(
  connection: Pick<ReviewReads, 'simulateTransaction' | 'simulateWire'>,
  wire: Uint8Array,
  writable: readonly string[],
): Promise<SimulationOutcome> {
  let answer;
  const config: ReviewSimulationConfig = {
    sigVerify: false,
    replaceRecentBlockhash: false,
    commitment: 'confirmed',
    accounts: { encoding: 'base64', addresses: [...writable] },
  };
  try {
    answer = connection.simulateWire
      ? await connection.simulateWire(wire, config)
      : await connection.simulateTransaction(VersionedTransaction.deserialize(wire), config);
  } catch (error) {
    // web3.js reports an RPC error answer as "failed to simulate transaction: <message>".
    const message = error instanceof Error ? error.message : '';
    if (error instanceof SolanaJSONRPCError || message.startsWith('failed to simulate')) {
      return failed(message, [], null);
    }
    throw new WalletError(
      'NETWORK_UNAVAILABLE',
      'The network could not be reached to test-run the transaction. Check the connection and review again.',
      { cause: error },
    );
  }
  const { value } = answer;
  const logs = value.logs ?? [];
  const units = value.unitsConsumed ?? null;
  if (value.err !== null) return failed(JSON.stringify(value.err), logs, units);
  const post = new Map<string, AccountState | null>();
  writable.forEach((address, index) => {
    const account = value.accounts?.[index] ?? null;
    post.set(address, fromSimulatedAccount(account));
  });
  return { summary: { ok: true, error: null, reason: null, logs, unitsConsumed: units }, post };
}
