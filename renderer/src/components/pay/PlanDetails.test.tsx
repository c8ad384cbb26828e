/**
 * The plan of a payment on a service that quotes exact input only (issue 22 point 3): "You pay
 * at most" the swap's exact input, the payee gets exactly the amount, and what is left (at
 * least …) stays in the payer's account as the paid token; a Token-2022 transfer fee is listed
 * among the fees.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PaymentPlanView } from '../../../../preload/api-types';
import { FAKE_TOKENS } from '../../test/fake-tokens';
import { PlanDetails } from './PlanDetails';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

const plan: PaymentPlanView = {
  planId: 'p1',
  kind: 'swap',
  route: 'swap-exact-in',
  mint: USDC,
  payWithMint: SOL,
  amount: '3750000',
  payeeTokenAccount: 'Payee11111111111111111111111111111111111111',
  maxSpend: '25213000',
  expectedSpend: '25213000',
  transferFee: null,
  exactIn: { transferAmount: '3750000', transferFee: '0', leftoverAtLeast: '2' },
  payerAccountRentLamports: '0',
  slippageBps: 50,
  platformFee: null,
  venueFees: [],
  quote: null,
  quotedAt: '2026-11-27T08:00:00.000Z',
  expiresAt: '2026-11-27T08:02:00.000Z',
};

afterEach(cleanup);

describe('an exact-input payment plan', () => {
  it('says you pay at most the input, the payee gets exactly the amount, and what is left stays yours', () => {
    render(<PlanDetails plan={plan} tokens={FAKE_TOKENS} ageSeconds={0} />);
    expect(screen.getByLabelText('You pay at most').textContent).toBe('0.025213 SOL');
    expect(screen.getByLabelText('Payee receives exactly').textContent).toBe('3.75 USDC');
    expect(screen.getByLabelText('What is left').textContent).toBe('at least 0.000002 USDC');
    expect(screen.getByText(/stays in your account as USDC/)).toBeTruthy();
    expect(screen.getByText(/quotes exact input only/)).toBeTruthy();
    expect(screen.queryByText(/transfer fee/)).toBeNull();
  });

  it('shows what is left at least 0, and the transfer fee among the fees', () => {
    render(
      <PlanDetails
        plan={{
          ...plan,
          transferFee: '3754',
          exactIn: { transferAmount: '3753754', transferFee: '3754', leftoverAtLeast: '0' },
        }}
        tokens={FAKE_TOKENS}
        ageSeconds={3}
      />,
    );
    expect(screen.getByLabelText('What is left').textContent).toBe('at least 0 USDC');
    expect(
      screen.getByText(/USDC transfer fee \(kept by the token.*\): 0.003754 USDC/),
    ).toBeTruthy();
  });

  it('shows no leftover line for an exact-output plan', () => {
    render(
      <PlanDetails
        plan={{ ...plan, route: 'swap-through-payer', exactIn: null }}
        tokens={FAKE_TOKENS}
        ageSeconds={0}
      />,
    );
    expect(screen.queryByLabelText('What is left')).toBeNull();
  });
});
