/**
 * What a quote promises: the amount you receive, the route hop by hop with venues and shares,
 * the price impact (a warning above 1%, a strong warning above 5% that must be acknowledged),
 * the minimum received, the platform fee, and how old the quote is.
 */
import type { QuoteView, TokenInfo } from '../../../../preload/api-types';
import { formatUsd, multiplyDecimal, parseDecimal } from '../../../../main/shared/usd';
import { usePrices } from '../../stores/prices-store';
import { TokenUsdValue, usdOf } from '../tokens/UsdValue';
import { VerifiedMark } from '../tokens/VerifiedMark';
import { CardSection } from '../CardSection';
import { CheckBox } from '../CheckBox';
import { formatImpactPercent, formatTokenAmount } from '../../lib/token-display';
import { hopFeeText, UNNAMED_VENUE } from '../../lib/route-text';
import { findToken, tokenName } from '../../stores/tokens-store';

/** Above this fraction the impact is worth a warning. */
export const IMPACT_WARN = 0.01;
/** Above this fraction the person must acknowledge the impact before a review. */
export const IMPACT_STRONG = 0.05;

export type ImpactLevel = 'normal' | 'warn' | 'strong';

/** The warning level of a quote's price impact (a fraction as numeric text). */
export function impactLevel(priceImpactPct: string): ImpactLevel {
  const value = Number(priceImpactPct);
  if (!Number.isFinite(value)) return 'strong'; // unreadable: treat as the worst case
  if (value > IMPACT_STRONG) return 'strong';
  if (value > IMPACT_WARN) return 'warn';
  return 'normal';
}

/**
 * The integrator's platform fee in words: the amount in the fee account's mint, and the split
 * the spec fixes (the swap service keeps 2.5% of the fee, the integrator the rest).
 */
export function platformFeeText(
  quote: QuoteView,
  tokens: readonly TokenInfo[],
  output: TokenInfo | null,
): string {
  const own = quote.serviceFee;
  if (own) {
    // The service's own fee (Jupiter's on /order), in the token its answer names; an answer
    // that states the rate alone is shown as that rate, never as an amount of 0 (issue 32).
    const whose = `${own.by}'s own fee: no integrator fee is set`;
    if (own.amount === null) {
      const token = own.mint === null ? null : tokenName(findToken(tokens, own.mint), own.mint);
      const taken = token === null ? 'in a token its answer does not name' : `in ${token}`;
      return `${own.feeBps} bps of the swap, taken ${taken} (its answer states no amount), ${whose}`;
    }
    const mint = own.mint ?? quote.outputMint;
    const amount = formatTokenAmount(own.amount, findToken(tokens, mint), mint);
    return `${amount} (${own.feeBps} bps), ${whose}`;
  }
  const detail = quote.platformFeeDetail;
  if (detail) {
    const token = findToken(tokens, detail.feeAccountMint);
    const amount = (value: string) => formatTokenAmount(value, token, detail.feeAccountMint);
    return (
      `${amount(detail.feeAccountAmount)} (${detail.feeBps} bps): the integrator receives ` +
      `${amount(detail.integratorAmount)}, the swap service keeps 2.5% (${amount(detail.operatorAmount)})`
    );
  }
  if (quote.platformFee) {
    const { amount, feeBps } = quote.platformFee;
    return `${formatTokenAmount(amount, output, quote.outputMint)} (${feeBps} bps)`;
  }
  return 'None';
}

export interface QuoteDetailsProps {
  quote: QuoteView;
  tokens: readonly TokenInfo[];
  /** Seconds since the quote arrived. */
  ageSeconds: number;
  impactAccepted: boolean;
  onImpactAccepted: (accepted: boolean) => void;
}

export function QuoteDetails({
  quote,
  tokens,
  ageSeconds,
  impactAccepted,
  onImpactAccepted,
}: QuoteDetailsProps) {
  const input = findToken(tokens, quote.inputMint);
  const output = findToken(tokens, quote.outputMint);
  const level = impactLevel(quote.priceImpactPct);
  const impact = formatImpactPercent(quote.priceImpactPct);
  const slippage = quote.computedAutoSlippageBps ?? quote.slippageBps;
  const feeMint =
    quote.serviceFee?.mint ?? quote.platformFeeDetail?.feeAccountMint ?? quote.outputMint;
  const prices = usePrices([quote.inputMint, quote.outputMint, feeMint]);
  const inValue = input
    ? usdOf(quote.inAmount, input.decimals, prices[quote.inputMint], quote.inputMint)
    : null;
  // A negative impact is the person's gain (an /order's positive priceImpact, issue 32): its
  // size in USD, the words "in your favour" already in `impact`.
  const impactFraction = parseDecimal(quote.priceImpactPct.trim().replace(/^-/, ''));
  const impactUsd = inValue && impactFraction ? multiplyDecimal(inValue, impactFraction) : null;
  const feeToken = findToken(tokens, feeMint);
  const feeAmount = quote.serviceFee
    ? quote.serviceFee.amount
    : (quote.platformFeeDetail?.feeAccountAmount ?? quote.platformFee?.amount ?? null);
  // Every USD value of the quote reads the same prices.
  const usdValue = (amount: string, token: TokenInfo | null, label: string) => (
    <TokenUsdValue amount={amount} token={token} prices={prices} label={label} />
  );
  return (
    <CardSection className="quote" titleId="quote-title" title="Quote">
      <p className="quote-receive">
        <span className="muted">You receive about</span>{' '}
        <output aria-label="You receive" className="amount-large">
          {formatTokenAmount(quote.outAmount, output, quote.outputMint)}
        </output>{' '}
        {!output?.verified ? <VerifiedMark verified={false} /> : null}
        {usdValue(quote.outAmount, output, 'USD value you receive')}
      </p>
      <dl className="facts">
        <dt>You pay</dt>
        <dd>
          {formatTokenAmount(quote.inAmount, input, quote.inputMint)}{' '}
          {usdValue(quote.inAmount, input, 'USD value you pay')}
        </dd>
        <dt>Minimum received</dt>
        <dd>
          {formatTokenAmount(
            quote.minimumReceived ?? quote.otherAmountThreshold,
            output,
            quote.outputMint,
          )}
        </dd>
        <dt>Slippage</dt>
        <dd>
          {(slippage / 100).toFixed(2)}% ({slippage} bps
          {quote.computedAutoSlippageBps !== null ? ', chosen automatically' : ''})
          {/* A gasless order is asked without the person's slippage: the figure is the
              service's, and the wallet held it to the person's cap (issue 32). */}
          {quote.slippageChosenByService ? (
            <span className="muted">
              , chosen by the swap service for this gasless order (your cap:{' '}
              {(quote.slippageChosenByService.capBps / 100).toFixed(2)}%)
            </span>
          ) : null}
        </dd>
        <dt>Price impact</dt>
        <dd className={level === 'normal' ? undefined : 'impact-high'}>
          {impact}
          {impactUsd ? (
            <span className="usd-value muted" aria-label="USD value of the price impact">
              {' '}
              ≈ {formatUsd(impactUsd)}
            </span>
          ) : null}
        </dd>
        <dt>Platform fee</dt>
        <dd>
          {platformFeeText(quote, tokens, output)}
          {feeAmount !== null && feeAmount !== '0' && feeToken ? (
            <> {usdValue(feeAmount, feeToken, 'USD value of the platform fee')}</>
          ) : null}
        </dd>
      </dl>
      <h3 className="route-title">Route</h3>
      <ol className="route" aria-label="Route">
        {quote.route.map((hop, i) => (
          <li key={`${hop.ammKey}-${i}`}>
            <span className="route-venue">{hop.label ?? UNNAMED_VENUE}</span>{' '}
            <span className="route-percent">{hop.percent}%</span>{' '}
            <span className="muted">
              {tokenName(findToken(tokens, hop.inputMint), hop.inputMint)} →{' '}
              {tokenName(findToken(tokens, hop.outputMint), hop.outputMint)}
            </span>{' '}
            <span className="muted route-fee">{hopFeeText(hop, tokens)}</span>
          </li>
        ))}
      </ol>
      {quote.rateLimitWaitSeconds ? (
        <p className="hint" role="note">
          The swap service limits how often it answers: this quote came after a wait of{' '}
          {quote.rateLimitWaitSeconds} s. An API key for this network (Settings) raises the limit.
        </p>
      ) : null}
      {level === 'warn' ? (
        <p className="notice-inline notice-warning" role="note">
          Price impact is {impact}: this trade moves the price against you. A smaller amount may get
          a better rate.
        </p>
      ) : null}
      {level === 'strong' ? (
        <div className="notice-inline notice-danger" role="alert">
          <p>
            Price impact is {impact}: you would receive much less than the market price for{' '}
            {formatTokenAmount(quote.inAmount, input, quote.inputMint)}.
          </p>
          <CheckBox checked={impactAccepted} onChecked={onImpactAccepted}>
            I understand and accept a price impact of {impact}
          </CheckBox>
        </div>
      ) : null}
      <p className="muted small" aria-live="off">
        {ageSeconds < 1 ? 'quoted just now' : `quoted ${ageSeconds} s ago`}
      </p>
    </CardSection>
  );
}
