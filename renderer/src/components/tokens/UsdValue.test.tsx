import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { priceAgeText, UsdValue } from './UsdValue';

afterEach(cleanup);

describe('a USD value', () => {
  it('is computed from base units and the price text, rounded to cents only for display', () => {
    render(
      <UsdValue
        amount="123456789"
        decimals={6}
        price={{ usdPrice: '0.9999', asOf: Date.now(), status: 'fresh' }}
        label="value"
      />,
    );
    // 123.456789 × 0.9999 = 123.4444432110…
    expect(screen.getByLabelText('value').textContent).toBe('≈ $123.44');
  });

  it('says how old a stale price is, and says so when there is no price', () => {
    const asOf = Date.now() - 3 * 60_000 - 5_000;
    render(
      <UsdValue
        amount="1000000000"
        decimals={9}
        price={{ usdPrice: '150', asOf, status: 'stale' }}
        label="stale"
      />,
    );
    expect(screen.getByLabelText('stale').textContent).toBe('≈ $150.00 (price 3 min old)');
    render(
      <UsdValue
        amount="5"
        decimals={0}
        price={{ usdPrice: null, asOf: null, status: 'missing' }}
        label="none"
      />,
    );
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
    render(
      <UsdValue
        amount="2000000000"
        decimals={9}
        price={{
          usdPrice: '150.02',
          asOf: Date.now(),
          status: 'fresh',
          source: 'oracle',
          feed: 'SOL/USD',
        }}
        label="oracle"
      />,
    );
    expect(screen.getByLabelText('oracle').textContent).toBe('≈ $300.04');
    expect(screen.getByLabelText('Pyth oracle price (SOL/USD)').textContent).toBe(' Pyth');
    cleanup();
    render(
      <UsdValue
        amount="2000000"
        decimals={6}
        price={{ usdPrice: '2.5', asOf: Date.now(), status: 'fresh', source: 'service' }}
        label="service"
      />,
    );
    expect(screen.getByLabelText('service').textContent).toBe('≈ $5.00');
    expect(screen.queryByText(/Pyth/)).toBeNull();
  });
});
