/**
 * From **Review swap** to a final status: `swap.review` answers a ticket with the review
 * report; **Approve and sign** sends the ticket and its bytes back with `swap.approve`; then
 * `swap.status` is polled until the transaction is confirmed, failed or expired (the approve
 * and poll steps are submission-flow's, shared with payments).
 */
import { create, type StateCreator } from 'zustand';
import { callWallet } from '../lib/wallet';
import { readEnd } from './read-end';
import {
  createSubmissionFlow,
  type ApproveOptions,
  type ReviewState,
  type Submission,
  type SubmissionTiming,
} from './submission-flow';

export type { ReviewState, Submission } from './submission-flow';

export interface SwapReviewStore {
  review: ReviewState;
  submission: Submission;
  /** Builds and reviews the transaction of a quote. */
  startReview: (quoteId: string) => Promise<void>;
  /** Signs and sends the reviewed transaction, then follows its status. */
  approve: (approval?: ApproveOptions) => Promise<void>;
  /** Back to the form (drops the review and any finished submission). */
  reset: () => void;
}

export const initialSwapReviewState = {
  review: { state: 'idle' } as ReviewState,
  submission: { state: 'idle' } as Submission,
};

export type SwapReviewDeps = SubmissionTiming;

export function createSwapReviewStoreCreator(
  deps: SwapReviewDeps = {},
): StateCreator<SwapReviewStore> {
  return (set, get) => {
    /** Bumped by reset: a poll loop or review answer of an older round stops quietly. */
    let round = 0;

    const { approve } = createSubmissionFlow({
      ...deps,
      current: get,
      setSubmission: (submission) => set({ submission }),
      round: () => round,
      approveWith: (w, request) => w.swap.approve(request),
    });

    return {
      ...initialSwapReviewState,

      startReview: async (quoteId) => {
        round += 1;
        const mine = round;
        set({ review: { state: 'loading', quoteId }, submission: { state: 'idle' } });
        const result = await callWallet((w) => w.swap.review({ quoteId }));
        if (mine !== round) return;
        set({ review: readEnd(result, 'ticket') });
      },

      approve,

      reset: () => {
        round += 1;
        set(initialSwapReviewState);
      },
    };
  };
}

export const useSwapReviewStore = create<SwapReviewStore>()(createSwapReviewStoreCreator());
