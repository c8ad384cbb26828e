/**
 * A merchant's transaction whose network fee the merchant pays, signed before the person
 * (issue 34 point 2): the review says who pays the fee and that it signed already, and the
 * merchant's own account (owned by the fee payer) is among the other accounts, not the person's.
 */
import '../../test/swap-setup';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteView, ReviewReportView } from '../../../../preload/api-types';
import { reportFor } from '../../test/fake-review-report';
import { FAKE_TOKENS } from '../../test/fake-swap';
import { ReviewReport } from './ReviewReport';

const OWNER = 'Person1111111111111111111111111111111111111';
const MERCHANT = 'Merchant11111111111111111111111111111111111';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const quote = {
  inputMint: USDC,
  outputMint: USDC,
  inAmount: '2500000',
  outAmount: '2500000',
} as unknown as QuoteView;

function merchantPaysFee(): ReviewReportView {
  const base = reportFor(quote, OWNER, null);
  return {
    ...base,
    feePayer: MERCHANT,
    signatures: [
      { signer: MERCHANT, state: 'valid' },
      { signer: OWNER, state: 'missing' },
    ],
    networkFee: { ...base.networkFee, totalLamports: '10000', paidBy: MERCHANT, paidByYou: false },
    balanceChanges: [
      { ...base.balanceChanges[0]!, change: '-2500000', after: '0' },
      {
        account: 'MerchantUsdc111111111111111111111111111111',
        role: 'destination',
        mint: USDC,
        decimals: 6,
        owner: MERCHANT,
        before: '1',
        after: '2500001',
        change: '2500000',
        created: false,
        closed: false,
      },
    ],
  };
}

afterEach(cleanup);

describe('a merchant paying the network fee', () => {
  it('says the merchant signed before you and pays the fee, and keeps its account among the others', () => {
    render(<ReviewReport report={merchantPaysFee()} tokens={FAKE_TOKENS} />);
    expect(
      screen.getByText(
        /paid by Merc…1111 \(who signed before you: a merchant paying the fee\), not from your SOL/,
      ),
    ).toBeTruthy();
    const mine = screen.getByRole('table', { name: 'Your balance changes' });
    expect(within(mine).queryByText(/\+2\.5 USDC/)).toBeNull();
    const others = screen.getByRole('table', { name: 'Other accounts' });
    expect(within(others).getByText(/\+2\.5 USDC/)).toBeTruthy();
  });
});
