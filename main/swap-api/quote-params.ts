/**
 * GET /quote parameters: validated before any request, then encoded exactly as the service
 * reads them (SWAP-API-SPEC 4.1, API-NOTES): amount as a decimal integer string, booleans as
 * 'true'/'false', venue lists comma-separated, unset parameters left out.
 */
import { assertAddress } from '../shared/address';
import { WalletError } from '../shared/errors';
import { U64_MAX } from '../shared/amount';
import type { QuoteParams } from './types';
import { checkBooleans, checkInteger, reject } from './validate-input';
import { capabilitiesOf, type SwapApiFlavour } from './api-flavour';
import { encodeQuery } from './wire-fields';

/** Transactions address at most 256 accounts; the service's own cap is lower (default 64). */
const MAX_ACCOUNTS_CEILING = 256;
const MAX_VENUE_LABEL = 100;

function checkVenues(list: unknown, what: string): void {
  if (list === undefined) return;
  if (!Array.isArray(list) || list.length === 0) reject(`${what} must list at least one venue.`);
  for (const label of list) {
    // A comma would split one label into two on the wire.
    if (
      typeof label !== 'string' ||
      label.trim() === '' ||
      label.includes(',') ||
      label.length > MAX_VENUE_LABEL
    ) {
      reject(`${what} holds a venue name that is empty, too long or contains a comma.`);
    }
  }
}

/**
 * Throws a WalletError (INVALID_ADDRESS, INVALID_AMOUNT or INVALID_SWAP_REQUEST) for any
 * parameter the service would reject or the wallet must not send.
 */
export function validateQuoteParams(params: QuoteParams): void {
  assertAddress(params.inputMint, 'The token you pay');
  assertAddress(params.outputMint, 'The token you receive');
  if (params.inputMint === params.outputMint) {
    reject('You pay and receive the same token. Choose a different token to receive.');
  }
  if (typeof params.amount !== 'bigint' || params.amount <= 0n) {
    throw new WalletError('INVALID_AMOUNT', 'Enter an amount greater than zero.');
  }
  if (params.amount > U64_MAX) {
    throw new WalletError('INVALID_AMOUNT', 'The amount is larger than any token balance can be.');
  }
  if (
    params.swapMode !== undefined &&
    params.swapMode !== 'ExactIn' &&
    params.swapMode !== 'ExactOut'
  ) {
    reject('The swap mode must be ExactIn or ExactOut.');
  }
  checkInteger(params.slippageBps, 'Slippage (bps)', 0, 10_000);
  checkInteger(params.platformFeeBps, 'The platform fee (bps)', 0, 10_000);
  checkInteger(params.maxAutoSlippageBps, 'Maximum auto slippage (bps)', 0, 10_000);
  checkInteger(params.maxAccounts, 'Max accounts', 1, MAX_ACCOUNTS_CEILING);
  if (params.maxAccounts !== undefined && params.swapMode === 'ExactOut') {
    reject(
      '"Max accounts" cannot be used with an exact-output swap (the service rejects it). Clear it.',
    );
  }
  checkVenues(params.dexes, 'Venues to use');
  checkVenues(params.excludeDexes, 'Venues to avoid');
  checkBooleans(params, {
    restrictIntermediateTokens: 'Restrict intermediate tokens',
    onlyDirectRoutes: 'Direct routes only',
    asLegacyTransaction: 'Legacy transaction',
    autoSlippage: 'Auto slippage',
  });
  const usd = params.autoSlippageCollisionUsdValue;
  if (usd !== undefined && (typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0)) {
    reject('The auto-slippage USD value must be a number of zero or more.');
  }
}

/**
 * Refuses options the service of `flavour` does not take, before any request: sending them
 * would be ignored (or refused) while the screen says they apply.
 */
export function checkQuoteParamsFor(params: QuoteParams, flavour: SwapApiFlavour): void {
  const can = capabilitiesOf(flavour);
  const name = flavour === 'swap-v2' ? 'Swap API v2' : flavour === 'swap-v1' ? 'swap/v1' : 'v6';
  if (
    !can.autoSlippage &&
    (params.autoSlippage === true ||
      params.maxAutoSlippageBps !== undefined ||
      params.autoSlippageCollisionUsdValue !== undefined)
  ) {
    reject(
      `This swap service (${name}) has no automatic slippage with a maximum. Set a fixed slippage.`,
    );
  }
  if (!can.dexesWithExclude && params.dexes?.length && params.excludeDexes?.length) {
    reject(
      'This swap service takes either venues to use or venues to avoid, not both. Clear one of the two lists.',
    );
  }
  if (!can.exactOut && params.swapMode === 'ExactOut') {
    reject(
      `This swap service (${name}) quotes only an exact input amount (ExactIn). Enter what you pay instead.`,
    );
  }
  if (
    !can.routeShapeOptions &&
    (params.onlyDirectRoutes !== undefined || params.restrictIntermediateTokens !== undefined)
  ) {
    reject(
      `This swap service (${name}) has no "Direct routes only" or intermediate-token option. Turn it off.`,
    );
  }
  if (!can.legacyTransaction && params.asLegacyTransaction === true) {
    reject(
      `This swap service (${name}) builds only versioned transactions. Turn "Legacy transaction" off.`,
    );
  }
  if (flavour === 'swap-v2' && params.maxAccounts !== undefined && params.maxAccounts > 64) {
    reject(`This swap service (${name}) takes "Max accounts" from 1 to 64. Lower it.`);
  }
}

/** GET /quote's parameters in the spec's order. */
const QUOTE_FIELDS: readonly (keyof QuoteParams)[] = [
  'inputMint',
  'outputMint',
  'amount',
  'slippageBps',
  'swapMode',
  'dexes',
  'excludeDexes',
  'restrictIntermediateTokens',
  'onlyDirectRoutes',
  'asLegacyTransaction',
  'platformFeeBps',
  'maxAccounts',
  'autoSlippage',
  'maxAutoSlippageBps',
  'autoSlippageCollisionUsdValue',
];

/** Venue labels as the service reads them: trimmed, comma-separated. */
const venueList = (labels: readonly string[]) => labels.map((label) => label.trim()).join(',');

/**
 * The query string of GET /quote, in the spec's parameter order. Call validateQuoteParams first.
 * @example encodeQuoteParams({ inputMint, outputMint, amount: 1_000_000n }).toString()
 */
export function encodeQuoteParams(params: QuoteParams): URLSearchParams {
  return encodeQuery(params, QUOTE_FIELDS, { dexes: venueList, excludeDexes: venueList });
}
