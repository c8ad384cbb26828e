/**
 * Activity: the history of submitted transactions.
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { base58Address, method } from './schemas';
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
  /** The slot it landed in (confirmed or failed), once the wallet saw it land. */
  slot?: number;
  /** A block explorer page for mainnet and custom networks; null on the sandbox. */
  explorerUrl: string | null;
  /** Payments only (kind 'pay'): the request and, once pay.receipt read it, the receipt. */
  payment?: PaymentSummaryView | null;
  /** Swaps that carried an integrator fee (issue 6): where it went and what it paid. */
  platformFee?: PlatformFeePaidView | null;
  /** The input and output tokens as the Wallet names them (issue 26), when main could learn them. */
  tokens?: TokenLabelView[];
}

/**
 * A token as main names it wherever an amount is shown (main/tokens/token-labels.ts): the
 * directory's entry, else the chain's metadata name (never verified), with the mint's decimals.
 */
export interface TokenLabelView {
  mint: string;
  symbol: string | null;
  name: string | null;
  decimals: number;
  verified: boolean;
}

/** The integrator fee of one swap; `received` is read from the confirmed transaction. */
export interface PlatformFeePaidView {
  feeAccount: string;
  mint: string;
  feeBps: number;
  /** Base units the fee account gained; null until fees.balances read the confirmed swap. */
  received: string | null;
}

/** What one transaction moved into (+) or out of (−) the person's hands (issue 18). */
export interface ChainMovementView {
  /** The token's mint; SOL, lamports or wrapped, is the native mint. */
  mint: string;
  /** Base units, signed decimal text ("-1500000" sent, "1500000" received). */
  change: string;
  /** The other side: owners whose balance of the mint moved the opposite way, largest first. */
  counterparties: string[];
  /**
   * The change as the network recorded it for people to read (its `uiAmountString`s), in units
   * of 10^-decimals, signed: a Scaled UI Amount token's at the multiplier of that time (issue
   * 35). Present only where it differs from `change` (a scaled token at a multiplier not 1).
   */
  uiChange?: string;
  /** The token as the Wallet names it, decimals from the mint (issue 26); null when unknown. */
  token?: TokenLabelView | null;
}

/** A transaction the chain records for the person's address or token accounts. */
export interface ChainActivityView {
  signature: string;
  slot: number;
  /** ISO-8601 block time; null when the network kept none. */
  time: string | null;
  status: 'confirmed' | 'failed';
  /** The memo as the network lists it ("[len] text"), or null. */
  memo: string | null;
  /** Lamports of network fee the person paid; null when someone else paid it. */
  fee: string | null;
  movements: ChainMovementView[];
  /** A block explorer page off the sandbox; null on the sandbox. */
  explorerUrl: string | null;
}

/** One page of chain activity; the wallet's own transactions are left out (activity.list has them). */
export interface ChainActivityPage {
  account: string;
  networkId: NetworkId;
  entries: ChainActivityView[];
  /** Give it back as `cursor` for the next, older page; null when there is none. */
  next: string | null;
}

export const activityMethods = {
  /** Every submitted transaction, newest first. */
  'activity.list': method<ActivityEntryView[]>()(z.object({}).strict()),
  /**
   * What the chain records for an account and its token accounts on the current network, newest
   * first, a page at a time (issue 18): received and sent tokens with their counterparties.
   */
  'activity.chain': method<ChainActivityPage>()(
    z
      .object({
        address: base58Address,
        cursor: z.string().min(1).max(200_000).nullish(),
        limit: z.number().int().min(1).max(50).optional(),
      })
      .strict(),
  ),
} as const;
