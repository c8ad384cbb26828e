/**
 * The part of a review store that swaps and payments share after the review: **Approve and
 * sign** sends the ticket and its bytes back, then `swap.status` is polled until the
 * transaction is confirmed, failed or expired. The stores keep their own state and actions;
 * this module only writes their `submission`.
 *
 * One approval per ticket: `approve` marks the submission as started synchronously, before any
 * await, so a second click (or a double click the browser delivers as two events before React
 * re-renders the disabled button) finds it started and sends nothing.
 */
import type {
  ReviewTicketView,
  SubmissionView,
  TransactionStatusView,
} from '../../../preload/api-types';
import type { WalletApi } from '../../../preload/wallet-api';
import type { BridgeError, Result } from '../../../main/shared/result';
import { callWallet } from '../lib/wallet';
import type { ReadEnd } from './read-end';

export type ReviewState =
  { state: 'idle' } | { state: 'loading'; quoteId: string } | ReadEnd<'ticket', ReviewTicketView>;

export type Submission =
  | { state: 'idle' }
  | { state: 'submitting' }
  | { state: 'pending'; signature: string }
  | { state: 'confirmed'; signature: string; explorerUrl: string | null }
  | { state: 'failed'; signature: string | null; error: BridgeError }
  /**
   * The Ledger did not sign (rejected on the device, blind signing off, locked, unplugged...):
   * nothing was signed and the ticket still stands until it expires, so Approve works again.
   */
  | { state: 'refused'; error: BridgeError }
  | { state: 'expired'; signature: string | null; message: string };

/** How a store follows a sent transaction; tests pass a `wait` that does not sleep. */
export interface SubmissionTiming {
  /** Pause between two status polls. */
  pollMs?: number;
  /** Polls before giving up on a status (the transaction stays in Activity). */
  maxPolls?: number;
  wait?: (ms: number) => Promise<void>;
}

/** The approve method of a ticket: swap.approve, pay.approve, fees' own. */
export type ApproveCall = (
  wallet: WalletApi,
  request: { ticketId: string; transactionBase64: string; risksAcknowledged?: boolean },
) => Promise<Result<SubmissionView>>;

/** What the person confirmed with the approval (the review's **I understand this risk**). */
export interface ApproveOptions {
  risksAcknowledged?: boolean;
}

export interface SubmissionFlowOptions extends SubmissionTiming {
  /** The store's review and submission as they are now. */
  current: () => { review: ReviewState; submission: Submission };
  setSubmission: (submission: Submission) => void;
  /** The store's round, bumped by reset or a new review: older work then stops quietly. */
  round: () => number;
  approveWith: ApproveCall;
  /** Runs once a confirmed status is shown (a payment reads its receipt). */
  onConfirmed?: (signature: string, mine: number) => Promise<void>;
}

const realWait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The first polls come sooner than the rest: most transactions are confirmed within a second
 * of being sent, and the person is looking at the status, waiting for that word (issue 36:
 * a whole second's pause before the first poll made every swap look a second slower).
 */
export const QUICK_POLLS = 4;
export const QUICK_POLL_MS = 250;

/** Error codes of an approve that mean "too late: review again". */
const EXPIRED_CODES = new Set(['TICKET_EXPIRED', 'QUOTE_NOT_FOUND', 'TICKET_NOT_FOUND']);

/**
 * The approve action of a review store: sign and send the ready ticket, then follow its status
 * into `submission`.
 *
 * @example const { approve } = createSubmissionFlow({ current: get, setSubmission: (submission) => set({ submission }), round: () => round, approveWith: (w, r) => w.swap.approve(r) });
 */
export function createSubmissionFlow(options: SubmissionFlowOptions): {
  approve: (approval?: ApproveOptions) => Promise<void>;
} {
  const pollMs = options.pollMs ?? 1000;
  // About three minutes of polls, the quick ones included.
  const maxPolls = options.maxPolls ?? 183;
  const wait = options.wait ?? realWait;
  const { current, setSubmission, round, approveWith, onConfirmed } = options;

  /** Shows a final status; false while the transaction is still pending. */
  const settle = async (status: TransactionStatusView, mine: number): Promise<boolean> => {
    const { signature } = status;
    if (status.status === 'confirmed') {
      setSubmission({ state: 'confirmed', signature, explorerUrl: status.explorerUrl });
      await onConfirmed?.(signature, mine);
      return true;
    }
    if (status.status === 'failed') {
      setSubmission({
        state: 'failed',
        signature,
        error: {
          code: 'TRANSACTION_FAILED',
          message: status.error ?? 'The transaction failed on the network.',
        },
      });
      return true;
    }
    if (status.status === 'expired') {
      setSubmission({
        state: 'expired',
        signature,
        message:
          status.error ??
          'The transaction expired before the network confirmed it. Nothing was spent.',
      });
      return true;
    }
    return false;
  };

  const follow = async (signature: string, mine: number): Promise<void> => {
    for (let i = 0; i < maxPolls; i += 1) {
      await wait(i < QUICK_POLLS ? Math.min(QUICK_POLL_MS, pollMs) : pollMs);
      if (mine !== round()) return;
      const result = await callWallet((w) => w.swap.status({ signature }));
      if (mine !== round()) return;
      if (!result.ok) continue; // a dropped poll is retried; the transaction is still out there
      if (await settle(result.value, mine)) return;
    }
  };

  const approve = async (approval: ApproveOptions = {}): Promise<void> => {
    const { review, submission } = current();
    if (review.state !== 'ready') return;
    if (submission.state !== 'idle' && submission.state !== 'refused') return;
    if (!review.ticket.report.accepted) return; // nothing to approve: the guard refused
    setSubmission({ state: 'submitting' });
    const mine = round();
    const { ticketId, transactionBase64 } = review.ticket;
    const acknowledged = approval.risksAcknowledged === true ? { risksAcknowledged: true } : {};
    const result = await callWallet((w) =>
      approveWith(w, { ticketId, transactionBase64, ...acknowledged }),
    );
    if (mine !== round()) return;
    if (!result.ok) {
      setSubmission(
        EXPIRED_CODES.has(result.error.code)
          ? { state: 'expired', signature: null, message: result.error.message }
          : result.error.code.startsWith('LEDGER_')
            ? { state: 'refused', error: result.error }
            : { state: 'failed', signature: null, error: result.error },
      );
      return;
    }
    const { signature, status } = result.value;
    if (status === 'confirmed') {
      // Confirmed within the approve call: no explorer link came with it.
      await settle({ signature, status, error: null, activityId: null, explorerUrl: null }, mine);
      return;
    }
    setSubmission({ state: 'pending', signature });
    await follow(signature, mine);
  };

  return { approve };
}
