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
import { sanitizeServiceText } from '../shared/service-message';
import { runtimeErrorWords } from '../shared/runtime-error';
import { fromSimulatedAccount, type AccountState } from './account-state';
import { programName } from './program-ids';
import { shortAddress } from './words';
import type { ReviewReads, ReviewSimulationConfig, SimulationSummary } from './types';

export interface SimulationOutcome {
  summary: SimulationSummary;
  /** Post-state by address (writable accounts); null when the simulation failed. */
  post: Map<string, AccountState | null> | null;
}

/** Lines of the logs that say why a program failed: the network's message, shown apart. */
function failureLines(logs: readonly string[]): string {
  return logs
    .filter((line) => /error|failed|insufficient/i.test(line))
    .slice(-3)
    .join(' | ');
}

// A line the runtime itself writes when a program fails ("Program <id> failed: ..."). A program's
// own lines start "Program log:" or "Program data:" ("l" is not base58), so they never match.
const RUNTIME_FAILED = /^Program ([1-9A-HJ-NP-Za-km-z]{32,44}) failed: /;

/** The innermost program the runtime says failed, by name (or short address). */
function failingProgram(logs: readonly string[]): string | undefined {
  for (const line of logs) {
    const id = RUNTIME_FAILED.exec(line.trim())?.[1];
    if (id === undefined) continue;
    const name = programName(id);
    return name === 'Unknown program' ? `the program ${shortAddress(id)}` : `the ${name} program`;
  }
  return undefined;
}

/**
 * Why the network stopped the run, in the wallet's own words, from the error's structure and
 * the runtime's own "failed" line: never the text of a log line or of the RPC's message.
 */
function ownWords(err: unknown, logs: readonly string[]): string {
  const stopped = runtimeErrorWords(err);
  const program = failingProgram(logs);
  const what =
    stopped === undefined
      ? 'the network refused to run it'
      : program === undefined
        ? stopped
        : `${stopped}, raised by ${program}`;
  return `${what}. The transaction cannot do what it claims, so it should not be signed; get a fresh quote.`;
}

/**
 * A failed run. The reason is the wallet's own sentence; what the network said (the RPC's error
 * text and the failing log lines, which a program of the transaction writes as it likes: a
 * swap service or merchant that built it chooses them) rides apart as `networkMessage`,
 * sanitized, for the "Show the network's message" disclosure (issue 32).
 */
function failed(
  err: unknown,
  errorText: string,
  logs: string[],
  unitsConsumed: number | null,
): SimulationOutcome {
  const detail = failureLines(logs);
  const text = detail === '' ? errorText : `${errorText} (${detail})`;
  const said = sanitizeServiceText(text);
  const base = {
    ok: false,
    error: sanitizeServiceText(errorText),
    logs,
    unitsConsumed,
    ...(said === '' ? {} : { networkMessage: said }),
  };
  // A custom error is named by the program that raised it: a venue's error bubbling up through
  // the aggregator is not the aggregator's error of the same number.
  const raised = describeProgramFailure(logs);
  if (raised !== undefined) {
    return { summary: { ...base, reason: raised.message }, post: null };
  }
  const failure = describeSimulationFailure({ errorCode: 'SIMULATION_ERROR', error: text });
  // describeSimulationFailure speaks of the swap service's test run when it recognises
  // nothing; this run is the wallet's own, so it says what stopped it, in its own words.
  const recognised = !failure.reason.startsWith("The swap service's");
  const reason = recognised ? failure.reason : ownWords(err, logs);
  return { summary: { ...base, reason }, post: null };
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
      return failed(undefined, message, [], null);
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
  if (value.err !== null) return failed(value.err, JSON.stringify(value.err), logs, units);
  const post = new Map<string, AccountState | null>();
  writable.forEach((address, index) => {
    const account = value.accounts?.[index] ?? null;
    post.set(address, fromSimulatedAccount(account));
  });
  return { summary: { ok: true, error: null, reason: null, logs, unitsConsumed: units }, post };
}
