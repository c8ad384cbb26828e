/**
 * Exact-output payments and Solana Pay requests (issue 5).
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { base58Address, bps, id, method, payTicketApproval, signatureText } from './schemas';
import type { QuoteView, ReviewTicketView, SubmissionView } from './views';

/** A payment request as pasted: main refuses past 2048 characters with its own sentence. */
const paymentText = z.string().min(1).max(4096);

/** pay.parse's answer: the request as the link says it, the token, and the payee's account. */
export interface PaymentRequestView {
  recipient: string;
  /** The token to pay (spl-token). */
  mint: {
    mint: string;
    symbol: string | null;
    decimals: number;
    tokenProgram: string;
    /**
     * True for a request without spl-token: native SOL (mint is the wrapped-SOL mint, 9
     * decimals, tokenProgram the System Program); payee.tokenAccount is the wallet itself.
     */
    native?: boolean;
    /** On the token API's verified list (issue 11); a request for an unverified token is marked. */
    verified: boolean;
    /** A Scaled UI Amount mint's multiplier in force (issue 35): amountText is in its UI units. */
    multiplier?: number;
  };
  /** User units as the link wrote it ("12.5"); null when the payer must enter it. */
  amountText: string | null;
  /** Base units; null when the payer must enter the amount. */
  amount: string | null;
  references: string[];
  label: string | null;
  message: string | null;
  memo: string | null;
  payee: {
    recipientKind: 'wallet' | 'token-account';
    /** Where the tokens arrive (the wallet's associated token account, or the recipient). */
    tokenAccount: string;
    /** False: pay.createDestination must run first (DESTINATION_MISSING otherwise). */
    exists: boolean;
    /** Lamports the creation puts into the new account; "0" when it exists. */
    rentLamports: string;
  };
}

/** pay.quote's answer: how the payment would be made and what it can cost at most. */
export interface PaymentPlanView {
  planId: string;
  /**
   * True for a SOL request: paid with SOL by a SystemProgram transfer (direct), or with a token
   * by an ExactOut swap into SOL, unwrapped, then that transfer (swap-through-payer).
   */
  native?: boolean;
  /** direct: the payer holds the token, one TransferChecked; swap: an ExactOut swap. */
  kind: 'direct' | 'swap';
  /**
   * swap-to-payee: the swap pays the payee's account; swap-through-payer: swap, memo, transfer;
   * swap-exact-in: an exact-input swap into the payer's account sized to cover the transfer,
   * then memo and transfer (a service without exact output, issue 22).
   */
  route: 'direct-transfer' | 'swap-to-payee' | 'swap-through-payer' | 'swap-exact-in';
  mint: string;
  payWithMint: string;
  /** Exactly what the payee receives. */
  amount: string;
  payeeTokenAccount: string;
  /**
   * swap-exact-in only: what the last transfer moves (the amount grossed up by a Token-2022
   * transfer fee, `transferFee`), and what stays in the payer's account as the paid token at
   * the wallet's minimum ("what is left (at least …)"); null for the other routes.
   */
  exactIn: { transferAmount: string; transferFee: string; leftoverAtLeast: string } | null;
  /**
   * "You pay at most": the quote's otherAmountThreshold (ExactOut), the swap's exact input
   * (swap-exact-in), the amount itself when direct.
   */
  maxSpend: string;
  /** The quote's inAmount (the amount itself when direct). */
  expectedSpend: string;
  /**
   * Lamports of rent for the payer's own token account of the paid token, when an invoice paid
   * by a swap opens it (the account stays the payer's); "0" otherwise. Paid on top of maxSpend.
   */
  payerAccountRentLamports: string;
  slippageBps: number;
  platformFee: { amount: string; feeBps: number } | null;
  /**
   * Base units of the payee's mint a Token-2022 transfer fee withholds from the payer's own
   * transfer, which is grossed up by it so the payee receives exactly `amount`; null when the
   * token has no fee or the swap pays the payee directly.
   */
  transferFee: string | null;
  /** Venue fees of each hop; label, amount and mint are null where the service left them out. */
  venueFees: { label: string | null; amount: string | null; mint: string | null }[];
  /** The swap's quote, null for a direct transfer. */
  quote: Omit<QuoteView, 'quoteId' | 'expiresAt'> | null;
  /** ISO-8601: when the quote arrived (its age is now minus this). */
  quotedAt: string;
  /** ISO-8601: pay.review refuses the plan after this. */
  expiresAt: string;
  /**
   * A step before the payment (issue 32), null when none: the payer has no SOL for the network
   * fee, so a little of payWithMint is first swapped into SOL through a gasless order
   * (pay.solFirst), reviewed and confirmed on its own; then the payment is quoted again.
   */
  solFirst?: {
    /** Base units of payWithMint the swap spends. */
    amount: string;
    /** Lamports it is quoted to bring in. */
    solLamports: string;
    /** "You have no SOL for the network fee: first swap 6 USDC into SOL (gasless), then pay." */
    reason: string;
  } | null;
}

/** pay.receipt's answer, read from the confirmed transaction. */
export interface PaymentReceiptView {
  signature: string;
  status: 'confirmed' | 'failed';
  error: string | null;
  mint: string;
  payeeTokenAccount: string;
  /** What the payee's account gained, from the transaction's token balances. */
  delivered: string;
  payWithMint: string;
  /** What the payer's balance of payWithMint went down by (for SOL: the network fee included). */
  spent: string;
  networkFeeLamports: string;
  /** The keys of the last instruction after TransferChecked's four, in order. */
  references: string[];
  memo: string | null;
  slot: number;
  blockTime: number | null;
}

export const payMethods = {
  /**
   * Pay (issue 5). `text` is a Solana Pay transfer-request URL (a hand-entered payment is
   * written as one: solana:<recipient>?amount=..&spl-token=..); main parses it again each time.
   */
  'pay.parse': method<PaymentRequestView>()(z.object({ text: paymentText }).strict()),
  /** A ticket for the transaction creating the payee's missing token account (rent shown). */
  'pay.createDestination': method<ReviewTicketView>()(z.object({ text: paymentText }).strict()),
  /**
   * Plans the payment with a token the payer holds: direct transfer or ExactOut quote. The
   * integrator fee is main's own setting (fees.set / fees.setFeeAccount), taken in the input mint.
   */
  'pay.quote': method<PaymentPlanView>()(
    z
      .object({
        text: paymentText,
        /** User units, only when the request has no amount ("12.5"). */
        amount: z
          .string()
          .max(40)
          .regex(/^\d+(\.\d+)?$/, 'must be a decimal number like 12.5')
          .optional(),
        payWithMint: base58Address,
        slippageBps: bps.optional(),
        // No fees here: main applies its own fee settings (fees.*), never the renderer's.
      })
      .strict(),
  ),
  /**
   * The plan's SOL-first step (its `solFirst`): a gasless swap of a little of the token into
   * SOL, reviewed on its own; a swap ticket, approved with swap.approve (issue 32).
   */
  'pay.solFirst': method<ReviewTicketView>()(z.object({ planId: id }).strict()),
  /** Builds and reviews the planned payment; a ticket for pay.approve. */
  'pay.review': method<ReviewTicketView>()(z.object({ planId: id }).strict()),
  /** As swap.approve, for payment tickets (recorded in Activity as kind 'pay'). */
  'pay.approve': method<SubmissionView>()(payTicketApproval),
  /** Amount delivered and spent, read from the confirmed transaction; kept in Activity. */
  'pay.receipt': method<PaymentReceiptView>()(z.object({ signature: signatureText }).strict()),
} as const;
