/**
 * Activity: the history of submitted transactions.
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { method } from './schemas';
import type {
  ActivityKind,
  NetworkId,
  PaymentSummaryView,
  SwapModeName,
  TransactionStatus,
} from './views';

export interface ActivityEntryView {
  id: string;
  kind: ActivityKind;
  networkId: NetworkId;
  /** The wallet address that signed. */
  account: string;
  signature: string;
  status: TransactionStatus;
  error: string | null;
  inputMint: string | null;
  outputMint: string | null;
  /** Base units, decimal strings: quoted in and out amounts. */
  inAmount: string | null;
  outAmount: string | null;
  /** ExactIn: minimum received; ExactOut: maximum spent. */
  otherAmountThreshold: string | null;
  swapMode: SwapModeName | null;
  /** ISO-8601 times. */
  createdAt: string;
  updatedAt: string;
  /** A block explorer page for mainnet and custom networks; null on the sandbox. */
  explorerUrl: string | null;
  /** Payments only (kind 'pay'): the request and, once pay.receipt read it, the receipt. */
  payment?: PaymentSummaryView | null;
  /** Swaps that carried an integrator fee (issue 6): where it went and what it paid. */
  platformFee?: PlatformFeePaidView | null;
}

/** The integrator fee of one swap; `received` is read from the confirmed transaction. */
export interface PlatformFeePaidView {
  feeAccount: string;
  mint: string;
  feeBps: number;
  /** Base units the fee account gained; null until fees.balances read the confirmed swap. */
  received: string | null;
}

export const activityMethods = {
  /** Every submitted transaction, newest first. */
  'activity.list': method<ActivityEntryView[]>()(z.object({}).strict()),
} as const;
