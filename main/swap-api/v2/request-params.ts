/**
 * The query strings of GET /build and GET /order, checked before any request (official OpenAPI
 * ranges: slippage 0..10000, `maxAccounts` 1..64, `platformFeeBps` with `feeAccount` when
 * positive, `referralFee` 50..255 with `referralAccount`, one destination at most).
 */
import { assertAddress } from '../../shared/address';
import { validateQuoteParams } from '../quote-params';
import { checkInteger, reject } from '../validate-input';
import { encodeQuery } from '../wire-fields';
import type { BuildParams, OrderParams } from './types';

/** Labels comma-separated; an empty list is not sent at all. */
const list = (labels: readonly string[]) =>
  labels.length ? labels.map((label) => label.trim()).join(',') : undefined;

/** GET /build's parameters in the order the wallet has always sent them. */
const BUILD_FIELDS: readonly (keyof BuildParams)[] = [
  'inputMint',
  'outputMint',
  'amount',
  'taker',
  'slippageBps',
  'mode',
  'dexes',
  'excludeDexes',
  'platformFeeBps',
  'feeAccount',
  'maxAccounts',
  'destinationTokenAccount',
  'nativeDestinationAccount',
  'tipAmount',
  'computeUnitPricePercentile',
];

/** GET /order's parameters in the order the wallet has always sent them; ExactIn only. */
const ORDER_FIELDS: readonly (keyof OrderParams | 'swapMode')[] = [
  'inputMint',
  'outputMint',
  'amount',
  'taker',
  'receiver',
  'swapMode',
  'slippageBps',
  'referralAccount',
  'referralFee',
  'priorityFeeLamports',
  'jitoTipLamports',
  'broadcastFeeType',
  'excludeRouters',
  'excludeDexes',
];

/** Throws INVALID_* for a /build request the service would refuse or the wallet must not send. */
export function validateBuildParams(params: BuildParams): void {
  validateQuoteParams({ ...params, swapMode: 'ExactIn' });
  assertAddress(params.taker, 'Your account');
  checkInteger(params.maxAccounts, 'Max accounts', 1, 64);
  if (params.dexes?.length && params.excludeDexes?.length) {
    reject(
      'This swap service takes either venues to use or venues to avoid, not both. Clear one of the two lists.',
    );
  }
  if ((params.platformFeeBps ?? 0) > 0 && params.feeAccount === undefined) {
    reject('A platform fee needs the fee account it is paid into. Set it on the Fees screen.');
  }
  if (params.feeAccount !== undefined) assertAddress(params.feeAccount, 'The fee account');
  if (
    params.destinationTokenAccount !== undefined &&
    params.nativeDestinationAccount !== undefined
  ) {
    reject('A swap pays either a token account or a SOL account, not both.');
  }
  if (params.tipAmount !== undefined && params.tipAmount < 0n) reject('A tip cannot be negative.');
}

/** The query string of GET /build. Call validateBuildParams first. */
export function encodeBuildParams(params: BuildParams): URLSearchParams {
  return encodeQuery(params, BUILD_FIELDS, { dexes: list, excludeDexes: list });
}

/** Throws INVALID_* for an /order request the service would refuse. */
export function validateOrderParams(params: OrderParams): void {
  validateQuoteParams({ ...params, swapMode: 'ExactIn' });
  if (params.taker !== undefined) assertAddress(params.taker, 'Your account');
  if (params.receiver !== undefined) {
    assertAddress(params.receiver, 'The receiver');
    if (params.receiver === params.taker) reject('The receiver must be another wallet than yours.');
  }
  if ((params.referralAccount === undefined) !== (params.referralFee === undefined)) {
    reject(
      'A referral fee needs its referral account, and the account its fee. Set both on the Fees screen.',
    );
  }
  checkInteger(params.referralFee, 'The referral fee (bps)', 50, 255);
  if (params.referralAccount !== undefined)
    assertAddress(params.referralAccount, 'The referral account');
}

/** The query string of GET /order (ExactIn). Call validateOrderParams first. */
export function encodeOrderParams(params: OrderParams): URLSearchParams {
  const exactIn = { ...params, swapMode: 'ExactIn' as const };
  return encodeQuery(exactIn, ORDER_FIELDS, { excludeRouters: list, excludeDexes: list });
}
