/**
 * A Solana Action as main read it (issue 34 point 5): the domain main called (and the site
 * whose actions.json named it), the action's title, icon (checked by main, or why not),
 * description and non-fatal error, that it is unverified, and its buttons with their forms
 * (ActionForm). After a button, what the transaction does and the action's message; once it
 * is confirmed, the chain's next action when the action offers one.
 */
import type { ActionReviewView } from '../../../../preload/api-types';
import type { ActionOpenState } from '../../stores/action-store';
import { ActionForm } from './ActionForm';
import { RequestTitle, ReviewedWords } from './RequestParts';

export interface ActionRequestProps {
  open: ActionOpenState;
  reviewed: Omit<ActionReviewView, 'ticket'> | null;
  /** A review is open: the buttons wait. */
  busy: boolean;
  /** The confirmed transaction's signature, when the chain's next action may be read. */
  confirmedSignature: string | null;
  nextError: string | null;
  onReview: (link: number, values: Record<string, string | string[]>) => void;
  onNext: (signature: string) => void;
}

export function ActionRequest(props: ActionRequestProps) {
  const { open, reviewed, busy, confirmedSignature, nextError } = props;
  if (open.state === 'empty') return null;
  if (open.state === 'reading')
    return <p role="status">Asking the action’s site what it offers…</p>;
  // A refusal is shown on the Payment request field itself (PayScreen).
  if (open.state === 'failed') return null;
  const { action } = open;
  return (
    <section className="payment-request" aria-labelledby="action-title">
      <RequestTitle id="action-title" icon={action.icon}>
        {action.title}
      </RequestTitle>
      <p>{action.description}</p>
      <dl className="facts" aria-label="Action">
        <dt>Action’s web address</dt>
        <dd className="mono break">{action.domain}</dd>
        {action.site !== null && action.site !== action.domain ? (
          <>
            <dt>Named by the site</dt>
            <dd className="mono break">{action.site}</dd>
          </>
        ) : null}
      </dl>
      <p className="notice" role="note">
        {action.verification}
      </p>
      {action.iconNote ? <p className="muted small">{action.iconNote}</p> : null}
      {action.error ? <p role="alert">{action.error}</p> : null}
      {action.type === 'completed' ? (
        <p className="lead">{action.label}: this action is complete.</p>
      ) : (
        action.links.map((link, index) => (
          <ActionForm
            key={`${action.actionId}-${index}`}
            link={link}
            disabled={busy || action.disabled}
            onSubmit={(values) => props.onReview(index, values)}
          />
        ))
      )}
      <ReviewedWords reviewed={reviewed} owner="action" />
      {reviewed?.chained && confirmedSignature ? (
        <button type="button" className="primary" onClick={() => props.onNext(confirmedSignature)}>
          Continue with the action
        </button>
      ) : null}
      {nextError ? <p role="alert">{nextError}</p> : null}
    </section>
  );
}
