/**
 * Swaps: quote, review (the guard's report), approve, status (issue 4).
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { base58Address, baseUnits, bps, id, method, priorityFee, venue } from './schemas';
import type { PlatformFeeDetailView } from './fees';

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
  /** As the service sent it (numeric text). */
  priceImpactPct: string;
  platformFee: { amount: string; feeBps: number } | null;
  /** With fees on (issue 6): the fee, its mint, the fee account and the 97.5/2.5 split. */
  platformFeeDetail?: PlatformFeeDetailView | null;
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

export interface GuardVerdictView {
  rule: string;
  ok: boolean;
  reason: string;
}

export interface BalanceChangeView {
  account: string;
  role: 'user' | 'destination' | 'fee';
  /** null for SOL. */
  mint: string | null;
  /** Decimals of the mint (9 for SOL); null when the mint could not be read. */
  decimals: number | null;
  owner: string | null;
  before: string;
  after: string;
  /** after − before, signed decimal string ("-1000"). */
  change: string;
  created: boolean;
  closed: boolean;
}

export interface ReviewedInstructionView {
  index: number;
  programId: string;
  programName: string;
  /** Decoded fields with amounts as decimal strings; `kind` names the instruction. */
  decoded: { kind: string } & Record<string, string | number | boolean | null>;
  summary: string;
  accounts: { address: string; signer: boolean; writable: boolean }[];
}

/** The review report of main/review with every amount as a decimal string. */
export interface ReviewReportView {
  /** True only when every verdict is ok; approve refuses otherwise. */
  accepted: boolean;
  verdicts: GuardVerdictView[];
  /** Reasons of the failing verdicts, in rule order (empty when accepted). */
  refusals: string[];
  format: 'legacy' | 'v0';
  messageSha256: string;
  feePayer: string;
  recentBlockhash: string;
  lastValidBlockHeight: number;
  signatures: { signer: string; state: 'missing' | 'valid' | 'invalid' }[];
  lookupTables: { address: string; writable: string[]; readonly: string[] }[];
  accounts: {
    address: string;
    signer: boolean;
    writable: boolean;
    index: number;
    fromLookupTable: string | null;
  }[];
  instructions: ReviewedInstructionView[];
  simulation: {
    ok: boolean;
    error: string | null;
    reason: string | null;
    logs: string[];
    unitsConsumed: number | null;
  };
  networkFee: {
    signatures: number;
    baseLamports: string;
    computeUnitLimit: number;
    computeUnitPriceMicroLamports: string;
    priorityLamports: string;
    totalLamports: string;
  };
  rentLamports: string;
  balanceChanges: BalanceChangeView[];
  /** What the tokens it touches can do to the person, dangerous first. */
  tokenWarnings: TokenWarningView[];
}

/**
 * A token warning: an issuer who can freeze or mint, or a Token-2022 extension. Approve needs
 * `risksAcknowledged` when any has `mustAcknowledge` (checkbox **I understand this risk**).
 */
export interface TokenWarningView {
  mint: string;
  kind:
    | 'permanent-delegate'
    | 'transfer-hook'
    | 'transfer-fee'
    | 'non-transferable'
    | 'default-frozen'
    | 'confidential-transfer'
    | 'freeze-authority'
    | 'mint-authority'
    | 'unverified'
    | 'value-loss';
  mustAcknowledge: boolean;
  sentence: string;
}

/** swap.review's answer: the unsigned transaction and the ticket Approve must bring back. */
export interface ReviewTicketView {
  ticketId: string;
  /** The unsigned transaction exactly as reviewed; swap.approve must send these bytes back. */
  transactionBase64: string;
  /** SHA-256 hex of the message bytes the wallet will sign. */
  messageHash: string;
  /** ISO-8601 time after which swap.approve refuses the ticket (get a fresh quote). */
  expiresAt: string;
  lastValidBlockHeight: number;
  report: ReviewReportView;
}

export type TransactionStatus = 'pending' | 'confirmed' | 'failed' | 'expired';

/** swap.approve's answer. A second approve of the same ticket answers the first submission. */
export interface SubmissionView {
  signature: string;
  activityId: string;
  /** The status right after sending: usually 'pending'; poll swap.status for the outcome. */
  status: TransactionStatus;
}

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
