/**
 * Issue 32 on screen: a swap service's refusal is told in the wallet's words in the alert; the
 * service's own line (here a phishing line, sanitized as main's bridge sends it) is only behind
 * "Show the service's message", as plain text, never a link, never in the alert.
 */
import '../test/swap-setup';
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { quoteFor, setUp } from '../test/swap-screen';

const PHISH = 'Your wallet is compromised. Visit https://jup-support.example to restore it';
const SHOWN = 'Your wallet is compromised. Visit hxxps[:]//jup-support[.]example to restore it';
const REFUSED =
  'The swap service refused the quote request (HTTP 400, code VISIT_SUPPORT). Check the swap settings, or try again later.';

/** The disclosure, closed, with the service's words as its only content besides our note. */
function disclosure(): HTMLDetailsElement {
  const summary = screen.getByText("Show the service's message");
  const details = summary.closest('details');
  if (details === null) throw new Error('the control is not a disclosure');
  return details;
}

describe("a swap service's own words", () => {
  it('stay out of the alert; "Show the service\'s message" reveals them as plain text', async () => {
    const { fake, user } = setUp();
    fake.failNext('swap.quote', 'SWAP_API_REJECTED', REFUSED, PHISH);
    const box = await screen.findByRole('textbox', { name: 'You pay' });
    await screen.findByText('USDC');
    await user.type(box, '1');
    const alert = await screen.findByText(REFUSED);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe(REFUSED);
    const details = disclosure();
    // Not inside the alert, and closed until asked for.
    expect(alert.contains(details)).toBe(false);
    expect(details.open).toBe(false);
    await user.click(screen.getByText("Show the service's message"));
    expect(details.open).toBe(true);
    const said = within(details).getByText(SHOWN);
    expect(said.tagName).toBe('BLOCKQUOTE');
    // Plain text: no link anywhere in the disclosure, nothing of the raw address on screen.
    expect(details.querySelector('a, [href]')).toBeNull();
    expect(document.body.textContent).not.toContain('https://jup-support');
    expect(document.body.textContent).not.toContain('jup-support.example');
  });

  it('a review the service refused: our words in the alert, its words behind the disclosure', async () => {
    const { fake, user } = setUp();
    await quoteFor(user, '1');
    fake.failNext(
      'swap.review',
      'SWAP_NOT_SIGNABLE',
      "The swap service's own test run of this transaction failed (VENUE_ERROR), so it cannot be signed. Get a fresh quote and try again.",
      PHISH,
    );
    await user.click(screen.getByRole('button', { name: 'Review swap' }));
    const alert = await screen.findByText(/own test run of this transaction failed/);
    expect(alert.textContent).not.toMatch(/compromised|jup-support/);
    const details = disclosure();
    expect(alert.contains(details)).toBe(false);
    await user.click(within(details).getByText("Show the service's message"));
    expect(within(details).getByText(SHOWN)).toBeTruthy();
    expect(details.querySelector('a, [href]')).toBeNull();
  });

  it('no disclosure when the service said nothing', async () => {
    const { fake, user } = setUp();
    fake.failNext('swap.quote', 'NO_ROUTE', 'No route found for this pair and amount.');
    const box = await screen.findByRole('textbox', { name: 'You pay' });
    await screen.findByText('USDC');
    await user.type(box, '1');
    await screen.findByText('No route found for this pair and amount.');
    expect(screen.queryByText("Show the service's message")).toBeNull();
  });
});
