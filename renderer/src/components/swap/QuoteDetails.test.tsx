import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteView } from '../../../../preload/api-types';
import { FAKE_TOKENS } from '../../test/fake-tokens';
import { platformFeeText } from './QuoteDetails';
import { renderQuote } from '../../test/render-quote';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const usdc = FAKE_TOKENS.find((t) => t.mint === USDC) ?? null;

const quote: QuoteView = {
  quoteId: 'q1',
  inputMint: SOL,
  outputMint: USDC,
  swapMode: 'ExactIn',
  inAmount: '1000000000',
  outAmount: '149700000',
  otherAmountThreshold: '148951500',
  minimumReceived: '148951500',
  maximumSpent: null,
  slippageBps: 50,
  computedAutoSlippageBps: null,
  priceImpactPct: '0.0001',
  platformFee: null,
  route: [],
  contextSlot: 1,
  quotedAt: '2026-11-22T04:00:00.000Z',
  expiresAt: '2026-11-22T04:01:00.000Z',
};

/**
 * The quote with a 20 bps fee on 0.3 USDC paid into a fee account of `feeAccountMint`, which
 * receives `feeAccountAmount`, split between the integrator and the swap service (2.5%).
 */
function withPlatformFee(
  feeAccountMint: string,
  feeAccountAmount: string,
  integratorAmount: string,
  operatorAmount: string,
): QuoteView {
  return {
    ...quote,
    platformFee: { amount: '300000', feeBps: 20 },
    platformFeeDetail: {
      amount: '300000',
      feeBps: 20,
      mint: USDC,
      feeAccountMint,
      feeAccount: 'FeeAccount1111111111111111111111111111111111',
      feeAccountAmount,
      integratorAmount,
      operatorAmount,
    },
  };
}

describe('the platform fee line of a quote', () => {
  it('says None when no fee is taken', () => {
    expect(platformFeeText(quote, FAKE_TOKENS, usdc)).toBe('None');
  });

  it('shows the fee, what the integrator receives and the 2.5% the swap service keeps', () => {
    const withFee = withPlatformFee(USDC, '300000', '292500', '7500');
    expect(platformFeeText(withFee, FAKE_TOKENS, usdc)).toBe(
      '0.3 USDC (20 bps): the integrator receives 0.2925 USDC, the swap service keeps 2.5% (0.0075 USDC)',
    );
  });

  it('states a fee taken in the input mint in that mint', () => {
    const inputFee = withPlatformFee(SOL, '2000000', '1950000', '50000');
    expect(platformFeeText(inputFee, FAKE_TOKENS, usdc)).toBe(
      '0.002 SOL (20 bps): the integrator receives 0.00195 SOL, the swap service keeps 2.5% (0.00005 SOL)',
    );
  });
});

describe("Jupiter's own fee on an /order quote (issue 22)", () => {
  it('is shown in its own token as Jupiter’s, not as the integrator’s', () => {
    const order: QuoteView = {
      ...quote,
      platformFee: { amount: '200000', feeBps: 2 },
      serviceFee: { by: 'Jupiter', feeBps: 2, amount: '200000', mint: SOL },
    };
    expect(platformFeeText(order, FAKE_TOKENS, usdc)).toBe(
      "0.0002 SOL (2 bps), Jupiter's own fee: no integrator fee is set",
    );
  });
});

describe('an /order answer read as it was meant (issue 32)', () => {
  afterEach(cleanup);

  it('shows a fee stated by its rate alone as that rate, in the token the answer names', () => {
    const order: QuoteView = {
      ...quote,
      platformFee: { amount: '0', feeBps: 10 },
      serviceFee: { by: 'Jupiter', feeBps: 10, amount: null, mint: SOL },
    };
    const text = platformFeeText(order, FAKE_TOKENS, usdc);
    expect(text).toBe(
      "10 bps of the swap, taken in SOL (its answer states no amount), Jupiter's own fee: no integrator fee is set",
    );
    expect(text).not.toMatch(/\b0 (SOL|USDC)/);
    const unnamed = { ...order, serviceFee: { ...order.serviceFee!, mint: null } };
    expect(platformFeeText(unnamed, FAKE_TOKENS, usdc)).toContain(
      'taken in a token its answer does not name',
    );
  });

  it('shows a price impact in the person’s favour as a gain, with no warning', () => {
    renderQuote({ ...quote, priceImpactPct: '-0.025' });
    const facts = screen.getByRole('heading', { name: 'Quote' }).closest('section')!;
    expect(facts.textContent).toContain('Price impact2.50% in your favour');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('still shows a cost as a cost', () => {
    renderQuote({ ...quote, priceImpactPct: '0.025' });
    expect(screen.getByRole('note').textContent).toContain('Price impact is 2.50%: this trade');
  });
});

describe('the route of a quote', () => {
  afterEach(cleanup);
  const hop = {
    ammKey: '5BKxfWMbmYBAEWvyPZS9esPducUba9GqyMjtLCfbaqyF',
    inputMint: SOL,
    outputMint: USDC,
    inAmount: '1000000000',
    outAmount: '149700000',
  };

  function showRoute(route: QuoteView['route']) {
    renderQuote({ ...quote, route }, { ageSeconds: 1 });
    return within(screen.getByRole('list', { name: 'Route' })).getAllByRole('listitem');
  }

  it('names the venue, the share and the venue fee where the service reports them', () => {
    const [step] = showRoute([
      { ...hop, label: 'Whirlpool', feeAmount: '25000', feeMint: USDC, percent: 100 },
    ]);
    expect(step?.textContent).toBe('Whirlpool 100% SOL → USDC venue fee 0.025 USDC');
  });

  it("says so plainly where today's service leaves out the venue name and fee", () => {
    const steps = showRoute([
      { ...hop, label: null, feeAmount: null, feeMint: null, percent: 29.5 },
      { ...hop, label: 'Meteora DLMM', feeAmount: null, feeMint: null, percent: 70.5 },
    ]);
    expect(steps.map((step) => step.textContent)).toEqual([
      'Venue not named by the swap service 29.5% SOL → USDC venue fee not reported by the swap service',
      'Meteora DLMM 70.5% SOL → USDC venue fee not reported by the swap service',
    ]);
  });
});

describe('a quote that came after a rate-limit wait', () => {
  afterEach(cleanup);

  it('says how long the swap service made the wallet wait, and what lifts the limit', () => {
    renderQuote({ ...quote, rateLimitWaitSeconds: 3 });
    expect(screen.getByRole('note').textContent).toBe(
      'The swap service limits how often it answers: this quote came after a wait of 3 s. An API key for this network (Settings) raises the limit.',
    );
  });
});

// Issue 32: a gasless /order is asked without the person's slippage; the service picks one and
// the wallet holds it to the person's. The quote says whose figure it is and the cap.
describe('the slippage of a gasless order', () => {
  afterEach(cleanup);

  function slippageShown(shown: QuoteView): string {
    renderQuote(shown);
    return screen.getByText('Slippage').nextElementSibling!.textContent!;
  }

  it("says the swap service chose it, and the person's cap", () => {
    expect(
      slippageShown({ ...quote, slippageBps: 30, slippageChosenByService: { capBps: 50 } }),
    ).toBe('0.30% (30 bps), chosen by the swap service for this gasless order (your cap: 0.50%)');
  });

  it("the person's own slippage is shown as it is", () => {
    expect(slippageShown({ ...quote, slippageChosenByService: null })).toBe('0.50% (50 bps)');
  });
});
