/**
 * Why a transaction failed, in words a person can act on: the swap program's own errors
 * through main/swap-api's decoder, then the runtime errors people meet most (fees, balances,
 * an expired blockhash), then a generic sentence that still says what happened to the funds.
 * The network's own text never goes in the sentence (issue 32): failureDetail carries it apart.
 */
import { decodeSwapProgramError } from '../swap-api';
import { runtimeErrorWords } from '../shared/runtime-error';
import { sanitizeServiceText } from '../shared/service-message';

/** Short text of an RPC error value ({ InstructionError: [2, { Custom: 6001 }] } etc.). */
function textOf(error: unknown): string {
  if (typeof error === 'string') return error;
  try {
    return JSON.stringify(error) ?? String(error);
  } catch {
    return String(error);
  }
}

const KNOWN: [RegExp, string][] = [
  [
    /ComputationalBudgetExceeded|exceeded CUs meter|computational budget exceeded/i,
    'The transaction ran out of compute units before it finished. Get a fresh quote; if it repeats, try a simpler route or another token.',
  ],
  [
    /InsufficientFundsForFee|InsufficientFundsForRent|no record of a prior credit|AccountNotFound/i,
    'The account does not hold enough SOL for the network fee and rent. Add SOL and get a fresh quote.',
  ],
  [
    /BlockhashNotFound|Blockhash not found/i,
    'The transaction reached the network after its blockhash expired. Get a fresh quote and try again.',
  ],
  [
    /AlreadyProcessed|already been processed/i,
    'The network has already processed this transaction once; it was not run again.',
  ],
  [
    /insufficient (funds|lamports)|"Custom":1\}/i,
    'The account does not hold enough of the token you pay. Lower the amount or add funds.',
  ],
];

/**
 * A sentence for a transaction that the network ran and failed (`onChain`: a fee was charged,
 * nothing else changed) or refused before running it (`onChain` false: nothing was charged).
 *
 * @example failureWords({ InstructionError: [3, { Custom: 6001 }] }, true) // 'The price moved beyond...'
 */
export function failureWords(error: unknown, onChain: boolean): string {
  const text = textOf(error).slice(0, 2_000);
  const program = decodeSwapProgramError(error) ?? decodeSwapProgramError(text);
  const outcome = onChain
    ? 'The network fee was charged; nothing was swapped.'
    : 'Nothing was sent and nothing was charged.';
  if (program) return `${program.message} ${outcome}`;
  for (const [pattern, words] of KNOWN) {
    if (pattern.test(text)) return `${words} ${outcome}`;
  }
  // Only the error's structure is put in words: its text (an RPC's message, log lines a
  // program writes as it likes) is never ours to say (issue 32); see failureDetail.
  const stopped = runtimeErrorWords(error);
  return `The transaction failed on the network${stopped === undefined ? '' : `: ${stopped}`}. ${outcome} Get a fresh quote and try again.`;
}

/**
 * What the network said about a refused send (its error message and the failing log lines, the
 * last three), sanitized for the "Show the service's message" disclosure; undefined when empty.
 * @example failureDetail('Transaction simulation failed: ...', ['Program log: Error: ...'])
 */
export function failureDetail(message: string, logs: readonly string[] = []): string | undefined {
  const lines = logs.filter((line) => /error|failed|insufficient/i.test(line)).slice(-3);
  const said = sanitizeServiceText([message, ...lines].join(' | '));
  return said === '' ? undefined : said;
}

/** Said when a transaction was not included before its last valid block height. */
export function expiredWords(sent: boolean): string {
  return sent
    ? 'The network did not include the transaction before its blockhash expired, so it can no longer land. Nothing was swapped and nothing was charged. Get a fresh quote and try again.'
    : 'Swapdesk closed before the transaction was sent, and it has expired since. Nothing was swapped and nothing was charged. Get a fresh quote and try again.';
}
