/**
 * A merchant's transaction request as main read it (issue 34): the domain main called (the
 * only name of the merchant the wallet vouches for), the merchant's label and its icon (a
 * data: URL main checked as it checks token logos, or the reason none is shown), then, after
 * **Review payment**, what the merchant's transaction does in one sentence and the merchant's
 * message (SPEC1.1.md: at least its first 80 characters). Once the payment is confirmed, the
 * merchant's page (its redirect) can be opened.
 */
import type { MerchantReviewView } from '../../../../preload/api-types';
import type { MerchantOpenState } from '../../stores/merchant-store';
import { formatUnits } from '../../lib/format';

export interface MerchantRequestProps {
  open: MerchantOpenState;
  reviewed: Omit<MerchantReviewView, 'ticket'> | null;
  busy: boolean;
  /** The confirmed payment's signature, when its redirect may be followed. */
  confirmedSignature: string | null;
  redirectError: string | null;
  /** The merchant's review is open (and refused for want of the token): the swap may come first. */
  offerSwapFirst: boolean;
  /** The paid token's symbol, for the swap-first offer. */
  symbol: string | null;
  onReview: () => void;
  /** Swaps SOL into exactly what the person lacks of the paid token, reviewed on its own. */
  onSwapFirst: () => void;
  onRedirect: (signature: string) => void;
}

export function MerchantRequest(props: MerchantRequestProps) {
  const { open, reviewed, busy, confirmedSignature, redirectError } = props;
  if (open.state === 'empty') return null;
  if (open.state === 'reading') {
    return <p role="status">Asking the merchant who it is…</p>;
  }
  // A refusal is shown on the Payment request field itself (PayScreen).
  if (open.state === 'failed') return null;
  const { merchant } = open;
  return (
    <section className="payment-request" aria-labelledby="merchant-title">
      <h2 id="merchant-title" className="card-title">
        {merchant.icon ? (
          <img src={merchant.icon} alt="" width={24} height={24} className="merchant-icon" />
        ) : null}{' '}
        {merchant.label ? `Payment to ${merchant.label}` : 'Payment to a merchant'}
      </h2>
      <dl className="facts" aria-label="Merchant">
        <dt>Merchant’s web address</dt>
        <dd className="mono break">{merchant.domain}</dd>
        <dt>Label</dt>
        <dd>{merchant.label ?? 'None given'}</dd>
      </dl>
      {merchant.iconNote ? <p className="muted small">{merchant.iconNote}</p> : null}
      <p className="muted small">
        The merchant builds this transaction; Swapdesk asks for it with your account and reviews it
        before anything is signed.
      </p>
      {reviewed ? (
        <>
          <p className="lead" aria-label="What the merchant’s transaction does">
            {reviewed.summary}
          </p>
          {reviewed.message ? (
            <p className="payment-message" aria-label="Merchant’s message">
              {reviewed.message}
            </p>
          ) : null}
        </>
      ) : null}
      {reviewed?.shortfall != null && props.offerSwapFirst ? (
        <div className="notice" role="note">
          <p>
            You hold too little {props.symbol ?? 'of this token'} for this payment: you lack{' '}
            {formatUnits(reviewed.shortfall, reviewed.decimals, { group: true })}{' '}
            {props.symbol ?? ''}. Swap SOL into exactly that first (a swap reviewed on its own);
            then the merchant is asked for its transaction again.
          </p>
          <button type="button" className="primary" onClick={props.onSwapFirst}>
            Swap into {props.symbol ?? 'the token'} first
          </button>
        </div>
      ) : null}
      {!busy ? (
        <button type="button" className="primary" onClick={props.onReview}>
          Review payment
        </button>
      ) : null}
      {reviewed?.redirect && confirmedSignature ? (
        <button type="button" onClick={() => props.onRedirect(confirmedSignature)}>
          Open the merchant’s page
        </button>
      ) : null}
      {redirectError ? <p role="alert">{redirectError}</p> : null}
    </section>
  );
}
