/**
 * The review step: the report of the transaction main built and simulated, **Approve and
 * sign** (only when the guard accepted it; disabled from the first click on), and the status
 * of the sent transaction: Pending, then **Confirmed**, or Expired with **Get a fresh quote**.
 */
import { useEffect, useRef, useState } from 'react';
import { TokenWarnings } from './TokenWarnings';
import type { TokenInfo } from '../../../../preload/api-types';
import type { ReviewState, Submission } from '../../stores/swap-review-store';
import { ReviewReport, SWAP_VERDICT, type ReviewVerdictWords } from './ReviewReport';
import { LedgerPrompt } from './LedgerPrompt';
import { selectCurrentAccount, useAccountsStore } from '../../stores/accounts-store';
import { ServiceMessage } from '../ServiceMessage';

export interface ReviewPanelProps {
  review: Exclude<ReviewState, { state: 'idle' }>;
  submission: Submission;
  tokens: readonly TokenInfo[];
  /** The screen's clock (ms), ticking every second: the ticket's time left. */
  now: number;
  /** Approve and sign; `risksAcknowledged` when the person ticked **I understand this risk**. */
  onApprove: (approval: { risksAcknowledged: boolean }) => void;
  /** Back to the form with the same inputs. */
  onEdit: () => void;
  /** Drop this review and quote again. */
  onFreshQuote: () => void;
  /** After a confirmed swap: a clean form. */
  onDone: () => void;
  /** Words of another flow that reuses this panel (the pay screen); the swap's by default. */
  labels?: ReviewPanelLabels;
}

export interface ReviewPanelLabels {
  /** Back to the form ("Edit swap"). */
  edit: string;
  /** A clean form after Confirmed ("New swap"). */
  done: string;
  /** Accessible name of the status ("Swap status"). */
  status: string;
  /**
   * The report's headline, accepted or refused: what this kind of transaction was checked
   * against (a quote, a payment request, an account creation).
   */
  verdict: ReviewVerdictWords;
}

const SWAP_LABELS: ReviewPanelLabels = {
  edit: 'Edit swap',
  done: 'New swap',
  status: 'Swap status',
  verdict: SWAP_VERDICT,
};

function statusText(submission: Submission): string {
  switch (submission.state) {
    case 'idle':
      return '';
    case 'submitting':
      return 'Signing and sending…';
    case 'refused':
      return 'Not signed';
    case 'pending':
      return 'Pending';
    case 'confirmed':
      return 'Confirmed';
    case 'failed':
      return 'Failed';
    case 'expired':
      return 'Expired';
  }
}

export function ReviewPanel(props: ReviewPanelProps) {
  const { review, submission, tokens } = props;
  const labels = props.labels ?? SWAP_LABELS;
  const statusRef = useRef<HTMLDivElement>(null);
  // A Ledger account signs on its device: the review says so while it waits (issue 17).
  const signer = useAccountsStore(selectCurrentAccount);
  // The acknowledgement belongs to one review: a new ticket starts unticked.
  const ticketId = review.state === 'ready' ? review.ticket.ticketId : null;
  const [ack, setAck] = useState<{ ticketId: string | null; yes: boolean }>({
    ticketId: null,
    yes: false,
  });
  const acknowledged = ack.ticketId === ticketId && ack.yes;
  const setAcknowledged = (yes: boolean) => setAck({ ticketId, yes });
  // The status sits under the long report: bring it into view when it changes, so that the
  // person who clicked Approve sees Pending, then Confirmed.
  useEffect(() => {
    if (submission.state !== 'idle') statusRef.current?.scrollIntoView?.({ block: 'nearest' });
  }, [submission.state]);
  if (review.state === 'loading') {
    return (
      <section className="card" aria-labelledby="review-title" aria-busy="true">
        <h2 id="review-title" className="card-title">
          Review
        </h2>
        <p role="status">Building and simulating the transaction…</p>
      </section>
    );
  }
  if (review.state === 'failed') {
    return (
      <section className="card" aria-labelledby="review-title">
        <h2 id="review-title" className="card-title">
          Review
        </h2>
        <p role="alert" className="alert">
          {review.error.message}
        </p>
        <ServiceMessage error={review.error} />
        <div className="actions">
          <button type="button" className="button button-primary" onClick={props.onFreshQuote}>
            Get a fresh quote
          </button>
          <button type="button" className="button" onClick={props.onEdit}>
            {labels.edit}
          </button>
        </div>
      </section>
    );
  }
  const { report } = review.ticket;
  const mustAcknowledge = report.tokenWarnings.some((warning) => warning.mustAcknowledge);
  const secondsLeft = Math.floor((Date.parse(review.ticket.expiresAt) - props.now) / 1000);
  // Past the ticket's expiry main refuses to sign: say so before the click, not after.
  // Refused by the Ledger: nothing was signed and the ticket stands, so Approve works again.
  const approvable = submission.state === 'idle' || submission.state === 'refused';
  const ticketExpired = approvable && secondsLeft <= 0;
  const started = !approvable;
  const finished =
    submission.state === 'confirmed' ||
    submission.state === 'failed' ||
    submission.state === 'expired';
  return (
    <section className="card review" aria-labelledby="review-title">
      <h2 id="review-title" className="card-title">
        Review
      </h2>
      <ReviewReport
        report={report}
        tokens={tokens}
        verdict={labels.verdict}
        risksPending={mustAcknowledge && !acknowledged}
      />
      <TokenWarnings
        key={review.ticket.ticketId}
        warnings={report.tokenWarnings}
        acknowledged={acknowledged}
        onAcknowledged={setAcknowledged}
      />
      <div className="actions review-actions">
        {report.accepted && !finished && !ticketExpired ? (
          <button
            type="button"
            className="button button-primary button-large"
            disabled={started || (mustAcknowledge && !acknowledged)}
            aria-disabled={started || (mustAcknowledge && !acknowledged)}
            onClick={() => props.onApprove({ risksAcknowledged: mustAcknowledge && acknowledged })}
          >
            Approve and sign
          </button>
        ) : null}
        {!started || finished ? (
          <button type="button" className="button" onClick={props.onEdit}>
            {submission.state === 'confirmed' ? 'Back to the form' : labels.edit}
          </button>
        ) : null}
        {!report.accepted || ticketExpired ? (
          <button type="button" className="button" onClick={props.onFreshQuote}>
            Get a fresh quote
          </button>
        ) : null}
      </div>
      {report.accepted && approvable ? (
        <p className="muted small">
          {ticketExpired
            ? 'This review has expired: prices move, so get a fresh quote and review again.'
            : `Approve within ${secondsLeft} s, or review again with a fresh quote.`}
        </p>
      ) : null}
      <div className="submission" ref={statusRef}>
        <p
          role="status"
          aria-label={labels.status}
          className={`swap-status swap-status-${submission.state}`}
        >
          {statusText(submission)}
        </p>
        {submission.state === 'submitting' && signer?.kind === 'ledger' ? (
          <LedgerPrompt account={signer.address} />
        ) : null}
        {submission.state === 'pending' ? (
          <p className="muted small">Sent. Waiting for the network to confirm it…</p>
        ) : null}
        {submission.state === 'confirmed' ? (
          <div className="actions">
            {submission.explorerUrl ? (
              <a href={submission.explorerUrl} target="_blank" rel="noreferrer noopener">
                View in the explorer
              </a>
            ) : null}
            <a href="#/activity">See it in Activity</a>
            <button type="button" className="button button-primary" onClick={props.onDone}>
              {labels.done}
            </button>
          </div>
        ) : null}
        {submission.state === 'failed' || submission.state === 'refused' ? (
          <>
            <p role="alert" className="alert">
              {submission.error.message}
            </p>
            <ServiceMessage error={submission.error} />
          </>
        ) : null}
        {submission.state === 'expired' ? (
          <>
            <p className="alert">{submission.message}</p>
            <button type="button" className="button button-primary" onClick={props.onFreshQuote}>
              Get a fresh quote
            </button>
          </>
        ) : null}
      </div>
    </section>
  );
}

/** What a screen's review store holds and does that the panel needs. */
export interface ReviewFlow {
  review: ReviewState;
  submission: Submission;
  /** Its promise is the store's to follow, not the panel's. */
  approve: (approval: { risksAcknowledged: boolean }) => Promise<unknown>;
  reset: () => void;
}

export interface OpenReviewPanelProps extends Omit<
  ReviewPanelProps,
  'review' | 'submission' | 'onApprove' | 'onEdit' | 'onFreshQuote' | 'onDone'
> {
  flow: ReviewFlow;
  /** Drop the review and quote again; by default only drops it. */
  onFreshQuote?: () => void;
  /** After a confirmed transaction; by default drops the review. */
  onDone?: () => void;
}

/**
 * The review panel of `flow` while a review is open (any state but idle); nothing otherwise.
 * **Edit** drops the review and keeps the form.
 */
export function OpenReviewPanel({ flow, onFreshQuote, onDone, ...rest }: OpenReviewPanelProps) {
  const { review, submission, approve, reset } = flow;
  if (review.state === 'idle') return null;
  return (
    <ReviewPanel
      review={review}
      submission={submission}
      onApprove={(approval) => void approve(approval)}
      onEdit={reset}
      onFreshQuote={onFreshQuote ?? reset}
      onDone={onDone ?? reset}
      {...rest}
    />
  );
}
