/**
 * Solana Pay transaction requests (issue 34): a merchant's own transaction, fetched, prepared
 * and reviewed by main. The page never talks to the merchant; it sends the link text and gets
 * what main read, checked and reviewed. Actions (issue 34 point 5) will answer the same views.
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { base58Address, baseUnits, bps, method, payTicketApproval, signatureText } from './schemas';
import type { QuoteView, ReviewTicketView, SubmissionView } from './views';

/** A `solana:<https link>` as pasted or opened: main refuses past 2048 characters in words. */
const requestText = z.string().min(1).max(4096);

/** What the merchant's GET said (SPEC.md "GET Response"), as checked by main. */
export interface MerchantView {
  /** The host main called: the merchant's only name the wallet vouches for. */
  domain: string;
  /** The merchant's label, cleaned (its own words). */
  label: string | null;
  /** The icon as a data: URL (PNG, JPEG, GIF or WebP checked by main), or null. */
  icon: string | null;
  /** Why no icon is shown, in words; null when shown. */
  iconNote: string | null;
}

/** merchant.review's answer: the reviewed transaction and what to show beside it. */
export interface MerchantReviewView {
  merchant: MerchantView;
  ticket: ReviewTicketView;
  /** "Pays 12.50 USDC to shop.example's account 3hv7…riFd; creates nothing; asks nothing else of you." */
  summary: string;
  /** The merchant's `message` (at least its first 80 characters shown; main keeps 200). */
  message: string | null;
  /** Where the merchant sends the person once the payment is confirmed; null for nowhere. */
  redirect: string | null;
  /** What the payee gains: base units of `mint` (lamports for SOL). */
  amount: string;
  mint: string;
  decimals: number;
  /**
   * Base units of `mint` the person lacks to pay (null: enough, or SOL): the Pay screen offers
   * a swap into it first from a token they hold (merchant.swapFirst, then swap.review and
   * swap.approve: a swap reviewed on its own), then asks the merchant again (a fresh
   * merchant.review).
   */
  shortfall: string | null;
  /** Who pays the network fee: the person, or the merchant, which signed already. */
  feePaidBy: 'you' | 'merchant';
}

/** merchant.swapFirst's answer: the swap into the paid token, quoted and sized. */
export interface MerchantSwapFirstView {
  /** The swap's quote (review it with swap.review, approve it with swap.approve). */
  quote: QuoteView;
  /** The most of the token picked the swap can spend (base units), shown before signing. */
  maxSpend: string;
  /** Exact output of the shortfall, or (Swap API v2) the smallest exact input covering it. */
  sizing: 'exact-out' | 'exact-in';
}

/** merchant.redirect's answer. */
export interface MerchantRedirectView {
  /** The https page main opened in the system browser; null when none was opened. */
  opened: string | null;
  /** A `solana:` redirect: a new payment request for the Pay screen. */
  solanaLink: string | null;
}

export const merchantMethods = {
  /** The merchant's GET: its domain, label and icon (checked by main as token logos are). */
  'merchant.open': method<MerchantView>()(z.object({ text: requestText }).strict()),
  /** The POST with the current account, the spec's rules, then the review; a ticket. */
  'merchant.review': method<MerchantReviewView>()(z.object({ text: requestText }).strict()),
  /**
   * The swap into the token a merchant's transaction pays in (issue 34 point 4), from the
   * token picked, sized so that `shortfall` (merchant.review's) is covered.
   */
  'merchant.swapFirst': method<MerchantSwapFirstView>()(
    z
      .object({
        mint: base58Address,
        shortfall: baseUnits,
        payWithMint: base58Address,
        slippageBps: bps.optional(),
      })
      .strict(),
  ),
  /** As pay.approve, for a merchant's ticket; its redirect waits for the confirmation. */
  'merchant.approve': method<SubmissionView>()(payTicketApproval),
  /**
   * Follows the merchant's redirect (SPEC1.1.md "redirect") of a payment, only once the
   * network confirmed it; refused in words before that.
   */
  'merchant.redirect': method<MerchantRedirectView>()(
    z.object({ signature: signatureText }).strict(),
  ),
} as const;
