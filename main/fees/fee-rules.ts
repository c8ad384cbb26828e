/**
 * Which mint's fee account a swap sends to /swap (spec 2.4 and section 8), and the fee split.
 *
 * ExactIn may take the fee in the input or the output mint. The wallet prefers the OUTPUT mint
 * when the integrator has a fee account for it: the fee is then taken from what the swap
 * produced, the quote states the fee in that very mint (platformFee.amount is of the gross
 * output), and the person's spend stays exactly the amount they typed. Otherwise the input
 * mint. ExactOut: the input mint only.
 */
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import type { SwapMode } from '../swap-api/types';

/** The operator's share of a platform fee: 2.5% (250 bps of the fee), rounded down. */
export const OPERATOR_SHARE_BPS = 250;

/** Above this the fees screen warns: common integrator fees are 100 bps or less. */
export const HIGH_FEE_BPS = 100;

/**
 * The integrator's and the operator's parts of a platform fee, as the service splits it.
 * @example splitFee(1000n) // { integrator: 975n, operator: 25n }
 */
export function splitFee(fee: bigint): { integrator: bigint; operator: bigint } {
  const operator = (fee * BigInt(OPERATOR_SHARE_BPS)) / 10_000n;
  return { integrator: fee - operator, operator };
}

/** The warning sentence for a fee above common values, or null. */
export function highFeeWarning(bps: number): string | null {
  return bps > HIGH_FEE_BPS
    ? `${bps} bps (${(bps / 100).toFixed(2)}%) is above the common integrator fees of up to ${HIGH_FEE_BPS} bps; people swapping through you pay it on every swap.`
    : null;
}

/**
 * The fee mint for a swap given which mints have a fee account; throws FEE_ACCOUNT_MISSING.
 *
 * @example feeMintFor({ swapMode: 'ExactIn', inputMint, outputMint }, (m) => m === usdc) // usdc
 */
export function feeMintFor(
  swap: { swapMode: SwapMode; inputMint: Address; outputMint: Address },
  hasAccount: (mint: Address) => boolean,
): Address {
  if (swap.swapMode === 'ExactOut') {
    if (hasAccount(swap.inputMint)) return swap.inputMint;
    throw new WalletError(
      'FEE_ACCOUNT_MISSING',
      `Fees are on, but there is no fee account for the token paid with (${swap.inputMint}). An exact-output swap takes the fee in that token only: set a fee account for it in Fees, or turn fees off.`,
    );
  }
  if (hasAccount(swap.outputMint)) return swap.outputMint;
  if (hasAccount(swap.inputMint)) return swap.inputMint;
  throw new WalletError(
    'FEE_ACCOUNT_MISSING',
    `Fees are on, but there is no fee account for either token of this swap (${swap.inputMint} or ${swap.outputMint}). Set a fee account for one of them in Fees, or turn fees off.`,
  );
}
