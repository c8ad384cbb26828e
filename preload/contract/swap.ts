/**
 * Swaps: quote, review (the guard's report), approve, status (issue 4).
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { base58Address, baseUnits, bps, id, method, priorityFee, venue } from './schemas';
import type { QuoteView, ReviewTicketView, SubmissionView, TransactionStatus } from './views';

const swapQuoteRequest = z
  .object({
    inputMint: base58Address,
    outputMint: base58Address,
    /** Base units of the input (ExactIn) or the exact output (ExactOut). */
    amount: baseUnits,
    swapMode: z.enum(['ExactIn', 'ExactOut']).optional(),
    slippage: z.union([
      z.object({ bps: bps }).strict(),
      z.object({ auto: z.literal(true), maxBps: bps.min(1) }).strict(),
    ]),
    options: z
      .object({
        onlyDirectRoutes: z.boolean().optional(),
        restrictIntermediateTokens: z.boolean().optional(),
        dexes: z.array(venue).max(50).optional(),
        excludeDexes: z.array(venue).max(50).optional(),
        maxAccounts: z.number().int().min(1).max(256).optional(),
        asLegacyTransaction: z.boolean().optional(),
        priorityFee: priorityFee.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export interface TransactionStatusView {
  signature: string;
  status: TransactionStatus;
  /** Why it failed or expired, in words; null otherwise. */
  error: string | null;
  /** The activity entry of this signature, when the wallet sent it. */
  activityId: string | null;
  explorerUrl: string | null;
}

export const swapMethods = {
  /** GET /quote in main; the raw answer stays in main under the returned quoteId. */
  'swap.quote': method<QuoteView>()(swapQuoteRequest),
  /** POST /swap for the stored quote and the current account, then the review; a ticket. */
  'swap.review': method<ReviewTicketView>()(z.object({ quoteId: id }).strict()),
  /**
   * Signs and sends the reviewed transaction: the bytes must equal the ticket's, the ticket
   * must be unexpired and unused, and every guard verdict ok. A second call with the same
   * ticket answers the first submission and sends nothing.
   */
  'swap.approve': method<SubmissionView>()(
    z
      .object({
        ticketId: id,
        /** The person ticked **I understand this risk** for the review's dangerous tokens. */
        risksAcknowledged: z.boolean().optional(),
        transactionBase64: z
          .string()
          .max(4096)
          .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64 text'),
      })
      .strict(),
  ),
  'swap.status': method<TransactionStatusView>()(
    z
      .object({
        signature: z
          .string()
          .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'must be a base58 transaction signature'),
      })
      .strict(),
  ),
} as const;
