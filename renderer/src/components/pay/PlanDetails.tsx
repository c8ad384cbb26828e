/**
 * How a payment would be made: a direct transfer of the token itself, or an exact-output swap
 * from the token picked in **Pay with token**. Shows "You pay at most" (the quote's
 * otherAmountThreshold: the most the swap may take), the expected spend (inAmount), the fees
 * and how old the quote is.
 */
import type { PaymentPlanView, TokenInfo } from '../../../../preload/api-types';
import { formatTokenAmount } from '../../lib/token-display';
import { UNNAMED_VENUE, venueFeeText } from '../../lib/route-text';
import { findToken, tokenName } from '../../stores/tokens-store';
import { usePrices } from '../../stores/prices-store';
import { TokenUsdValue } from '../tokens/UsdValue';
import { CardSection } from '../CardSection';

export interface PlanDetailsProps {
  plan: PaymentPlanView;
  tokens: readonly TokenInfo[];
  /** Seconds since the plan arrived. */
  ageSeconds: number;
}

const ROUTE_WORDS: Record<PaymentPlanView['route'], string> = {
  'direct-transfer': 'A plain token transfer: you hold the token, no swap.',
  'swap-to-payee': 'An exact-output swap that delivers straight into the payee’s account.',
  'swap-through-payer':
    'An exact-output swap into your own account, then the memo, then a transfer carrying the references, in one transaction.',
  'swap-exact-in':
    'This swap service quotes exact input only: just enough is swapped into your own account, then the memo and a transfer of exactly the amount to the payee, in one transaction.',
};

export function PlanDetails({ plan, tokens, ageSeconds }: PlanDetailsProps) {
  const payWith = findToken(tokens, plan.payWithMint);
  const target = findToken(tokens, plan.mint);
  const fee = plan.platformFee;
  const prices = usePrices([plan.payWithMint, plan.mint]);
  return (
    <CardSection
      className="quote"
      titleId="plan-title"
      title={plan.kind === 'direct' ? 'Direct payment' : 'Payment quote'}
    >
      <p className="quote-receive">
        <span className="muted">You pay at most</span>{' '}
        <output aria-label="You pay at most" className="amount-large">
          {formatTokenAmount(plan.maxSpend, payWith, plan.payWithMint)}
        </output>{' '}
        <TokenUsdValue
          amount={plan.maxSpend}
          token={payWith}
          prices={prices}
          label="USD value of the most you pay"
        />
      </p>
      <dl className="facts">
        <dt>Payee receives exactly</dt>
        <dd>
          <output aria-label="Payee receives exactly">
            {formatTokenAmount(plan.amount, target, plan.mint)}
          </output>
        </dd>
        {plan.exactIn ? (
          <>
            <dt>What is left</dt>
            <dd>
              <output aria-label="What is left">
                at least {formatTokenAmount(plan.exactIn.leftoverAtLeast, target, plan.mint)}
              </output>{' '}
              stays in your account as {tokenName(target, plan.mint)}
            </dd>
          </>
        ) : null}
        <dt>Expected spend</dt>
        <dd>
          <output aria-label="Expected spend">
            {formatTokenAmount(plan.expectedSpend, payWith, plan.payWithMint)}
          </output>
        </dd>
        {plan.kind === 'swap' ? (
          <>
            <dt>Slippage</dt>
            <dd>{(plan.slippageBps / 100).toString()}% on what you pay</dd>
          </>
        ) : null}
        <dt>Fees</dt>
        <dd>
          <ul className="plain-list" aria-label="Fees">
            {plan.venueFees.map((f, i) => (
              <li key={`${f.label ?? 'venue'}-${i}`}>
                {f.label ?? UNNAMED_VENUE}: {venueFeeText(f, tokens)}
              </li>
            ))}
            {plan.transferFee !== null ? (
              <li>
                {tokenName(target, plan.mint)} transfer fee (kept by the token, on top of what the
                payee receives): {formatTokenAmount(plan.transferFee, target, plan.mint)}
              </li>
            ) : null}
            {fee ? (
              <li>
                Platform fee ({fee.feeBps} bps):{' '}
                {formatTokenAmount(fee.amount, payWith, plan.payWithMint)}
              </li>
            ) : null}
            <li>Network fee: shown in the review</li>
          </ul>
        </dd>
        <dt>How</dt>
        <dd>{ROUTE_WORDS[plan.route]}</dd>
      </dl>
      <p className="muted small">
        {plan.kind === 'direct'
          ? `Paid in ${tokenName(payWith, plan.payWithMint)} directly`
          : ageSeconds < 2
            ? 'quoted just now'
            : `quoted ${ageSeconds} s ago`}
      </p>
    </CardSection>
  );
}
