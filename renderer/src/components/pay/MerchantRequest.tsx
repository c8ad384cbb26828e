/**
 * A merchant's transaction request as main read it (issue 34): the domain main called (the
 * only name of the merchant the wallet vouches for), the merchant's label and its icon (a
 * data: URL main checked as it checks token logos, or the reason none is shown), then, after
 * **Review payment**, what the merchant's transaction does in one sentence and the merchant's
 * message (SPEC1.1.md: at least its first 80 characters). Once the payment is confirmed, the
 * merchant's page (its redirect) can be opened. Short of the paid token, the person picks a
 * token they hold to swap from; main sizes the swap and says the most it spends before the
 * swap's own review (issue 34 point 4).
 */
import type {
  Balances,
  MerchantReviewView,
  MerchantSwapFirstView,
  TokenInfo,
} from '../../../../preload/api-types';
import type { MerchantOpenState } from '../../stores/merchant-store';
import { formatUnits } from '../../lib/format';
import { NATIVE_MINT } from '../../lib/token-amount';
import { formatTokenAmount } from '../../lib/token-display';
import { TokenPicker } from '../swap/TokenPicker';
import { RequestTitle, ReviewedWords } from './RequestParts';

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
  /** What the person holds, to offer only those tokens to swap from. */
  balances: Balances | null;
  /** The token the swap-first is made from. */
  swapFrom: TokenInfo | null;
  /** The swap main sized: the most it spends is shown before signing. */
  swapFirst: MerchantSwapFirstView | null;
  onSwapFrom: (token: TokenInfo) => void;
  onReview: () => void;
  /** Swaps `swapFrom` into what the person lacks of the paid token, reviewed on its own. */
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
      <RequestTitle id="merchant-title" icon={merchant.icon}>
        {merchant.label ? `Payment to ${merchant.label}` : 'Payment to a merchant'}
      </RequestTitle>
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
      <ReviewedWords reviewed={reviewed} owner="merchant" />
      {reviewed?.shortfall != null && props.offerSwapFirst ? (
        <SwapFirstOffer {...props} shortfall={reviewed.shortfall} decimals={reviewed.decimals} />
      ) : null}
      {props.swapFirst ? (
        <p className="lead" aria-label="Most the swap spends">
          The swap first spends at most{' '}
          {formatTokenAmount(
            props.swapFirst.maxSpend,
            props.swapFrom,
            props.swapFirst.quote.inputMint,
          )}
          .
        </p>
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

/** Short of the paid token: the token to swap from (one the person holds) and the offer. */
function SwapFirstOffer(props: MerchantRequestProps & { shortfall: string; decimals: number }) {
  const holdings = props.balances
    ? new Set(props.balances.tokens.filter((t) => BigInt(t.amount) > 0n).map((t) => t.mint))
    : null;
  const only = (token: TokenInfo) =>
    token.mint !== props.reviewed?.mint &&
    (holdings === null || token.mint === NATIVE_MINT || holdings.has(token.mint));
  return (
    <div className="notice" role="note">
      <p>
        You hold too little {props.symbol ?? 'of this token'} for this payment: you lack{' '}
        {formatUnits(props.shortfall, props.decimals, { group: true })} {props.symbol ?? ''}. Swap a
        token you hold into it first (a swap reviewed on its own, sized so that the amount is
        covered); then the merchant is asked for its transaction again.
      </p>
      <div className="swap-side">
        <span className="label-text">Swap from</span>
        <TokenPicker
          label="Swap from token"
          title="Choose the token to swap from"
          selected={props.swapFrom}
          disabled={props.busy && !props.offerSwapFirst}
          onPick={props.onSwapFrom}
          only={only}
          emptyText="You hold no other token to swap from: add funds to this account first."
        />
      </div>
      <button type="button" className="primary" onClick={props.onSwapFirst}>
        Swap into {props.symbol ?? 'the token'} first
      </button>
    </div>
  );
}
