/**
 * The Swap API v2's own codes in words (official OpenAPI and docs-v2 "Order & Execute"): an
 * /order answer whose transaction is "" carries `errorCode`, to be read with `router` (the same
 * number means different things for an aggregator and for JupiterZ); /execute answers `code`
 * (0 success, -1..-3 the execute step, -1000..-1004 aggregator, -2000..-2004 market makers).
 * Pure, so tests and screens can reuse it. The service's own text never enters these words.
 */
const AGGREGATOR_ORDER: Record<number, string> = {
  1: 'Your account does not hold enough of the token you pay for this amount. Enter a smaller amount.',
  // The token is there; the SOL for the fee is not (issue 32: not to be worded as code 1).
  2: "Your account does not hold enough SOL to pay this swap's network fee (the token you pay is there). Add a little SOL to your account, then get a fresh quote.",
  3: 'This swap is below the minimum for a gasless swap. Swap a larger amount, or hold some SOL for the network fee.',
};

const RFQ_ORDER: Record<number, string> = {
  1: 'Your account does not hold enough of the token you pay for the market maker to fill this swap. Enter a smaller amount.',
  2: 'A token account this market-maker fill needs does not exist yet. Try again with "Router" as the swap path in Settings, or receive some of the token first.',
  3: 'The market maker quoted a price but could not turn it into a transaction. Get a fresh quote.',
};

/**
 * Why /order quoted but built no transaction, for the person, in the wallet's own words: its
 * `errorMessage` travels apart, as the error's serviceMessage (issue 32).
 */
export function describeOrderError(router: string | null, errorCode: number | null): string {
  const table = router === 'jupiterz' ? RFQ_ORDER : AGGREGATOR_ORDER;
  const known = errorCode === null ? undefined : table[errorCode];
  if (known !== undefined) return known;
  return `The swap service quoted this swap but could not build its transaction${errorCode === null ? '' : ` (error code ${errorCode})`}. Get a fresh quote, or change the amount.`;
}

const EXECUTE: Record<number, string> = {
  [-1]: 'The swap service no longer has this order (it expired or was never made). Nothing was sent; get a fresh quote and approve again.',
  [-2]: 'The swap service could not read the signed transaction. Nothing was sent; get a fresh quote and approve again.',
  [-3]: 'The swap service says the signed message is not the one it built. Nothing was sent; get a fresh quote.',
  [-1000]:
    'The swap did not land on the network in time. Your tokens did not move; get a fresh quote and try again.',
  [-1001]:
    'The swap service hit an unknown error while landing the swap. Check Activity before trying again.',
  [-1002]: 'The swap service says the transaction is invalid. Get a fresh quote and try again.',
  [-1003]:
    'The swap service says the transaction is missing a signature. Get a fresh quote and try again.',
  [-1004]:
    'The transaction expired (its block height passed) before it landed. Get a fresh quote and try again.',
  [-2000]:
    "The market maker's swap did not land on the network in time. Your tokens did not move; get a fresh quote.",
  [-2001]: 'The market maker hit an unknown error. Check Activity before trying again.',
  [-2002]: 'The market maker refused the signed transaction as invalid. Get a fresh quote.',
  [-2003]:
    "The market maker's quote expired before it was filled. Get a fresh quote and approve sooner.",
  [-2004]:
    'The market maker rejected the swap. Get a fresh quote, or choose "Router" as the swap path in Settings.',
};

/** /execute's `code` in words; an unknown code is named, never the service's `error` text. */
export function describeExecuteCode(code: number | null): string {
  const known = code === null ? undefined : EXECUTE[code];
  if (known !== undefined) return known;
  return `The swap service reported that the swap failed${code === null ? '' : ` (code ${code})`}. Check Activity before trying again.`;
}

/** The codes the docs publish, for tests that every one has words. */
export const PUBLISHED_EXECUTE_CODES = Object.keys(EXECUTE).map(Number);
