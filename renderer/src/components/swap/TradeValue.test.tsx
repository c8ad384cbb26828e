/**
 * The review's "What it is worth" (issue 25): both sides in USD, whose price each is (Pyth's
 * oracle, or the swap service's), and main's sentences.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { TradeValuationView } from '../../../../preload/api-types';
import { TradeValue } from './TradeValue';

afterEach(cleanup);

const valuation: TradeValuationView = {
  swapMode: 'ExactIn',
  input: {
    mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
    amount: '100000000',
    usd: '100',
    source: 'oracle',
    oraclePrice: '1',
    servicePrice: '1',
    feed: 'USDC/USD',
    oracleRefusal: null,
    evidencePrice: null,
    toleranceBps: null,
    evidence: null,
  },
  output: {
    mint: '4k3Dyjzvzp8eMZWUXbBCjEvwSkkk59S5iCNLY3QrkX6R',
    amount: '39800000',
    usd: '99.5',
    source: 'service',
    oraclePrice: null,
    servicePrice: '2.5',
    feed: null,
    oracleRefusal: null,
    evidencePrice: null,
    toleranceBps: null,
    evidence: null,
  },
  sentences: [
    "USDC is valued at Pyth's USDC/USD price.",
    "No Pyth feed prices RAY: its value is the swap service's price.",
  ],
};

describe('what a trade is worth', () => {
  it('shows both sides with whose price each is, and the sentences', () => {
    render(<TradeValue valuation={valuation} />);
    expect(screen.getByLabelText('You give in USD').textContent).toBe('≈ $100.00');
    expect(screen.getByLabelText('You give: whose price').textContent).toBe(
      'Pyth oracle price (USDC/USD)',
    );
    expect(screen.getByLabelText('You get at least in USD').textContent).toBe('≈ $99.50');
    expect(screen.getByLabelText('You get at least: whose price').textContent).toBe(
      "the swap service's price",
    );
    expect(screen.getByRole('list', { name: 'Whose prices' }).textContent).toContain(
      "No Pyth feed prices RAY: its value is the swap service's price.",
    );
  });

  it('says "at most" for an exact-output payment, and nothing at all without a valuation', () => {
    render(<TradeValue valuation={{ ...valuation, swapMode: 'ExactOut' }} />);
    expect(screen.getByLabelText('You give at most in USD')).toBeTruthy();
    cleanup();
    const { container } = render(<TradeValue valuation={undefined} />);
    expect(container.textContent).toBe('');
  });
});
