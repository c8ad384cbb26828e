/**
 * A quote as the renderer sees it (swap.quote, and inside a payment plan), with the platform fee
 * it carries. Shared by the swap, pay and fees domains, so it lives here and not in one of them.
 */

export type SwapModeName = 'ExactIn' | 'ExactOut';

export interface RouteHopView {
  ammKey: string;
  /** Venue name, e.g. "Whirlpool"; null when the service did not name it. */
  label: string | null;
  inputMint: string;
  outputMint: string;
  inAmount: string;
  outAmount: string;
  /** The venue's fee for this hop; null when the service did not report it (since 2025). */
  feeAmount: string | null;
  feeMint: string | null;
  /** Share of the token this hop spends, 0..100 (may have decimals: 29.5). */
  percent: number;
}

/** A quote as the renderer sees it; main keeps the service's raw answer under `quoteId`. */
export interface QuoteView {
  quoteId: string;
  inputMint: string;
  outputMint: string;
  swapMode: SwapModeName;
  inAmount: string;
  outAmount: string;
  /** ExactIn: minimum received. ExactOut: maximum spent. */
  otherAmountThreshold: string;
  /** Set for ExactIn (= otherAmountThreshold), else null. */
  minimumReceived: string | null;
  /** Set for ExactOut (= otherAmountThreshold), else null. */
  maximumSpent: string | null;
  slippageBps: number;
  /** Present when auto slippage was asked for and the service computed one. */
  computedAutoSlippageBps: number | null;
  /**
   * Set on a gasless /order (Best price, under 0.01 SOL), asked without the person's slippage:
   * `slippageBps` is the swap service's choice, held to `capBps`, the person's (issue 32).
   */
  slippageChosenByService?: { capBps: number } | null;
  /**
   * A fraction as numeric text: positive, a cost to the person (as /quote sends it); negative,
   * a gain (an /order's positive `priceImpact`, issue 32).
   */
  priceImpactPct: string;
  platformFee: { amount: string; feeBps: number } | null;
  /** With fees on (issue 6): the fee, its mint, the fee account and the 97.5/2.5 split. */
  platformFeeDetail?: PlatformFeeDetailView | null;
  /**
   * The swap service's own fee as its answer states it (Jupiter's platform fee by pair on an
   * /order, issue 22), never the integrator's: `amount` in `mint` (null: not named). An answer
   * that states the rate alone has `amount` null (shown as its rate, never as "0", issue 32).
   */
  serviceFee?: { by: string; feeBps: number; amount: string | null; mint: string | null } | null;
  route: RouteHopView[];
  /** The slot the service computed the quote at; null when it did not say. */
  contextSlot: number | null;
  /** Seconds the wallet waited for the swap service's rate limit before this quote; null if none. */
  rateLimitWaitSeconds?: number | null;
  /** ISO-8601 time the quote arrived. */
  quotedAt: string;
  /** ISO-8601 time after which swap.review refuses this quote id (ask for a fresh quote). */
  expiresAt: string;
}

/** The fee a quote carries, with the split the service applies. */
export interface PlatformFeeDetailView {
  amount: string;
  feeBps: number;
  /** The mint the quote states the amount in (ExactIn: output, ExactOut: input). */
  mint: string;
  /** The mint of the configured fee account /swap will be given. */
  feeAccountMint: string;
  feeAccount: string;
  /**
   * The fee in the fee account's mint: the quote's amount, except for an ExactIn fee taken in
   * the input mint, where it is feeBps of the input amount (rounded down).
   */
  feeAccountAmount: string;
  /** 97.5% of feeAccountAmount (minus the operator's share): what the fee account receives. */
  integratorAmount: string;
  /** 2.5% of feeAccountAmount, rounded down, as the service keeps it. */
  operatorAmount: string;
}
