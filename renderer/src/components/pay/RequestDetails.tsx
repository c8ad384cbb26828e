/**
 * What main read from a payment request: who asks (label), why (message), the memo, the
 * recipient, the exact amount, the reference keys, and the payee's token account with its
 * status. A missing account cannot receive the payment: the panel says so and offers
 * **Create payee account**, a transaction of its own whose rent is shown before the review.
 */
import { multiplierText, scaledAtomic } from '../../../../main/shared/scaled-amount';
import type { PaymentRequestView } from '../../../../preload/api-types';
import { formatSol, formatUnits } from '../../lib/format';
import { VerifiedMark } from '../tokens/VerifiedMark';
import { ReferenceList } from './ReferenceList';

export interface RequestDetailsProps {
  request: PaymentRequestView;
  /** A review or submission is open: no new action. */
  busy: boolean;
  onCreateDestination: () => void;
}

function tokenLabel(request: PaymentRequestView): string {
  return request.mint.symbol ?? request.mint.mint;
}

/**
 * The amount a scaled mint's request pays, as the person reads it (issue 35): the link's UI
 * amount converted to raw rounding down, shown back scaled; a plain mint's amount as it is.
 */
function scaledAmountText(request: PaymentRequestView): string {
  const { multiplier, decimals } = request.mint;
  if (multiplier === undefined || request.amount === null) {
    return formatUnits(request.amount ?? '0', decimals, { group: true });
  }
  const atomic = scaledAtomic(BigInt(request.amount), multiplier);
  return formatUnits(atomic, decimals, { group: true });
}

/** Both amounts when they differ: the link's, and the raw units that move on chain. */
function scaledNote(request: PaymentRequestView, symbol: string): string {
  const { multiplier, decimals } = request.mint;
  const raw = formatUnits(request.amount ?? '0', decimals, { group: true });
  const scale = `${multiplierText(multiplier ?? 1)} Scaled UI Amount`;
  const asked = request.amountText ?? '';
  const shown = scaledAmountText(request).replace(/,/g, '');
  const differs = asked !== '' && Number(asked) !== Number(shown);
  return `${raw} ${symbol} move on chain at the issuer's ${scale} multiplier${differs ? `; the link asks for ${asked} ${symbol}, rounded down to what can be sent` : ''}`;
}

export function RequestDetails({ request, busy, onCreateDestination }: RequestDetailsProps) {
  const { payee } = request;
  const symbol = tokenLabel(request);
  return (
    <section className="payment-request" aria-labelledby="payment-request-title">
      <h2 id="payment-request-title" className="card-title">
        {request.label ? `Payment to ${request.label}` : 'Payment'}
      </h2>
      {request.message ? <p className="lead payment-message">{request.message}</p> : null}
      <dl className="facts" aria-label="Payment details">
        <dt>Amount</dt>
        <dd>
          <output aria-label="Amount to pay" className="amount-large">
            {request.amount !== null
              ? `${scaledAmountText(request)} ${symbol}`
              : `You enter the amount (${symbol})`}
          </output>
          {request.amount !== null && request.mint.multiplier !== undefined ? (
            <span className="muted small"> ({scaledNote(request, symbol)})</span>
          ) : null}
        </dd>
        <dt>Recipient</dt>
        <dd className="mono break">
          {request.recipient}
          <span className="muted small">
            {' '}
            ({request.payee.recipientKind === 'wallet' ? 'wallet' : 'token account'})
          </span>
        </dd>
        {request.label ? (
          <>
            <dt>Label</dt>
            <dd>{request.label}</dd>
          </>
        ) : null}
        {request.message ? (
          <>
            <dt>Message</dt>
            <dd>{request.message}</dd>
          </>
        ) : null}
        <dt>Memo</dt>
        <dd>{request.memo ?? <span className="muted">none</span>}</dd>
        <dt>References</dt>
        <ReferenceList references={request.references} label="References" />
        <dt>Token</dt>
        <dd className="break">
          {symbol} {request.mint.verified ? null : <VerifiedMark verified={false} />}{' '}
          <span className="muted small mono">
            {request.mint.mint} · {request.mint.decimals} decimals
          </span>
        </dd>
        <dt>Payee token account</dt>
        <dd className="mono break">
          {payee.tokenAccount}
          <span
            role="status"
            aria-label="Payee token account status"
            className={payee.exists ? 'badge badge-ok' : 'badge badge-warn'}
          >
            {payee.exists ? 'Exists' : 'Missing'}
          </span>
        </dd>
      </dl>
      {!payee.exists ? (
        <div className="notice-box">
          <p>
            The payee has no {symbol} account yet, so a payment cannot arrive. You can create it for
            them in a transaction of its own: it costs {formatSol(payee.rentLamports)} of rent,
            which stays in the new account (the payee owns it), plus the network fee.
          </p>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={onCreateDestination}
          >
            Create payee account
          </button>
        </div>
      ) : null}
    </section>
  );
}
