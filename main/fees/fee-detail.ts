/**
 * The platform fee of a quote as the swap screen shows it: amount, bps, the mint the quote
 * states it in, the fee account it lands in, and the 97.5% / 2.5% split.
 */
import type { PlatformFeeDetailView } from '../../preload/api-types';
import type { Quote } from '../swap-api';
import { splitFee } from './fee-rules';
import type { SwapFees } from './fees-service';

/**
 * Null when the quote carries no fee or fees are off.
 *
 * @example platformFeeDetail(quote, stored.extra.fees)?.integratorAmount // '975'
 */
export function platformFeeDetail(
  quote: Quote,
  fees: SwapFees | null | undefined,
): PlatformFeeDetailView | null {
  if (!fees || !quote.platformFee) return null;
  const { amount, feeBps } = quote.platformFee;
  // An ExactIn fee in the input mint is taken from the input before the swap (the quote states
  // the fee of the output, which that swap does not pay).
  const inputSide = quote.swapMode === 'ExactIn' && fees.feeMint === quote.inputMint;
  const taken = inputSide ? (quote.inAmount * BigInt(feeBps)) / 10_000n : amount;
  const { integrator, operator } = splitFee(taken);
  return {
    amount: amount.toString(),
    feeBps,
    // ExactIn quotes state the fee of the gross output; ExactOut quotes, of the input.
    mint: quote.swapMode === 'ExactIn' ? quote.outputMint : quote.inputMint,
    feeAccountMint: fees.feeMint,
    feeAccount: fees.feeAccount,
    feeAccountAmount: taken.toString(),
    integratorAmount: integrator.toString(),
    operatorAmount: operator.toString(),
  };
}
