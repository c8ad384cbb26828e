/**
 * A Solana Pay transaction request on the Pay screen (issue 34): main's reading of the merchant
 * (`merchant.open`: domain, label, checked icon), then **Review payment** (`merchant.review`:
 * main POSTs the account, prepares and reviews the merchant's transaction; the ticket goes to
 * the pay review store, approved with merchant.approve), and the merchant's redirect, which
 * main follows only once the payment is confirmed (`merchant.redirect`). The page never talks
 * to the merchant: every answer here came through main.
 */
import { create } from 'zustand';
import type {
  MerchantReviewView,
  MerchantSwapFirstView,
  MerchantView,
} from '../../../preload/api-types';
import { callWallet } from '../lib/wallet';
import { usePayReviewStore } from './pay-review-store';
import { passTicketOn, type LinkReadState } from './link-read-state';

/**
 * True when `text` is a transaction request (SPEC.md: its pathname is an https URL, plain or
 * encoded), which the merchant builds; transfer requests go to pay.parse as before.
 */
export function isTransactionRequest(text: string): boolean {
  const trimmed = text.trim();
  if (!/^solana:/i.test(trimmed)) return false;
  const path = trimmed.slice('solana:'.length).split('?')[0] ?? '';
  return /[:%]/.test(path);
}

export type MerchantOpenState = LinkReadState<{ merchant: MerchantView }>;

export interface MerchantStore {
  open: MerchantOpenState;
  /** What merchant.review said besides its ticket (summary, message, redirect). */
  reviewed: Omit<MerchantReviewView, 'ticket'> | null;
  redirectError: string | null;
  /** The token the swap-first is made from (SOL until the person picks another). */
  swapFrom: string | null;
  /** The swap-first main sized (its most spent is shown before signing); null before. */
  swapFirst: MerchantSwapFirstView | null;
  pickSwapFrom: (mint: string) => void;
  /** Reads the merchant of `text` (the GET), once per text. */
  read: (text: string) => Promise<void>;
  /** The POST and the review, into the pay review store. */
  review: (text: string) => Promise<void>;
  /**
   * Reviews a swap of `payWithMint` into the token the merchant's transaction pays in, sized
   * by main so what the person lacks is covered (merchant.swapFirst: exact output, or on the
   * Swap API v2 the smallest covering exact input; issue 34 point 4); approved as a swap.
   */
  reviewSwapFirst: (payWithMint: string) => Promise<void>;
  /** Follows the confirmed payment's redirect; a solana: one comes back as a new request. */
  followRedirect: (signature: string) => Promise<string | null>;
  clear: () => void;
}

export const useMerchantStore = create<MerchantStore>()((set, get) => ({
  open: { state: 'empty' },
  reviewed: null,
  redirectError: null,
  swapFrom: null,
  swapFirst: null,

  pickSwapFrom: (mint) => set({ swapFrom: mint, swapFirst: null }),

  read: async (text) => {
    const current = get().open;
    if (current.state !== 'empty' && current.text === text) return;
    set({ open: { state: 'reading', text }, reviewed: null, redirectError: null });
    const result = await callWallet((w) => w.merchant.open({ text }));
    if (get().open.state !== 'reading' || (get().open as { text: string }).text !== text) return;
    set({
      open: result.ok
        ? { state: 'ready', text, merchant: result.value }
        : { state: 'failed', text, error: result.error },
    });
  },

  review: async (text) => {
    set({ reviewed: null, redirectError: null, swapFirst: null });
    await usePayReviewStore
      .getState()
      .reviewTicket('merchant', async (w) =>
        passTicketOn(await w.merchant.review({ text }), (reviewed) => set({ reviewed })),
      );
  },

  reviewSwapFirst: async (payWithMint) => {
    const reviewed = get().reviewed;
    if (reviewed?.shortfall == null) return;
    const { mint, shortfall } = reviewed;
    set({ swapFirst: null });
    await usePayReviewStore.getState().reviewTicket('swap-first', async (w) => {
      const sized = await w.merchant.swapFirst({ mint, shortfall, payWithMint });
      if (!sized.ok) return sized;
      set({ swapFirst: sized.value });
      return w.swap.review({ quoteId: sized.value.quote.quoteId });
    });
  },

  followRedirect: async (signature) => {
    const result = await callWallet((w) => w.merchant.redirect({ signature }));
    if (!result.ok) {
      set({ redirectError: result.error.message });
      return null;
    }
    return result.value.solanaLink;
  },

  clear: () =>
    set({ open: { state: 'empty' }, reviewed: null, redirectError: null, swapFirst: null }),
}));
