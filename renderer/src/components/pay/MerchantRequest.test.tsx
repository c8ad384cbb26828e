/**
 * A merchant's transaction request short of the paid token (issue 34 point 4): the offer names
 * what is missing, offers a token to swap from (one the person holds), and once main sized the
 * swap, the most it spends is said before the swap's own review.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MerchantReviewView, MerchantSwapFirstView } from '../../../../preload/api-types';
import { FAKE_TOKENS } from '../../test/fake-tokens';
import { MerchantRequest, type MerchantRequestProps } from './MerchantRequest';

const [SOL, USDC] = FAKE_TOKENS as [(typeof FAKE_TOKENS)[0], (typeof FAKE_TOKENS)[0]];

const reviewed: Omit<MerchantReviewView, 'ticket'> = {
  merchant: { domain: 'shop.example', label: 'Shop', icon: null, iconNote: null },
  summary:
    'Pays 2.5 USDC to shop.example’s account AW91…5AK8; creates nothing; asks nothing else of you.',
  message: null,
  redirect: null,
  amount: '2500000',
  mint: USDC.mint,
  decimals: 6,
  shortfall: '1500000',
  feePaidBy: 'you',
};

function props(over: Partial<MerchantRequestProps>): MerchantRequestProps {
  return {
    open: { state: 'ready', text: 'solana:https://shop.example/pay', merchant: reviewed.merchant },
    reviewed,
    busy: true,
    confirmedSignature: null,
    redirectError: null,
    offerSwapFirst: true,
    symbol: 'USDC',
    balances: null,
    swapFrom: SOL,
    swapFirst: null,
    onSwapFrom: () => undefined,
    onReview: () => undefined,
    onSwapFirst: () => undefined,
    onRedirect: () => undefined,
    ...over,
  };
}

afterEach(cleanup);

describe('a merchant request short of the paid token', () => {
  it('names what is missing and offers a token to swap from', () => {
    render(<MerchantRequest {...props({})} />);
    expect(screen.getByRole('note').textContent).toContain(
      'You hold too little USDC for this payment: you lack 1.5 USDC',
    );
    expect(screen.getByRole('button', { name: /Swap from token/ }).textContent).toContain('SOL');
    expect(screen.getByRole('button', { name: 'Swap into USDC first' })).toBeTruthy();
  });

  it('says the most the sized swap spends, before its review', () => {
    const swapFirst = {
      quote: { inputMint: SOL.mint, outputMint: USDC.mint },
      maxSpend: '17500000',
      sizing: 'exact-in',
    } as unknown as MerchantSwapFirstView;
    render(<MerchantRequest {...props({ offerSwapFirst: false, swapFirst })} />);
    expect(screen.getByLabelText('Most the swap spends').textContent).toBe(
      'The swap first spends at most 0.0175 SOL.',
    );
    expect(screen.queryByRole('note')).toBeNull();
  });
});
