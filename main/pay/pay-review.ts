/**
 * pay.review and pay.createDestination in main: build the payment's transaction (web3.js for a
 * direct transfer and the payee's account; POST /swap or /swap-instructions for a swap), run the
 * same review as swaps (decode, lookup tables, simulation, guard with the payment rule) and issue
 * a ticket in the swaps' ticket book, so approving, signing and sending are the swaps' own.
 */
import type { ReviewConnection, SwapIntent } from '../review';
import { NATIVE_MINT } from '../review/program-ids';
import type { Address } from '../shared/address';
import { PublicKey } from '@solana/web3.js';
import { budgetedInstructions, swapComputeUnits } from './compute-budget';
import { WalletError } from '../shared/errors';
import type { SimulationFailure, SwapApiClient, SwapInstructions, SwapRequest } from '../swap-api';
import type { SwapV2Client } from '../swap-api/v2';
import { unpackMint } from '@solana/spl-token';
import type { AddressLookupTableAccount } from '@solana/web3.js';
import {
  asSwapInstructions,
  assertStillCovers,
  assertTablesAsClaimed,
  buildExactInSwap,
} from './pay-build-v2';
import { intentOf } from '../tickets/swap-review';
import {
  issueReviewedTicket,
  type IssueTicketDeps,
  type ReviewTicket,
} from '../tickets/issue-ticket';
import type { PayeeConnection } from './payee';
import { parsePayment } from './pay-service';
import {
  buildTransaction,
  lookupTables,
  createDestinationInstruction,
  merchantInstructions,
  swapInstructionList,
  type BuildConnection,
  type BuiltTransaction,
  type MerchantPart,
} from './payment-transactions';
import type { PaymentPlan, PlanBook } from './plan-book';
import { resolveMerchantTransfer } from './hook-accounts';

export type PayTicket = ReviewTicket;

export interface PayReviewDeps extends IssueTicketDeps {
  api: () => Promise<SwapApiClient>;
  connection: ReviewConnection & BuildConnection & PayeeConnection;
  plans: PlanBook;
  currentAccount: () => Promise<string | null>;
  /** The Swap API v2 client on a v2 service (exact-input payments build through /build). */
  apiV2?: (() => Promise<SwapV2Client>) | null;
}

async function accountOf(deps: Pick<PayReviewDeps, 'currentAccount'>): Promise<Address> {
  const account = await deps.currentAccount();
  if (account === null) {
    throw new WalletError('NO_ACCOUNT', 'Create or import an account before paying.');
  }
  return account as Address;
}

/** The service's failed test run in the wallet's words; its own text apart (issue 32). */
function notSignable(failure: SimulationFailure | null): WalletError {
  return new WalletError(
    'SWAP_NOT_SIGNABLE',
    failure?.reason ??
      'The swap service could not simulate this payment, so it cannot be signed. Get a fresh quote.',
    { serviceMessage: failure?.serviceText },
  );
}

/** The swap request of a plan: no priority fee, the configured fee account when fees are on. */
function swapRequest(plan: PaymentPlan, account: Address): SwapRequest {
  if (plan.quote === null) throw new Error('swap plan without a quote');
  return {
    quote: plan.quote,
    userPublicKey: account,
    wrapAndUnwrapSol: true,
    dynamicComputeUnitLimit: true,
    prioritizationFeeLamports: 0n,
    ...(plan.fees ? { feeAccount: plan.fees.feeAccount } : {}),
  };
}

/** What the person accepted for `plan`: the quote's bounds (or the amount) plus the payment. */
export function paymentIntent(plan: PaymentPlan): SwapIntent {
  const { payee, amount, request } = plan;
  const payment = {
    kind: 'transfer' as const,
    payeeTokenAccount: payee.tokenAccount,
    mint: payee.mint.mint,
    amount,
    decimals: payee.mint.decimals,
    references: request.references,
    memo: request.memo,
    throughPayer: plan.route !== 'swap-to-payee',
    ...(payee.native === true ? { native: true } : {}),
    // The payer's transfer is grossed up by the token's transfer fee; the payee still gains
    // exactly `amount` (issue 21).
    ...(plan.transferFee > 0n
      ? { transferAmount: plan.transferAmount, transferFee: plan.transferFee }
      : {}),
  };
  const quoteIntent: SwapIntent =
    plan.quote === null
      ? {
          swapMode: 'ExactOut',
          inputMint: payee.mint.mint,
          outputMint: payee.mint.mint,
          inAmount: plan.transferAmount,
          outAmount: amount,
          otherAmountThreshold: plan.transferAmount,
          amount,
          slippageBps: 0,
          platformFee: null,
          feeAccount: null,
          destinationTokenAccount: payee.tokenAccount,
          maxPriorityFeeLamports: 0n,
        }
      : intentOf(plan.quote, {
          asLegacyTransaction: false,
          prioritizationFee: 0n,
          maxPriorityFeeLamports: 0n,
        });
  return {
    ...quoteIntent,
    // Exact input (issue 22): the swap's minimum lands in the payer's own account, what the
    // payee's account must gain is the amount (the payment rule holds it to exactly that), and
    // what is over stays the payer's (the other-tokens rule refuses any drop of their balance).
    // The bound at the destination is the amount itself, with no slippage: the on-chain bound
    // rule then refuses a swap whose instructions would let the transfer draw on what the payer
    // already held of the token (its worst case at the payee less any such draw).
    // Exact output with a transfer fee: what the destination (the payee) must gain is the
    // amount, even where the swap delivers the grossed-up transfer into the payer's account.
    ...(plan.route === 'swap-exact-in'
      ? { otherAmountThreshold: amount, outAmount: amount, slippageBps: 0 }
      : plan.quote !== null && plan.transferFee > 0n
        ? { amount, outAmount: amount }
        : {}),
    feeAccount: plan.fees?.feeAccount ?? null,
    destinationTokenAccount: payee.tokenAccount,
    payment,
  };
}

/** The merchant's instructions, its transfer refused when paused and given its hook's accounts. */
async function resolvedMerchant(deps: PayReviewDeps, part: MerchantPart) {
  const instructions = merchantInstructions(part);
  await resolveMerchantTransfer(deps.connection, part, instructions.at(-1)!, null);
  return instructions;
}

async function buildPayment(
  deps: PayReviewDeps,
  plan: PaymentPlan,
  account: Address,
): Promise<BuiltTransaction> {
  const part: MerchantPart = {
    payer: account,
    mint: plan.payee.mint.mint,
    decimals: plan.payee.mint.decimals,
    tokenProgram: plan.payee.mint.tokenProgram,
    payeeTokenAccount: plan.payee.tokenAccount,
    amount: plan.transferAmount,
    references: plan.request.references,
    memo: plan.request.memo,
    native: plan.payee.native === true,
  };
  if (plan.route === 'direct-transfer') {
    return buildTransaction(deps.connection, account, await resolvedMerchant(deps, part));
  }
  if (plan.route === 'swap-exact-in' && deps.apiV2) {
    const answer = await buildExactInSwap(await deps.apiV2(), plan, account);
    assertStillCovers(answer, plan, await paidMintState(deps, plan));
    return composeThroughPayer(deps, plan, account, asSwapInstructions(answer), part, (tables) =>
      assertTablesAsClaimed(answer.addressesByLookupTableAddress, tables),
    );
  }
  const api = await deps.api();
  if (plan.route === 'swap-to-payee') {
    const built = await api.swap({
      ...swapRequest(plan, account),
      destinationTokenAccount: plan.payee.tokenAccount,
    });
    if (!built.signable) throw notSignable(built.simulationFailure);
    return { transaction: built.transaction, lastValidBlockHeight: built.lastValidBlockHeight };
  }
  // An invoice: the swap lands in the payer's own account, then memo + TransferChecked with
  // the reference keys, last, in the same transaction (API-NOTES). For SOL, the swap lands in
  // the payer's wrapped-SOL account, its cleanup closes that account (the lamports return to
  // the payer's wallet: wrapAndUnwrapSol), then memo + SystemProgram transfer with references.
  const parts = await api.swapInstructions(swapRequest(plan, account));
  if (!parts.signable) throw notSignable(parts.simulationFailure);
  return composeThroughPayer(deps, plan, account, parts, part);
}

/** The paid token's mint state (its transfer fee), or null for SOL. */
async function paidMintState(deps: PayReviewDeps, plan: PaymentPlan) {
  if (plan.payee.native === true) return null;
  const mint = new PublicKey(plan.payee.mint.mint);
  const [info] = await deps.connection
    .getMultipleAccountsInfo([mint], 'confirmed')
    .catch((error: unknown) => {
      throw new WalletError('NETWORK_UNAVAILABLE', 'The network could not be reached. Try again.', {
        cause: error,
      });
    });
  if (!info) throw new WalletError('TOKEN_NOT_FOUND', `The token ${mint.toBase58()} is gone.`);
  return unpackMint(mint, info, new PublicKey(plan.payee.mint.tokenProgram));
}

/**
 * The swap's instructions, then memo + transfer, with the compute budget sized for both and
 * the lookup tables read from the person's RPC (`checkTables` may refuse them).
 */
async function composeThroughPayer(
  deps: PayReviewDeps,
  plan: PaymentPlan,
  account: Address,
  parts: SwapInstructions,
  part: MerchantPart,
  checkTables?: (tables: AddressLookupTableAccount[]) => void,
): Promise<BuiltTransaction> {
  if (plan.payee.native === true && !parts.cleanupInstruction) {
    throw new WalletError(
      'NOT_AVAILABLE',
      'The swap service did not unwrap the SOL it swaps into, so the payment could not be paid from your wallet in one transaction. Pay with SOL instead.',
    );
  }
  const swap = swapInstructionList(parts);
  const merchant = await resolvedMerchant(deps, part);
  // The service sized the compute limit for the swap alone; the memo and the transfer get
  // units of their own (compute-budget.ts).
  const tables = await lookupTables(deps.connection, parts.addressLookupTableAddresses);
  checkTables?.(tables);
  const { instructions } = await budgetedInstructions(
    deps.connection,
    new PublicKey(account),
    [...swap, ...merchant],
    merchant.length,
    swapComputeUnits(swap, parts.computeUnitLimit),
    tables,
  );
  return buildTransaction(
    deps.connection,
    account,
    instructions,
    parts.addressLookupTableAddresses,
  );
}

/**
 * Builds and reviews the payment of a stored plan; a ticket for pay.approve.
 * Throws NO_ACCOUNT, PLAN_NOT_FOUND, SWAP_NOT_SIGNABLE, TRANSACTION_TOO_LARGE, API errors.
 */
export async function reviewPayment(deps: PayReviewDeps, planId: string): Promise<PayTicket> {
  const plan = deps.plans.take(planId, deps.networkKey);
  const account = await accountOf(deps);
  const built = await buildPayment(deps, plan, account);
  return issueReviewedTicket(deps, account, built, paymentIntent(plan));
}

/**
 * A ticket for the transaction that creates the payee's missing token account (idempotent
 * associated token account creation, rent paid by the payer). Throws NOT_AVAILABLE when the
 * destination exists already, or is a token account named by the request itself.
 */
export async function reviewCreateDestination(
  deps: PayReviewDeps,
  text: string,
): Promise<PayTicket> {
  const account = await accountOf(deps);
  const { payee } = await parsePayment(deps.connection, text);
  if (payee.native === true) {
    throw new WalletError(
      'NOT_AVAILABLE',
      'A payment in SOL goes straight to the recipient wallet; there is no token account to create. Go on with the payment.',
    );
  }
  if (payee.exists) {
    throw new WalletError(
      'NOT_AVAILABLE',
      "The payee's token account exists already; nothing needs creating. Go on with the payment.",
    );
  }
  const payment = {
    kind: 'create-destination' as const,
    payeeTokenAccount: payee.tokenAccount,
    owner: payee.owner,
    mint: payee.mint.mint,
    tokenProgram: payee.mint.tokenProgram,
  };
  const built = await buildTransaction(deps.connection, account, [
    createDestinationInstruction({ payer: account, ...payment }),
  ]);
  // As a swap of SOL into nothing: the person spends at most the rent (plus the network fee).
  const intent: SwapIntent = {
    swapMode: 'ExactIn',
    inputMint: NATIVE_MINT as Address,
    outputMint: payee.mint.mint,
    inAmount: payee.rentLamports,
    outAmount: 0n,
    otherAmountThreshold: 0n,
    amount: payee.rentLamports,
    slippageBps: 0,
    platformFee: null,
    feeAccount: null,
    destinationTokenAccount: payee.tokenAccount,
    maxPriorityFeeLamports: 0n,
    payment,
  };
  return issueReviewedTicket(deps, account, built, intent);
}
