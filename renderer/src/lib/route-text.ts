/**
 * Words for a route step's venue and venue fee. Today's swap service may leave both out (the
 * hop fee was deprecated and dropped in 2025; the venue name is optional in its schema), and a
 * screen must then say so plainly rather than show a blank or fail.
 */
import type { TokenInfo } from '../../../preload/api-types';
import { formatTokenAmount } from './token-display';
import { findToken } from '../stores/tokens-store';

/** Shown where the service did not name a step's venue. */
export const UNNAMED_VENUE = 'Venue not named by the swap service';

/** Shown where the service did not report a step's venue fee. */
export const FEE_NOT_REPORTED = 'venue fee not reported by the swap service';

/** A step's venue fee with its token, or that the service did not report it. */
export function venueFeeText(
  fee: { amount: string | null; mint: string | null },
  tokens: readonly TokenInfo[],
): string {
  if (fee.amount === null || fee.mint === null) return FEE_NOT_REPORTED;
  return `venue fee ${formatTokenAmount(fee.amount, findToken(tokens, fee.mint), fee.mint)}`;
}

/** The same for a route hop of a quote. */
export function hopFeeText(
  hop: { feeAmount: string | null; feeMint: string | null },
  tokens: readonly TokenInfo[],
): string {
  return venueFeeText({ amount: hop.feeAmount, mint: hop.feeMint }, tokens);
}
