/**
 * From any token (issue 34 point 4): the swap that comes before a merchant's transaction when
 * the person holds too little of the token it pays in. The swap is an ordinary swap (a quote
 * in the swaps' book, reviewed by swap.review and approved by swap.approve: on its own), of the
 * token the person picked into the paid token, sized as an exact payment is (pay-service.ts):
 *
 * - a service with exact output (v6, Swap API v1): an ExactOut quote of exactly the shortfall;
 *   the most it spends is the quote's threshold;
 * - the Swap API v2 (exact input only): the smallest exact input whose wallet minimum, less a
 *   Token-2022 transfer fee on delivery, still covers the shortfall (exact-in-sizing.ts, the
 *   sizing of an exact payment on v2); the most it spends is that input.
 *
 * Then the merchant is asked again (a fresh POST) and its new transaction reviewed.
 */
import { unpackMint } from '@solana/spl-token';
import { PublicKey } from '@solana/web3.js';
import type { Address } from '../../shared/address';
import { WalletError } from '../../shared/errors';
import { networkUnreachable } from '../../shared/network-unreachable';
import { capabilitiesOf } from '../../swap-api/api-flavour';
import type { StoredQuote } from '../../tickets/quote-book';
import type { SwapExtras, SwapReviewDeps } from '../../tickets/swap-review';
import { quoteAnySwap } from '../../tickets/v2/swap-v2';
import { deliveryFeeOf, NO_DELIVERY_FEE, sizeExactIn, type SizingTarget } from '../exact-in-sizing';

/** The swap before a merchant's payment, quoted and sized. */
export interface SwapFirst {
  stored: StoredQuote<SwapExtras>;
  /** The most of the token picked the swap can spend (base units), shown before signing. */
  maxSpend: bigint;
  /** How the swap was sized: exact output, or the smallest covering exact input (v2). */
  sizing: 'exact-out' | 'exact-in';
}

const unreachable = networkUnreachable(
  'The network could not be reached to read the token the merchant asks for. Check the connection and try again.',
);

/** The fee the paid token's mint withholds when the swap delivers it (Token-2022), else none. */
async function deliveryFeeFor(
  deps: SwapReviewDeps,
  mint: Address,
): Promise<SizingTarget['deliveryFee']> {
  const key = new PublicKey(mint);
  const [info] = await deps.connection
    .getMultipleAccountsInfo([key], 'confirmed')
    .catch(unreachable);
  if (!info) {
    throw new WalletError('TOKEN_NOT_FOUND', `The token ${mint} does not exist on this network.`);
  }
  try {
    return deliveryFeeOf(unpackMint(key, info, info.owner));
  } catch {
    return NO_DELIVERY_FEE;
  }
}

/**
 * Quotes the swap of `payWithMint` into `mint` that covers `shortfall` (base units of `mint`).
 * Throws INVALID_SWAP_REQUEST (nothing to swap, or the same token), NO_ROUTE in words,
 * NETWORK_UNAVAILABLE, and the swap service's errors.
 *
 * @example const first = await quoteSwapFirst(swap.review, { payWithMint, mint, shortfall, slippageBps: 100 });
 */
export async function quoteSwapFirst(
  deps: SwapReviewDeps,
  input: { payWithMint: Address; mint: Address; shortfall: bigint; slippageBps: number },
): Promise<SwapFirst> {
  const { payWithMint, mint, shortfall, slippageBps } = input;
  if (shortfall <= 0n) {
    throw new WalletError(
      'INVALID_SWAP_REQUEST',
      'You hold enough of the token the merchant asks for: review the payment itself.',
    );
  }
  if (payWithMint === mint) {
    throw new WalletError(
      'INVALID_SWAP_REQUEST',
      'Pick another token to swap from: this is the token the merchant asks for, which you lack.',
    );
  }
  const request = (amount: bigint, swapMode: 'ExactIn' | 'ExactOut') => ({
    inputMint: payWithMint,
    outputMint: mint,
    amount: amount.toString(),
    swapMode,
    slippage: { bps: slippageBps },
  });
  if (capabilitiesOf(deps.network.swapApiFlavour).exactOut) {
    const stored = await quoteAnySwap(deps, request(shortfall, 'ExactOut'));
    return { stored, maxSpend: stored.quote.otherAmountThreshold, sizing: 'exact-out' };
  }
  const target: SizingTarget = { needed: shortfall, deliveryFee: await deliveryFeeFor(deps, mint) };
  // The first estimate: what the shortfall fetches the other way (GET /order without a taker,
  // as the exact payments' estimate on v2, exact-in-plan.ts).
  const estimate = await estimateInput(deps, payWithMint, mint, shortfall, slippageBps);
  const quoteAt = async (amount: bigint) => {
    const stored = await quoteAnySwap(deps, request(amount, 'ExactIn'));
    return { ...stored.quote, stored };
  };
  const sized = await sizeExactIn(quoteAt, estimate, target);
  return { stored: sized.quote.stored, maxSpend: sized.quote.inAmount, sizing: 'exact-in' };
}

/** The reverse quote's output: how much of `payWithMint` the shortfall is worth, roughly. */
async function estimateInput(
  deps: SwapReviewDeps,
  payWithMint: Address,
  mint: Address,
  shortfall: bigint,
  slippageBps: number,
): Promise<bigint> {
  if (deps.v2 === undefined) return shortfall;
  const client = await deps.v2.client();
  const answer = await client.order({
    inputMint: mint,
    outputMint: payWithMint,
    amount: shortfall,
    slippageBps,
  });
  return answer.quote.outAmount;
}
