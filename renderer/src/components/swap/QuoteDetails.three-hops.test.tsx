/**
 * A quote of three hops (issue 33: mSOL > SOL > USDC > UNVR, the sandbox's only way between
 * them) reads leg by leg: each with its venue, share, tokens and venue fee, in route order.
 */
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { QuoteView, TokenInfo } from '../../../../preload/api-types';
import { FAKE_TOKENS } from '../../test/fake-tokens';
import { renderQuote } from '../../test/render-quote';

const MSOL = 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So';
const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const UNVR = '4V5ZVoUWuiCw7JRnD87JXhBXFVq6erXBXymz9z8y4Pki';

/** The fake bridge's tokens with mSOL and UNVR as the sandbox lists them. */
const token = (mint: string, symbol: string, decimals: number): TokenInfo => ({
  mint,
  symbol,
  name: symbol,
  decimals,
  tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  source: 'api',
  verified: symbol !== 'UNVR',
  hasLogo: false,
});
const TOKENS = [...FAKE_TOKENS, token(MSOL, 'mSOL', 9), token(UNVR, 'UNVR', 6)];

const leg = (ammKey: string, inputMint: string, outputMint: string, feeAmount: string) => ({
  ammKey,
  label: 'Raydium CPMM',
  inputMint,
  outputMint,
  inAmount: '1',
  outAmount: '1',
  feeAmount,
  feeMint: inputMint,
  percent: 100,
});

const quote: QuoteView = {
  quoteId: 'q3',
  inputMint: MSOL,
  outputMint: UNVR,
  swapMode: 'ExactIn',
  inAmount: '50000000',
  outAmount: '946000000',
  otherAmountThreshold: '936540000',
  minimumReceived: '936540000',
  maximumSpent: null,
  slippageBps: 100,
  computedAutoSlippageBps: null,
  priceImpactPct: '0.0001',
  platformFee: null,
  route: [
    leg('PoolMsolSol11111111111111111111111111111111', MSOL, SOL, '5000'),
    leg('PoolSolUsdc1111111111111111111111111111111', SOL, USDC, '3175'),
    leg('PoolUsdcUnvr111111111111111111111111111111', USDC, UNVR, '23812'),
  ],
  contextSlot: 1,
  quotedAt: '2026-11-28T12:00:00.000Z',
  expiresAt: '2026-11-28T12:01:00.000Z',
};

describe('the route of a three-hop quote', () => {
  afterEach(cleanup);

  it('lists each leg in order with its venue, share, tokens and fee', () => {
    renderQuote(quote, { tokens: TOKENS, ageSeconds: 1 });
    const steps = within(screen.getByRole('list', { name: 'Route' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toHaveLength(3);
    expect(steps[0]?.textContent).toMatch(
      /^Raydium CPMM 100% mSOL → SOL venue fee 0\.000005 mSOL$/,
    );
    expect(steps[1]?.textContent).toMatch(
      /^Raydium CPMM 100% SOL → USDC venue fee 0\.000003175 SOL$/,
    );
    expect(steps[2]?.textContent).toMatch(
      /^Raydium CPMM 100% USDC → UNVR venue fee 0\.023812 USDC$/,
    );
  });
});
