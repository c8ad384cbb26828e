/**
 * The paying side: the amount when the request leaves it to the payer, **Pay with token** (the
 * swap's token picker, options named by symbol) with the balance held, the plan main made for
 * it, and **Review payment**.
 */
import { useId } from 'react';
import type {
  Balances,
  PaymentPlanView,
  PaymentRequestView,
  TokenInfo,
} from '../../../../preload/api-types';
import type { BridgeError } from '../../../../main/shared/result';
import { heldBalance, NATIVE_MINT, readAmountInput } from '../../lib/token-amount';
import { formatTokenAmount } from '../../lib/token-display';
import { TokenPicker } from '../swap/TokenPicker';
import { PlanDetails } from './PlanDetails';
import { AlertMessage } from '../AlertMessage';
import { TextField } from '../Field';

export interface PayWithPanelProps {
  request: PaymentRequestView;
  tokens: readonly TokenInfo[];
  payWith: TokenInfo | null;
  balances: Balances | null;
  amountText: string;
  plan: PaymentPlanView | null;
  quoting: boolean;
  quoteError: BridgeError | null;
  ageSeconds: number;
  reviewing: boolean;
  onAmountText: (text: string) => void;
  onPayWith: (token: TokenInfo) => void;
  onRefresh: () => void;
  onReview: (planId: string) => void;
  /** Reviews the swap into SOL the plan needs first (its `solFirst`, issue 32). */
  onSolFirst: (planId: string) => void;
}

export function PayWithPanel(props: PayWithPanelProps) {
  const { request, payWith, plan } = props;
  const amountId = useId();
  const held = heldBalance(props.balances, payWith?.mint ?? null);
  // Offer what the payer holds: SOL and every token with a balance (all while balances load).
  const holdings = props.balances
    ? new Set(props.balances.tokens.filter((t) => BigInt(t.amount) > 0n).map((t) => t.mint))
    : null;
  const only = holdings
    ? (token: TokenInfo) => token.mint === NATIVE_MINT || holdings.has(token.mint)
    : undefined;
  const amountRead =
    request.amount === null ? readAmountInput(props.amountText, request.mint.decimals) : null;
  return (
    <div className="pay-with">
      {request.amount === null ? (
        <TextField
          id={amountId}
          label={`Amount to pay (${request.mint.symbol ?? 'token'})`}
          className="input amount-input"
          inputMode="decimal"
          autoComplete="off"
          placeholder="0"
          value={props.amountText}
          disabled={props.reviewing}
          onText={props.onAmountText}
          error={amountRead?.state === 'invalid' ? amountRead.message : null}
        />
      ) : null}
      <div className="swap-side">
        <span className="label-text">Pay with</span>
        <TokenPicker
          label="Pay with token"
          title="Choose the token you pay with"
          selected={payWith}
          disabled={props.reviewing}
          onPick={props.onPayWith}
          only={only}
          emptyText="You hold no token to pay with: add funds to this account first."
        />
        <p className="hint">
          {payWith && held !== null
            ? `You hold ${formatTokenAmount(held, payWith, payWith.mint)}`
            : null}
        </p>
      </div>
      <div role="status" className="status-line">
        {props.quoting ? 'Planning the payment…' : null}
      </div>
      <AlertMessage error={props.quoteError} />
      {plan ? (
        <PlanDetails plan={plan} tokens={props.tokens} ageSeconds={props.ageSeconds} />
      ) : null}
      {plan?.solFirst ? (
        <p role="note" className="hint">
          {plan.solFirst.reason}
        </p>
      ) : null}
      <div className="actions">
        {plan?.solFirst ? (
          <button
            type="button"
            className="button button-primary button-large"
            disabled={props.quoting || props.reviewing}
            onClick={() => props.onSolFirst(plan.planId)}
          >
            Swap into SOL first
          </button>
        ) : null}
        <button
          type="button"
          className={plan?.solFirst ? 'button button-large' : 'button button-primary button-large'}
          disabled={!plan || Boolean(plan.solFirst) || props.quoting || props.reviewing}
          onClick={() => {
            if (plan) props.onReview(plan.planId);
          }}
        >
          Review payment
        </button>
        {plan && !props.reviewing ? (
          <button
            type="button"
            className="button"
            disabled={props.quoting}
            onClick={props.onRefresh}
          >
            Refresh quote
          </button>
        ) : null}
      </div>
    </div>
  );
}
