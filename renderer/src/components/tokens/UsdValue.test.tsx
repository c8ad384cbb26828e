import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PriceView } from '../../../../preload/api-types';
import { priceAgeText, UsdValue } from './UsdValue';

afterEach(cleanup);

/** Renders the USD value of `amount` base units at `price`, named `label`. */
function shown(amount: string, decimals: number, price: PriceView, label: string): void {
  render(<UsdValue amount={amount} decimals={decimals} price={price} label={label} />);
}

describe('a USD value', () => {
  it('is computed from base units and the price text, rounded to cents only for display', () => {
    shown('123456789', 6, { usdPrice: '0.9999', asOf: Date.now(), status: 'fresh' }, 'value');
    // 123.456789 × 0.9999 = 123.4444432110…
    expect(screen.getByLabelText('value').textContent).toBe('≈ $123.44');
  });

  it('says how old a stale price is, and says so when there is no price', () => {
    const asOf = Date.now() - 3 * 60_000 - 5_000;
    shown('1000000000', 9, { usdPrice: '150', asOf, status: 'stale' }, 'stale');
    expect(screen.getByLabelText('stale').textContent).toBe('≈ $150.00 (price 3 min old)');
    shown('5', 0, { usdPrice: null, asOf: null, status: 'missing' }, 'none');
    expect(screen.getByLabelText('none').textContent).toBe('No USD price');
    expect(priceAgeText(undefined)).toBe('no price');
    expect(priceAgeText({ usdPrice: '1', asOf: Date.now(), status: 'fresh' })).toBeNull();
    // Main called it fresh when it answered, but the screen stayed open: the clock decides.
    const now = Date.now();
    expect(priceAgeText({ usdPrice: '1', asOf: now - 125_000, status: 'fresh' }, now)).toBe(
      'price 2 min old',
    );
  });
});

describe('a USD value at an oracle price (issue 25)', () => {
  it('is marked Pyth, with the feed named, and a service price is not', () => {
    shown(
      '2000000000',
      9,
      { usdPrice: '150.02', asOf: Date.now(), status: 'fresh', source: 'oracle', feed: 'SOL/USD' },
      'oracle',
    );
    expect(screen.getByLabelText('oracle').textContent).toBe('≈ $300.04');
    expect(screen.getByLabelText('Pyth oracle price (SOL/USD)').textContent).toBe(' Pyth');
    cleanup();
    shown(
      '2000000',
      6,
      { usdPrice: '2.5', asOf: Date.now(), status: 'fresh', source: 'service' },
      'service',
    );
    expect(screen.getByLabelText('service').textContent).toBe('≈ $5.00');
    expect(screen.queryByText(/Pyth/)).toBeNull();
  });
});
