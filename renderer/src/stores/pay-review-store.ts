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
import type {
  PaymentReceiptView,
  ReviewTicketView,
  SubmissionView,
  TransactionStatusView,
} from '../../../preload/api-types';
import type { WalletApi } from '../../../preload/wallet-api';
import type { BridgeError, Result } from '../../../main/shared/result';
import type { ReviewState, Submission } from './swap-review-store';
import { callWallet } from '../lib/wallet';

/**
 * What the open review is of: the payment itself, creating the payee's token account, or (the
 * fees screen reuses this store) creating or claiming a fee account.
 */
export type PayReviewKind = 'payment' | 'destination' | 'fee-account' | 'claim';

export type ReceiptState =
  | { state: 'none' }
  | { state: 'reading' }
  | { state: 'ready'; receipt: PaymentReceiptView }
  | { state: 'failed'; error: BridgeError };

export interface PayReviewStore {
  kind: PayReviewKind;
  review: ReviewState;
  submission: Submission;
  receipt: ReceiptState;
  /** Builds and reviews the planned payment. */
  reviewPayment: (planId: string) => Promise<void>;
  /** Builds and reviews the transaction that creates the payee's token account. */
  reviewDestination: (text: string) => Promise<void>;
  /** Reviews a ticket another method builds (fees.createAccount, fees.claim). */
  reviewTicket: (
    kind: PayReviewKind,
    call: (wallet: WalletApi) => Promise<Result<ReviewTicketView>>,
  ) => Promise<void>;
  approve: () => Promise<void>;
  reset: () => void;
}

export const initialPayReviewState = {
  kind: 'payment' as PayReviewKind,
  review: { state: 'idle' } as ReviewState,
  submission: { state: 'idle' } as Submission,
  receipt: { state: 'none' } as ReceiptState,
};

export interface PayReviewDeps {
  pollMs?: number;
  maxPolls?: number;
  wait?: (ms: number) => Promise<void>;
  /** The approve method of the tickets this store reviews: pay.approve by default. */
  approveWith?: (
    wallet: WalletApi,
    request: { ticketId: string; transactionBase64: string },
  ) => Promise<Result<SubmissionView>>;
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const EXPIRED_CODES = new Set(['TICKET_EXPIRED', 'QUOTE_NOT_FOUND', 'TICKET_NOT_FOUND']);

export function createPayReviewStoreCreator(
  deps: PayReviewDeps = {},
): StateCreator<PayReviewStore> {
  const pollMs = deps.pollMs ?? 1000;
  const maxPolls = deps.maxPolls ?? 180;
  const wait = deps.wait ?? realWait;
  const approveWith = deps.approveWith ?? ((w, request) => w.pay.approve(request));

  return (set, get) => {
    let round = 0;

    const readReceipt = async (signature: string, mine: number): Promise<void> => {
      if (get().kind !== 'payment') return;
      set({ receipt: { state: 'reading' } });
      const result = await callWallet((w) => w.pay.receipt({ signature }));
      if (mine !== round) return;
      set({
        receipt: result.ok
          ? { state: 'ready', receipt: result.value }
          : { state: 'failed', error: result.error },
      });
    };

    const settle = async (status: TransactionStatusView, mine: number): Promise<boolean> => {
      const { signature } = status;
      if (status.status === 'confirmed') {
        set({ submission: { state: 'confirmed', signature, explorerUrl: status.explorerUrl } });
        await readReceipt(signature, mine);
        return true;
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
        return true;
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
        return true;
      }
      return false;
    };

    const follow = async (signature: string, mine: number): Promise<void> => {
      for (let i = 0; i < maxPolls; i += 1) {
        await wait(pollMs);
        if (mine !== round) return;
        const result = await callWallet((w) => w.swap.status({ signature }));
        if (mine !== round) return;
        if (!result.ok) continue; // a dropped poll is retried; the transaction is still out there
        if (await settle(result.value, mine)) return;
      }
    };

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
      set({
        review: result.ok
          ? { state: 'ready', ticket: result.value }
          : { state: 'failed', error: result.error },
      });
    };

    return {
      ...initialPayReviewState,

      reviewPayment: (planId) => start('payment', (w) => w.pay.review({ planId })),
      reviewDestination: (text) => start('destination', (w) => w.pay.createDestination({ text })),
      reviewTicket: start,

      approve: async () => {
        const { review, submission } = get();
        if (review.state !== 'ready' || submission.state !== 'idle') return;
        if (!review.ticket.report.accepted) return; // the guard refused: nothing to approve
        set({ submission: { state: 'submitting' } });
        const mine = round;
        const { ticketId, transactionBase64 } = review.ticket;
        const result = await callWallet((w) => approveWith(w, { ticketId, transactionBase64 }));
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
          await settle(
            { signature, status, error: null, activityId: null, explorerUrl: null },
            mine,
          );
          return;
        }
        set({ submission: { state: 'pending', signature } });
        await follow(signature, mine);
      },

      reset: () => {
        round += 1;
        set(initialPayReviewState);
      },
    };
  };
}

export const usePayReviewStore = create<PayReviewStore>()(createPayReviewStoreCreator());
