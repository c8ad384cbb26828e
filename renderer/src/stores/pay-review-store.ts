/**
 * From **Review payment** (or **Create payee account**) to a final status and the receipt:
 * `pay.review` / `pay.createDestination` answer a ticket with the review report; **Approve and
 * sign** sends it back with `pay.approve`; `swap.status` is polled until the transaction is
 * confirmed, failed or expired; a confirmed payment's receipt is read with `pay.receipt`.
 *
 * The review and submission shapes are the swap's, so the swap's review panel shows them. One
 * approval per ticket: the submission is marked started before any await.
 */
import { create, type StateCreator } from 'zustand';
import type { PaymentReceiptView, ReviewTicketView } from '../../../preload/api-types';
import type { WalletApi } from '../../../preload/wallet-api';
import type { Result } from '../../../main/shared/result';
import { callWallet } from '../lib/wallet';
import { readEnd, type ReadEnd } from './read-end';
import {
  createSubmissionFlow,
  type ApproveCall,
  type ApproveOptions,
  type ReviewState,
  type Submission,
  type SubmissionTiming,
} from './submission-flow';

/**
 * What the open review is of: the payment itself, creating the payee's token account, the swap
 * into SOL a payment without SOL needs first (issue 32), a merchant's own transaction (a Solana
 * Pay transaction request, issue 34: approved with merchant.approve; or a Solana Action's,
 * with action.approve), the swap into the token
 * a merchant's transaction pays in when the person lacks it (a swap ticket), or (the fees screen reuses this store)
 * creating or claiming a fee account.
 */
export type PayReviewKind =
  | 'payment'
  | 'merchant'
  | 'action'
  | 'swap-first'
  | 'destination'
  | 'sol-first'
  | 'fee-account'
  | 'claim';

export type ReceiptState =
  { state: 'none' } | { state: 'reading' } | ReadEnd<'receipt', PaymentReceiptView>;

export interface PayReviewStore {
  kind: PayReviewKind;
  review: ReviewState;
  submission: Submission;
  receipt: ReceiptState;
  /** Builds and reviews the planned payment. */
  reviewPayment: (planId: string) => Promise<void>;
  /** Builds and reviews the transaction that creates the payee's token account. */
  reviewDestination: (text: string) => Promise<void>;
  /** Reviews the gasless swap into SOL the plan needs first (pay.solFirst). */
  reviewSolFirst: (planId: string) => Promise<void>;
  /** Reviews a ticket another method builds (fees.createAccount, fees.claim). */
  reviewTicket: (
    kind: PayReviewKind,
    call: (wallet: WalletApi) => Promise<Result<ReviewTicketView>>,
  ) => Promise<void>;
  approve: (approval?: ApproveOptions) => Promise<void>;
  reset: () => void;
}

export const initialPayReviewState = {
  kind: 'payment' as PayReviewKind,
  review: { state: 'idle' } as ReviewState,
  submission: { state: 'idle' } as Submission,
  receipt: { state: 'none' } as ReceiptState,
};

export interface PayReviewDeps extends SubmissionTiming {
  /** The approve method of the tickets this store reviews: pay.approve by default. */
  approveWith?: ApproveCall;
}

export function createPayReviewStoreCreator(
  deps: PayReviewDeps = {},
): StateCreator<PayReviewStore> {
  const { approveWith = (w, request) => w.pay.approve(request), ...timing } = deps;

  return (set, get) => {
    let round = 0;

    const readReceipt = async (signature: string, mine: number): Promise<void> => {
      const kind = get().kind;
      if (kind !== 'payment' && kind !== 'merchant' && kind !== 'action') return;
      set({ receipt: { state: 'reading' } });
      const result = await callWallet((w) => w.pay.receipt({ signature }));
      if (mine !== round) return;
      set({ receipt: readEnd(result, 'receipt') });
    };

    const { approve } = createSubmissionFlow({
      ...timing,
      current: get,
      setSubmission: (submission) => set({ submission }),
      round: () => round,
      // The swap into SOL is a swap ticket: approved as a swap (pay.approve refuses it).
      approveWith: (w, request) =>
        get().kind === 'sol-first' || get().kind === 'swap-first'
          ? w.swap.approve(request)
          : get().kind === 'merchant'
            ? w.merchant.approve(request)
            : get().kind === 'action'
              ? w.action.approve(request)
              : approveWith(w, request),
      onConfirmed: readReceipt,
    });

    const start = async (
      kind: PayReviewKind,
      call: (wallet: WalletApi) => Promise<Result<ReviewTicketView>>,
    ) => {
      round += 1;
      const mine = round;
      set({
        kind,
        review: { state: 'loading', quoteId: '' },
        submission: { state: 'idle' },
        receipt: { state: 'none' },
      });
      const result = await callWallet(call);
      if (mine !== round) return;
      set({ review: readEnd(result, 'ticket') });
    };

    return {
      ...initialPayReviewState,

      reviewPayment: (planId) => start('payment', (w) => w.pay.review({ planId })),
      reviewDestination: (text) => start('destination', (w) => w.pay.createDestination({ text })),
      reviewSolFirst: (planId) => start('sol-first', (w) => w.pay.solFirst({ planId })),
      reviewTicket: start,

      approve,

      reset: () => {
        round += 1;
        set(initialPayReviewState);
      },
    };
  };
}

export const usePayReviewStore = create<PayReviewStore>()(createPayReviewStoreCreator());
