import { describe, expect, it } from 'vitest';
import type { Address } from '../../shared/address';
import type { SwapReviewDeps } from '../../tickets/swap-review';
import { quoteSwapFirst } from './merchant-swap-first';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
const SOL = 'So11111111111111111111111111111111111111112' as Address;

/** No service is reached: these refusals come before any quote. */
const unreachable = new Proxy({} as SwapReviewDeps, {
  get: () => {
    throw new Error('the swap service must not be asked');
  },
});

describe('quoteSwapFirst refuses in words before any quote', () => {
  it('when nothing is missing', async () => {
    await expect(
      quoteSwapFirst(unreachable, { payWithMint: SOL, mint: USDC, shortfall: 0n, slippageBps: 50 }),
    ).rejects.toThrow(
      'You hold enough of the token the merchant asks for: review the payment itself.',
    );
  });

  it('when the token to swap from is the one missing', async () => {
    await expect(
      quoteSwapFirst(unreachable, {
        payWithMint: USDC,
        mint: USDC,
        shortfall: 1n,
        slippageBps: 50,
      }),
    ).rejects.toThrow('Pick another token to swap from: this is the token the merchant asks for');
  });
});
