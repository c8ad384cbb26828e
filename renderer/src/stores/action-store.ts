/**
 * A Solana Action on the Pay screen (issue 34 point 5): main's reading of the action
 * (`action.open`: title, description, checked icon, buttons and their forms, "unverified"),
 * then a button pressed with its form's values (`action.review`: main checks the values
 * again, POSTs the account, reviews the transaction as a merchant's; the ticket goes to the
 * pay review store, approved with action.approve), and, once the transaction is confirmed,
 * the chain's next action (`action.next`). The page never talks to the action's site.
 */
import { create } from 'zustand';
import type { ActionReviewView, ActionView } from '../../../preload/api-types';
import { callWallet } from '../lib/wallet';
import { usePayReviewStore } from './pay-review-store';
import { passTicketOn, type LinkReadState } from './link-read-state';

/** True for a `solana-action:` link or a web address (an interstitial, or a site's page). */
export function isActionLink(text: string): boolean {
  const trimmed = text.trim();
  return /^solana-action:/i.test(trimmed) || /^https?:\/\//i.test(trimmed);
}

export type ActionOpenState = LinkReadState<{ action: ActionView }>;

export interface ActionStore {
  open: ActionOpenState;
  /** What action.review said besides its ticket (summary, message, verification, chained). */
  reviewed: Omit<ActionReviewView, 'ticket'> | null;
  nextError: string | null;
  /** Reads the action of `text` (actions.json, the GET), once per text. */
  read: (text: string) => Promise<void>;
  /** Button `link` with `values`: main's POST and review, into the pay review store. */
  review: (link: number, values: Record<string, string | string[]>) => Promise<void>;
  /** The chain's next action once `signature` is confirmed; it replaces the shown action. */
  next: (signature: string) => Promise<void>;
  clear: () => void;
}

export const useActionStore = create<ActionStore>()((set, get) => ({
  open: { state: 'empty' },
  reviewed: null,
  nextError: null,

  read: async (text) => {
    const current = get().open;
    if (current.state !== 'empty' && current.text === text) return;
    set({ open: { state: 'reading', text }, reviewed: null, nextError: null });
    const result = await callWallet((w) => w.action.open({ text }));
    const now = get().open;
    if (now.state !== 'reading' || now.text !== text) return;
    set({
      open: result.ok
        ? { state: 'ready', text, action: result.value }
        : { state: 'failed', text, error: result.error },
    });
  },

  review: async (link, values) => {
    const open = get().open;
    if (open.state !== 'ready') return;
    set({ reviewed: null, nextError: null });
    await usePayReviewStore
      .getState()
      .reviewTicket('action', async (w) =>
        passTicketOn(
          await w.action.review({ actionId: open.action.actionId, link, values }),
          (reviewed) => set({ reviewed }),
        ),
      );
  },

  next: async (signature) => {
    const open = get().open;
    if (open.state !== 'ready') return;
    const result = await callWallet((w) => w.action.next({ signature }));
    if (!result.ok) {
      set({ nextError: result.error.message });
      return;
    }
    usePayReviewStore.getState().reset();
    set({ open: { ...open, action: result.value }, reviewed: null, nextError: null });
  },

  clear: () => set({ open: { state: 'empty' }, reviewed: null, nextError: null }),
}));
