/**
 * The Swap screen's first-visit default (receive USDC once the token list is there) never
 * overrides what the person already chose. Seen in an end-to-end run on a loaded machine
 * (issue 36, test/e2e/buy-scaled.test.ts): the person picked USDC to pay, from their holdings,
 * before the list arrived; the default then set USDC to receive, which swapped the sides and
 * emptied the pay side, and no quote was ever asked for.
 */
import '../test/swap-setup';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useSwapStore } from '../stores/swap-store';
import { quoteCalls, setUp, SOL, USDC } from '../test/swap-screen';

describe('the Swap screen’s first-visit default', () => {
  it('keeps the token the person chose to pay when the token list comes after it', async () => {
    const { fake, user, release } = setUp({ holdNext: 'tokens.list' });
    fake.swap.rates.set(`${USDC.mint}>${SOL.mint}`, 6_666_666n);
    // USDC is offered from the person's holdings while the list is still on its way.
    await user.click(await screen.findByRole('button', { name: 'You pay token' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('option', { name: /^USDC/ }));
    await waitFor(() => expect(useSwapStore.getState().inputMint).toBe(USDC.mint));
    release();
    await waitFor(() => expect(fake.calls.some((c) => c.method === 'tokens.list')).toBe(true));
    await waitFor(() => expect(useSwapStore.getState().inputMint).toBe(USDC.mint));
    // The default stood back: it would have swapped the sides and left nothing to pay.
    expect(screen.getByRole('button', { name: 'You pay token' }).textContent).toContain('USDC');
    await user.click(screen.getByRole('button', { name: 'You receive token' }));
    const receive = await screen.findByRole('dialog');
    await user.click(await within(receive).findByRole('option', { name: /^SOL/ }));
    await user.type(screen.getByRole('textbox', { name: 'You pay' }), '30');
    await screen.findByRole('status', { name: 'You receive' }, { timeout: 2000 });
    expect(quoteCalls(fake).at(-1)?.request).toMatchObject({
      inputMint: USDC.mint,
      outputMint: SOL.mint,
      amount: '30000000',
    });
  });
});
