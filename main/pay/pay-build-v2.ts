/**
 * The swap half of an exact-input payment on the Swap API v2 (issue 22 point 3): GET /build for
 * the plan's exact input, its instructions put in the v6 answer's shape so the payment is
 * composed exactly as on v6 (swap, memo, transfer; payment-transactions.ts). The service's
 * words are checked, not trusted: the fresh quote must still cover the transfer with the
 * wallet's own minimum (prices move between plan and review), and the lookup tables it claims
 * must hold what the person's RPC says they hold.
 */
import type { AddressLookupTableAccount } from '@solana/web3.js';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import type { SwapInstructions } from '../swap-api';
import type { BuildAnswer, SwapV2Client } from '../swap-api/v2';
import { covers, deliveryFeeOf, NO_DELIVERY_FEE } from './exact-in-sizing';
import type { PaymentPlan } from './plan-book';

/** The most accounts a route may have (the Swap API's default and maximum). */
const ROUTE_MAX_ACCOUNTS = 64;

/**
 * The `maxAccounts` a payment asks /build for: room left for what the wallet adds after the swap
 * (the memo program, the payee's account, the mint, the token program and each reference key),
 * so that the swap, memo and transfer fit one transaction with the lookup tables (issue 32).
 */
export function paymentMaxAccounts(references: number): number {
  return Math.max(1, ROUTE_MAX_ACCOUNTS - 4 - references);
}

/** GET /build of the plan's exact input into the payer's own account. */
export async function buildExactInSwap(
  v2: SwapV2Client,
  plan: PaymentPlan,
  account: Address,
): Promise<BuildAnswer> {
  if (plan.quote === null || plan.exactIn === undefined) {
    throw new Error('buildExactInSwap: not an exact-input plan');
  }
  return v2.build({
    inputMint: plan.payWithMint,
    outputMint: plan.payee.mint.mint,
    amount: plan.quote.inAmount,
    taker: account,
    slippageBps: plan.quote.slippageBps,
    maxAccounts: paymentMaxAccounts(plan.request.references.length),
    ...(plan.fees
      ? { platformFeeBps: plan.fees.platformFeeBps, feeAccount: plan.fees.feeAccount }
      : {}),
  });
}

/**
 * Refuses a fresh /build answer whose wallet minimum no longer covers the plan's transfer.
 * `mintState` is the paid token's mint (its transfer fee on delivery), or null for none.
 */
export function assertStillCovers(
  answer: BuildAnswer,
  plan: PaymentPlan,
  mintState: Parameters<typeof deliveryFeeOf>[0] | null,
): void {
  if (plan.exactIn === undefined) return;
  const target = {
    needed: plan.transferAmount,
    deliveryFee: mintState === null ? NO_DELIVERY_FEE : deliveryFeeOf(mintState),
  };
  if (answer.quote.inAmount !== plan.quote?.inAmount || !covers(answer.quote, target)) {
    throw new WalletError(
      'SWAP_NOT_SIGNABLE',
      'The price moved since the quote: the swap the service built now may not deliver enough to pay the exact amount. Get a fresh quote and review again.',
    );
  }
}

/** The /build answer in the v6 /swap-instructions shape (the tip, if any, last of "other"). */
export function asSwapInstructions(answer: BuildAnswer): SwapInstructions {
  return {
    tokenLedgerInstruction: null,
    computeBudgetInstructions: answer.computeBudgetInstructions,
    setupInstructions: answer.setupInstructions,
    swapInstruction: answer.swapInstruction,
    cleanupInstruction: answer.cleanupInstruction,
    otherInstructions: [
      ...answer.otherInstructions,
      ...(answer.tipInstruction ? [answer.tipInstruction] : []),
    ],
    addressLookupTableAddresses: [...(answer.addressesByLookupTableAddress?.keys() ?? [])],
    signable: true,
    simulationFailure: null,
  };
}

/**
 * Compares the service's claim of each lookup table with the table read from the person's RPC;
 * throws SWAP_API_BAD_RESPONSE naming the first table that differs.
 */
export function assertTablesAsClaimed(
  claimed: BuildAnswer['addressesByLookupTableAddress'],
  tables: readonly AddressLookupTableAccount[],
): void {
  for (const table of tables) {
    const address = table.key.toBase58();
    const said = claimed?.get(address as Address) ?? [];
    const read = table.state.addresses.map((key) => key.toBase58());
    if (said.length !== read.length || said.some((key, i) => key !== read[i])) {
      throw new WalletError(
        'SWAP_API_BAD_RESPONSE',
        `The swap service described the address lookup table ${address} differently from what the network holds, so the transaction could not be read as it said. Get a fresh quote; if it happens again, the service is not to be trusted.`,
      );
    }
  }
}
