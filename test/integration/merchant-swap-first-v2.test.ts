/**
 * From any token (issue 34 point 4) on a swap service with exact input only (the Swap API v2,
 * `--api-shape v2`): a person short of the token a merchant's transaction pays in swaps the
 * smallest exact input whose wallet minimum covers the shortfall into it first (the sizing of
 * an exact payment on v2, main/pay/exact-in-sizing.ts), from USDC, from a Token-2022 token
 * (PYUSD) and from SOL, each swap reviewed and approved on its own; then the merchant is asked
 * again and paid, and checks the payment with @solana/pay's findReference + validateTransfer
 * (merchant-swap-first-flow.ts).
 */
import { describe, it } from 'vitest';
import { payThroughSwapFirst } from './merchant-swap-first-flow';
import { faucet, PYUSD, SOL, USDC, usePaySession } from './pay-helpers';

// 1.5 USDC: enough to swap into the PYUSD item, too little for the 2.5 USDC item.
const pay = usePaySession('merchant-swap-first-v2', {
  sandboxArgs: ['--api-shape', 'v2'],
  payerUsdc: 1_500_000n,
});

describe('paying a merchant in a token the payer lacks (Swap API v2, exact input)', () => {
  it('swaps USDC into the PYUSD missing, then pays the Token-2022 item', async () => {
    await payThroughSwapFirst(pay, 'pyusd', USDC, 'exact-in');
  });

  it('swaps PYUSD (Token-2022) into the USDC missing, then pays the USDC item', async () => {
    await faucet(pay.sandbox, pay.payer, PYUSD, 10_000_000n);
    await payThroughSwapFirst(pay, 'usdc', PYUSD, 'exact-in');
  });

  it('swaps SOL into the USDC missing, then pays the USDC item', async () => {
    await payThroughSwapFirst(pay, 'usdc', SOL, 'exact-in');
  });
});
