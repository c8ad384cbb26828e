/**
 * The SOL-first step of a payment without SOL (issue 32, main/pay/sol-first.ts): a swap of a
 * little of the token into SOL on the Best price path (GET /order), whatever path the person
 * chose for swaps, because only /order is gasless. Asked plainly by a person under 0.01 SOL, the
 * service's gas payer pays its network costs; it is reviewed like any /order swap.
 */
import type { Address } from '../../shared/address';
import type { ReviewTicket } from '../issue-ticket';
import type { SwapReviewDeps } from '../swap-review';
import { quoteSwapV2, reviewAnySwap } from './swap-v2';
import type { SwapV2Deps } from './v2-types';

const SOL = 'So11111111111111111111111111111111111111112' as Address;

/** The person's slippage for this small swap: 1%, so that a quiet pool never fails it. */
const SLIPPAGE_BPS = 100;

/**
 * Quotes the swap of `amount` of `inputMint` into SOL on /order and reviews it: a swap ticket.
 * @example const ticket = await swapForFee({ ...deps, v2 }, { inputMint: USDC, amount: 6_000_000n });
 */
export async function swapForFee(
  deps: SwapReviewDeps & { v2: SwapV2Deps },
  swap: { inputMint: Address; amount: bigint },
): Promise<ReviewTicket> {
  const onOrder = { ...deps, v2: { ...deps.v2, swapPath: async () => 'meta-aggregator' as const } };
  const stored = await quoteSwapV2(onOrder, {
    inputMint: swap.inputMint,
    outputMint: SOL,
    amount: swap.amount.toString(),
    slippage: { bps: SLIPPAGE_BPS },
  });
  return reviewAnySwap(onOrder, stored.id);
}
