/**
 * The query strings of GET /build and GET /order, checked before any request (official OpenAPI
 * ranges: slippage 0..10000, `maxAccounts` 1..64, `platformFeeBps` with `feeAccount` when
 * positive, `referralFee` 50..255 with `referralAccount`, one destination at most).
 */
import { assertAddress } from '../../shared/address';
import { queryWriter, validateQuoteParams } from '../quote-params';
import { checkInteger, reject } from '../validate-input';
import type { BuildParams, OrderParams } from './types';

const list = (labels: readonly string[] | undefined) =>
  labels?.length ? labels.map((label) => label.trim()).join(',') : undefined;

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

export function encodeBuildParams(params: BuildParams): URLSearchParams {
  const { query: q, put } = queryWriter();
  put('inputMint', params.inputMint);
  put('outputMint', params.outputMint);
  put('amount', params.amount);
  put('taker', params.taker);
  put('slippageBps', params.slippageBps);
  put('mode', params.mode);
  put('dexes', list(params.dexes));
  put('excludeDexes', list(params.excludeDexes));
  put('platformFeeBps', params.platformFeeBps);
  put('feeAccount', params.feeAccount);
  put('maxAccounts', params.maxAccounts);
  put('destinationTokenAccount', params.destinationTokenAccount);
  put('nativeDestinationAccount', params.nativeDestinationAccount);
  put('tipAmount', params.tipAmount);
  put('computeUnitPricePercentile', params.computeUnitPricePercentile);
  return q;
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

export function encodeOrderParams(params: OrderParams): URLSearchParams {
  const { query: q, put } = queryWriter();
  put('inputMint', params.inputMint);
  put('outputMint', params.outputMint);
  put('amount', params.amount);
  put('taker', params.taker);
  put('receiver', params.receiver);
  put('swapMode', 'ExactIn');
  put('slippageBps', params.slippageBps);
  put('referralAccount', params.referralAccount);
  put('referralFee', params.referralFee);
  put('priorityFeeLamports', params.priorityFeeLamports);
  put('jitoTipLamports', params.jitoTipLamports);
  put('broadcastFeeType', params.broadcastFeeType);
  put('excludeRouters', list(params.excludeRouters));
  put('excludeDexes', list(params.excludeDexes));
  return q;
}
