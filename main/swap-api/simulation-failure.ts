/**
 * A /swap answer whose `simulationError` is set must not be signed (API-NOTES). This turns the
 * service's `{ errorCode, error }` into words, decoding the swap program's error when the text
 * carries one. The reason is always the wallet's own sentence; the service's text is kept apart
 * (serviceText, sanitized) for the "Show the service's message" disclosure (issue 32).
 */
import type { SimulationFailure } from './types';
import { decodeSwapProgramError } from './program-errors';
import { describeProgramFailure } from './failing-program';
import { sanitizeServiceCode, sanitizeServiceText } from './service-text';

/** Runtime (not swap program) failures seen in simulation text, in words. */
const RUNTIME_ERRORS: readonly [RegExp, string][] = [
  [
    /ComputationalBudgetExceeded|exceeded CUs meter|computational budget exceeded|exceeded maximum compute/i,
    'The transaction ran out of compute units: its compute-unit limit is lower than what its instructions need, so the network would stop it (and still charge the fee). Get a fresh quote; if it repeats, try a simpler route (direct routes only) or another token.',
  ],
  [
    /AccountNotFound|no record of a prior credit/,
    'The paying account does not exist on this network yet (it has never held SOL). Add SOL to it for the network fee, then get a fresh quote.',
  ],
  [
    /InsufficientFundsForFee/,
    'There is not enough SOL to pay the network fee. Add SOL and try again.',
  ],
  [
    /InsufficientFundsForRent/,
    'There is not enough SOL left to keep the token accounts of this swap open (rent). Add SOL, or swap a smaller amount.',
  ],
  [
    /insufficient (lamports|funds)/i,
    'The account does not hold enough for this swap (token or SOL for fees and rent). Lower the amount or add funds.',
  ],
  [
    /BlockhashNotFound|Blockhash not found/i,
    'The transaction expired before it could be checked. Get a fresh quote and try again.',
  ],
];

/**
 * Describes a simulation error from the service. `error` may be an object with errorCode and
 * error text, or bare text. `redact` removes secrets (the API key) from the service's text.
 * @example describeSimulationFailure({ errorCode: 'TRANSACTION_ERROR', error: 'custom program error: 0x1771' }).reason
 */
export function describeSimulationFailure(
  error: unknown,
  redact: (text: string) => string = (text) => text,
): SimulationFailure {
  const record =
    typeof error === 'object' && error !== null ? (error as Record<string, unknown>) : {};
  const rawText = typeof error === 'string' ? error : record.error;
  const serviceCode = sanitizeServiceCode(record.errorCode) ?? 'SIMULATION_ERROR';
  const serviceText = sanitizeServiceText(
    redact(
      typeof rawText === 'string' ? rawText : rawText === undefined ? '' : JSON.stringify(rawText),
    ),
  );
  // Where the service quotes the logs, the program that raised the error is named.
  const named =
    typeof rawText === 'string' ? describeProgramFailure(rawText.split(/\n|\s+\|\s+/)) : undefined;
  if (named !== undefined) {
    return {
      serviceCode,
      serviceText,
      ...(named.byAggregator ? { programError: named.code } : {}),
      reason: named.message,
    };
  }
  const program =
    decodeSwapProgramError(typeof rawText === 'string' ? rawText : undefined) ??
    decodeSwapProgramError(rawText) ??
    decodeSwapProgramError(record.errorCode);
  if (program !== undefined) {
    return { serviceCode, serviceText, programError: program.code, reason: program.message };
  }
  const known = RUNTIME_ERRORS.find(([pattern]) => pattern.test(serviceText));
  if (known !== undefined) return { serviceCode, serviceText, reason: known[1] };
  // The service's text is not quoted (issue 32): it rides as serviceText, shown apart.
  return {
    serviceCode,
    serviceText,
    reason: `The swap service's own test run of this transaction failed (${serviceCode}), so it cannot be signed. Get a fresh quote and try again.`,
  };
}
