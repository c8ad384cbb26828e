/**
 * Below this balance the swap service may pay an /order's network costs: Jupiter's docs
 * (docs-v2, "Gasless": automatic gasless applies when the "Taker has less than 0.01 SOL").
 * The wallet asks such an order plainly (tickets/v2/swap-v2.ts) and the sandbox serves it
 * gasless (sandbox/swap-api/order-payer.ts): one figure for both sides.
 */
export const GASLESS_BELOW_LAMPORTS = 10_000_000n;
