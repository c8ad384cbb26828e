/**
 * A Scaled UI Amount token's row in the review (issue 35): the change reads scaled, as the
 * person reads the token everywhere, and the raw amount that moves on chain is said beside it
 * with the multiplier when the two differ; a plain token's row says nothing more.
 */
import '../../test/swap-setup';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { TokenInfo } from '../../../../preload/api-types';
import { fakeAddress } from '../../test/fake-wallet';
import { reportFor } from '../../test/fake-review-report';
import { FAKE_TOKENS } from '../../test/fake-swap';
import { rememberMultipliers } from '../../lib/token-scale';
import { ReviewReport } from './ReviewReport';
import { fakeQuote } from '../../test/fake-quote';

const XSTK = 'CGQW5zJTsxJzyUbfGWFFwVTDFTGBvifnJpoE3y2HtfuW';
const OWNER = fakeAddress(0);
const xstk: TokenInfo = {
  ...FAKE_TOKENS[1]!,
  mint: XSTK,
  symbol: 'XSTK',
  name: 'Scaled Stock Token',
  decimals: 8,
};
const quote = fakeQuote({
  inputMint: XSTK,
  outputMint: FAKE_TOKENS[1]!.mint,
  inAmount: '300000000',
  outAmount: '900000000',
  otherAmountThreshold: '890000000',
});

describe('a scaled token in the review', () => {
  it('shows the scaled change and the raw amount moved on chain beside it', () => {
    rememberMultipliers([{ mint: XSTK, multiplier: 1.5 }]);
    render(<ReviewReport report={reportFor(quote, OWNER, null)} tokens={[...FAKE_TOKENS, xstk]} />);
    const table = screen.getByRole('table', { name: 'Your balance changes' });
    const row = [...table.querySelectorAll('tr')].find((tr) => tr.textContent?.includes('XSTK'));
    // 3 raw XSTK at 1.5× read as 4.5 XSTK.
    expect(row?.textContent).toBe('XSTK (3 XSTK on chain at 1.5×)−4.5 XSTK');
    const usdc = [...table.querySelectorAll('tr')].find((tr) => tr.textContent?.includes('USDC'));
    expect(usdc?.textContent).not.toContain('on chain');
  });
});
