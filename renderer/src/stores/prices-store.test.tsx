import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installFakeWallet } from '../test/fake-wallet';
import { UsdValue } from '../components/tokens/UsdValue';
import { usePrices } from './prices-store';

const SOL = 'So11111111111111111111111111111111111111112';

/** One SOL's value, as the wallet and swap screens show it. */
function OneSol() {
  const prices = usePrices([SOL]);
  return <UsdValue amount="1000000000" decimals={9} price={prices[SOL]} label="one SOL" />;
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('prices on a screen that stays open', () => {
  it('are asked again every 30 s, and an unrefreshed one is shown ageing past a minute', async () => {
    vi.useFakeTimers();
    const fake = installFakeWallet();
    const asks = () => fake.calls.filter((c) => c.method === 'prices.get').length;
    const shown = () => screen.getByLabelText('one SOL').textContent;
    const { unmount } = render(<OneSol />);
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(shown()).toBe('≈ $150.00');
    expect(asks()).toBe(1);

    // Main cannot answer the next two asks (at 30 s and 60 s): the price fetched at 0 stays.
    fake.failNext('prices.get', 'NETWORK_UNAVAILABLE', 'The price API cannot be reached.');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(asks()).toBe(2);
    fake.failNext('prices.get', 'NETWORK_UNAVAILABLE', 'The price API cannot be reached.');
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(asks()).toBe(3);
    expect(shown()).toBe('≈ $150.00'); // exactly a minute old: not yet stale
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(shown()).toBe('≈ $150.00 (price 1 min old)');

    // The next answer brings a current price; once off screen, nothing is asked.
    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(asks()).toBe(4);
    expect(shown()).toBe('≈ $150.00');
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(asks()).toBe(4);
  });
});
