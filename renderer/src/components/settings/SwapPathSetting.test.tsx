import '../../test/swap-setup';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../App';
import { fakeAccount, installFakeWallet } from '../../test/fake-wallet';

function openSettings(swapApiFlavour: 'v6' | 'swap-v2') {
  const fake = installFakeWallet({ accounts: [fakeAccount(0)], swapApiFlavour });
  window.location.hash = '#/settings';
  render(<App />);
  return { fake, user: userEvent.setup() };
}

describe('Settings, Swap path', () => {
  it('on a v2 service: Router by default, Best price (Meta-Aggregator) when chosen', async () => {
    const { fake, user } = openSettings('swap-v2');
    await screen.findByRole('heading', { name: 'Swap path' });
    const router = screen.getByRole('radio', { name: /^Router/ }) as HTMLInputElement;
    expect(router.checked).toBe(true);
    await user.click(screen.getByRole('radio', { name: /^Best price \(Meta-Aggregator\)/ }));
    await waitFor(() =>
      expect(fake.calls.filter((c) => c.method === 'swapPath.set').map((c) => c.request)).toEqual([
        { path: 'meta-aggregator' },
      ]),
    );
    expect((screen.getByRole('radio', { name: /^Best price/ }) as HTMLInputElement).checked).toBe(
      true,
    );
  });

  it('is not offered on a service with one way to swap', async () => {
    openSettings('v6');
    await screen.findByRole('heading', { name: 'Network' });
    expect(screen.queryByRole('heading', { name: 'Swap path' })).toBeNull();
  });
});
