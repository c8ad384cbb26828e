/**
 * Paying without SOL (issue 32): a person who holds the token to pay with but no SOL cannot pay
 * the payment's network fee (nor the rent of an account it opens). On a Swap API v2 service the
 * wallet then plans a step before the payment: swap a little of the token into SOL through a
 * gasless order (GET /order asked plainly by a person under 0.01 SOL: the service's gas payer
 * pays that swap's costs), reviewed and confirmed on its own; the payment is then planned again
 * and reviewed as usual, paid with the person's new SOL.
 */
import { PublicKey, type Connection } from '@solana/web3.js';
import type { Address } from '../shared/address';
import { unreachableBalance, walletLamports } from '../ledger/wallet-lamports';
import { formatUnits } from '../shared/amount';
import type { SwapV2Client } from '../swap-api/v2';
import type { PaymentPlan } from './plan-book';

export const SOL_MINT = 'So11111111111111111111111111111111111111112' as Address;

/**
 * SOL the step aims to bring in: the fees of many payments, and above the $5 Jupiter's gasless
 * orders need on mainnet (the docs' /order errorCode 3) at any SOL price above $125.
 */
export const SOL_FIRST_LAMPORTS = 40_000_000n;

/** The network fee of a payment with room for a priority fee: what SOL below this cannot pay. */
const PAYMENT_FEE_LAMPORTS = 100_000n;

/** The step before a payment: swap `amount` of `payWithMint` into about `solLamports` of SOL. */
export interface SolFirst {
  payWithMint: Address;
  /** Base units of payWithMint the gasless swap spends. */
  amount: bigint;
  /** Lamports it is quoted to bring in. */
  solLamports: bigint;
  /** "You have no SOL for the network fee: first swap 0.3 USDC into SOL (gasless), then pay." */
  reason: string;
}

export interface SolFirstDeps {
  connection: Pick<Connection, 'getMultipleAccountsInfo'>;
  /** The Swap API v2 client; null elsewhere (no gasless order to ask). */
  apiV2?: (() => Promise<SwapV2Client>) | null | undefined;
  /** Token symbols by mint, for the plan's words; default the mint. */
  tokenSymbols?: (mints: readonly string[]) => Promise<Record<string, string>>;
}

/**
 * The step `plan` needs first, or null: when the service has gasless orders (v2), the payment
 * is paid with a token, and the payer's SOL is below the payment's fee and the rent it opens.
 * Throws NETWORK_UNAVAILABLE and the swap API's errors (the reverse quote).
 */
export async function solFirstStep(
  deps: SolFirstDeps,
  account: Address,
  plan: Pick<PaymentPlan, 'payWithMint' | 'payerAccountRent'>,
): Promise<SolFirst | null> {
  if (!deps.apiV2 || plan.payWithMint === SOL_MINT) return null;
  const needed = PAYMENT_FEE_LAMPORTS + plan.payerAccountRent;
  const held = await walletLamports(deps.connection, new PublicKey(account));
  if (held >= needed) return null;
  // What SOL_FIRST_LAMPORTS fetch of the token, priced by a quote without a taker.
  const v2 = await deps.apiV2();
  const reverse = await v2.order({
    inputMint: SOL_MINT,
    outputMint: plan.payWithMint,
    amount: SOL_FIRST_LAMPORTS,
  });
  const amount = reverse.quote.outAmount;
  const lacking = held === 0n ? 'You have no SOL' : 'You have too little SOL';
  const symbol =
    (await deps.tokenSymbols?.([plan.payWithMint]).catch(() => undefined))?.[plan.payWithMint] ??
    plan.payWithMint;
  // A mint's decimals sit at byte 44 in SPL Token and Token-2022 alike.
  const [mint] = await deps.connection
    .getMultipleAccountsInfo([new PublicKey(plan.payWithMint)], 'confirmed')
    .catch(unreachableBalance);
  const decimals = mint?.data[44] ?? 0;
  return {
    payWithMint: plan.payWithMint,
    amount,
    solLamports: SOL_FIRST_LAMPORTS,
    reason: `${lacking} for the network fee: first swap ${formatUnits(amount, decimals)} ${symbol} into SOL (gasless), then pay.`,
  };
}
