/**
 * Renders QuoteDetails as the swap form shows a quote nobody has acknowledged a price impact
 * of: the component tests of the quote then look only at what differs, the quote itself.
 */
import { render, type RenderResult } from '@testing-library/react';
import type { QuoteView, TokenInfo } from '../../../preload/api-types';
import { QuoteDetails } from '../components/swap/QuoteDetails';
import { FAKE_TOKENS } from './fake-tokens';

export function renderQuote(
  quote: QuoteView,
  {
    tokens = FAKE_TOKENS,
    ageSeconds = 0,
  }: { tokens?: readonly TokenInfo[]; ageSeconds?: number } = {},
): RenderResult {
  return render(
    <QuoteDetails
      quote={quote}
      tokens={tokens}
      ageSeconds={ageSeconds}
      impactAccepted={false}
      onImpactAccepted={() => undefined}
    />,
  );
}
