/**
 * From **Review swap** to a final status: `swap.review` answers a ticket with the review
 * report; **Approve and sign** sends the ticket and its bytes back with `swap.approve`; then
 * `swap.status` is polled until the transaction is confirmed, failed or expired.
 *
 * One approval per ticket: `approve` marks the submission as started synchronously, before any
 * await, so a second click (or a double click the browser delivers as two events before React
 * re-renders the disabled button) finds it started and sends nothing.
 */
import { create, type StateCreator } from 'zustand';
import type { ReviewTicketView, TransactionStatusView } from '../../../preload/api-types';
import type { BridgeError } from '../../../main/shared/result';
import { callWallet } from '../lib/wallet';

export type ReviewState =
  | { state: 'idle' }
  | { state: 'loading'; quoteId: string }
  | { state: 'ready'; ticket: ReviewTicketView }
  | { state: 'failed'; error: BridgeError };

export type Submission =
  | { state: 'idle' }
  | { state: 'submitting' }
  | { state: 'pending'; signature: string }
  | { state: 'confirmed'; signature: string; explorerUrl: string | null }
  | { state: 'failed'; signature: string | null; error: BridgeError }
  | { state: 'expired'; signature: string | null; message: string };

export interface SwapReviewStore {
  review: ReviewState;
  submission: Submission;
  /** Builds and reviews the transaction of a quote. */
  startReview: (quoteId: string) => Promise<void>;
  /** Signs and sends the reviewed transaction, then follows its status. */
  approve: () => Promise<void>;
  /** Back to the form (drops the review and any finished submission). */
  reset: () => void;
}

export const initialSwapReviewState = {
  review: { state: 'idle' } as ReviewState,
  submission: { state: 'idle' } as Submission,
};

export interface SwapReviewDeps {
  /** Pause between two status polls. */
  pollMs?: number;
  /** Polls before giving up on a status (the transaction stays in Activity). */
  maxPolls?: number;
  wait?: (ms: number) => Promise<void>;
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Error codes of swap.approve that mean "too late: quote again". */
const EXPIRED_CODES = new Set(['TICKET_EXPIRED', 'QUOTE_NOT_FOUND', 'TICKET_NOT_FOUND']);

export function createSwapReviewStoreCreator(
  deps: SwapReviewDeps = {},
): StateCreator<SwapReviewStore> {
  const pollMs = deps.pollMs ?? 1000;
  const maxPolls = deps.maxPolls ?? 180;
  const wait = deps.wait ?? realWait;

  return (set, get) => {
    /** Bumped by reset: a poll loop or review answer of an older round stops quietly. */
    let round = 0;

    const follow = async (signature: string, mine: number): Promise<void> => {
      for (let i = 0; i < maxPolls; i += 1) {
        await wait(pollMs);
        if (mine !== round) return;
        const result = await callWallet((w) => w.swap.status({ signature }));
        if (mine !== round) return;
        if (!result.ok) continue; // a dropped poll is retried; the transaction is still out there
        const status: TransactionStatusView = result.value;
        if (status.status === 'confirmed') {
          set({ submission: { state: 'confirmed', signature, explorerUrl: status.explorerUrl } });
          return;
        }
        if (status.status === 'failed') {
          set({
            submission: {
              state: 'failed',
              signature,
              error: {
                code: 'TRANSACTION_FAILED',
                message: status.error ?? 'The transaction failed on the network.',
              },
            },
          });
          return;
        }
        if (status.status === 'expired') {
          set({
            submission: {
              state: 'expired',
              signature,
              message:
                status.error ??
                'The transaction expired before the network confirmed it. Nothing was spent.',
            },
          });
          return;
        }
      }
    };

    return {
      ...initialSwapReviewState,

      startReview: async (quoteId) => {
        round += 1;
        const mine = round;
        set({ review: { state: 'loading', quoteId }, submission: { state: 'idle' } });
        const result = await callWallet((w) => w.swap.review({ quoteId }));
        if (mine !== round) return;
        set({
          review: result.ok
            ? { state: 'ready', ticket: result.value }
            : { state: 'failed', error: result.error },
        });
      },

      approve: async () => {
        const { review, submission } = get();
        if (review.state !== 'ready' || submission.state !== 'idle') return;
        if (!review.ticket.report.accepted) return; // nothing to approve: the guard refused
        set({ submission: { state: 'submitting' } });
        const mine = round;
        const { ticketId, transactionBase64 } = review.ticket;
        const result = await callWallet((w) => w.swap.approve({ ticketId, transactionBase64 }));
        if (mine !== round) return;
        if (!result.ok) {
          set({
            submission: EXPIRED_CODES.has(result.error.code)
              ? { state: 'expired', signature: null, message: result.error.message }
              : { state: 'failed', signature: null, error: result.error },
          });
          return;
        }
        const { signature, status } = result.value;
        if (status === 'confirmed') {
          set({ submission: { state: 'confirmed', signature, explorerUrl: null } });
          return;
        }
        set({ submission: { state: 'pending', signature } });
        await follow(signature, mine);
      },

      reset: () => {
        round += 1;
        set(initialSwapReviewState);
      },
    };
  };
}

export const useSwapReviewStore = create<SwapReviewStore>()(createSwapReviewStoreCreator());
