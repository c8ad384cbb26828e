/**
 * A Solana Action on the Pay screen (issue 34 point 5): what main read is shown (title,
 * description, the domain main called, "unverified", the icon's note), each button with its
 * form of the action's field types, and the form checked before it is sent (required, the
 * action's pattern with its description); a button Swapdesk cannot do is off, with why. The
 * action is shaped as the sandbox merchant's "Tip the barista" (main/sandbox/merchant/action-http.ts).
 */
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ActionView } from '../../../../preload/api-types';
import { ActionRequest } from './ActionRequest';

afterEach(cleanup);

const UNVERIFIED =
  'This action is unverified: Swapdesk cannot reach a registry of known actions, so nobody vouches for its site. Go by the domain and by what the review says the transaction does.';

const TIP: ActionView = {
  actionId: '00000000-0000-4000-8000-000000000001',
  domain: '127.0.0.1:8899',
  site: 'shop.example',
  type: 'action',
  title: 'Sandbox Coffee',
  description: 'Tip the barista in USDC.',
  label: 'Tip',
  icon: null,
  iconNote: 'The merchant’s icon is not shown: never an SVG.',
  disabled: false,
  error: null,
  verification: UNVERIFIED,
  links: [
    { label: 'Tip 1 USDC', parameters: [], unsupported: null },
    {
      label: 'Tip the barista',
      unsupported: null,
      parameters: [
        {
          name: 'amount',
          label: 'Tip in USDC',
          type: 'number',
          required: true,
          pattern: '\\d{1,3}(\\.\\d{1,6})?',
          patternDescription: 'An amount of USDC with at most 6 decimals, like 2.50',
          min: '0.1',
          max: '50',
          options: [],
        },
        {
          name: 'size',
          label: 'Cup',
          type: 'radio',
          required: false,
          pattern: null,
          patternDescription: null,
          min: null,
          max: null,
          options: [
            { label: 'Small', value: 's', selected: false },
            { label: 'Large', value: 'l', selected: true },
          ],
        },
      ],
    },
    {
      label: 'Sign in',
      parameters: [],
      unsupported: 'It asks for a kind of action Swapdesk does not do (message).',
    },
  ],
};

function shown(onReview = vi.fn(), action: ActionView = TIP) {
  render(
    <ActionRequest
      open={{ state: 'ready', text: 'https://shop.example/tip', action }}
      reviewed={null}
      busy={false}
      confirmedSignature={null}
      nextError={null}
      onReview={onReview}
      onNext={vi.fn()}
    />,
  );
  return onReview;
}

describe('ActionRequest', () => {
  it('shows what main read: title, description, domain, site, unverified, icon note', () => {
    shown();
    expect(screen.getByRole('heading', { name: 'Sandbox Coffee' })).toBeTruthy();
    expect(screen.getByText('Tip the barista in USDC.')).toBeTruthy();
    expect(screen.getByText('127.0.0.1:8899')).toBeTruthy();
    expect(screen.getByText('shop.example')).toBeTruthy();
    expect(screen.getByRole('note').textContent).toBe(UNVERIFIED);
    expect(screen.getByText('The merchant’s icon is not shown: never an SVG.')).toBeTruthy();
  });

  it('posts a button without fields at once', async () => {
    const onReview = shown();
    await userEvent.click(screen.getByRole('button', { name: 'Tip 1 USDC' }));
    expect(onReview).toHaveBeenCalledWith(0, {});
  });

  it('checks the form before sending: required, then the pattern in the action’s words', async () => {
    const onReview = shown();
    const send = screen.getByRole('button', { name: 'Tip the barista' });
    await userEvent.click(send);
    expect(screen.getByRole('alert').textContent).toBe('"Tip in USDC" is required.');
    const amount = screen.getByLabelText('Tip in USDC (required)');
    await userEvent.type(amount, '2.1234567');
    await userEvent.click(send);
    expect(screen.getByRole('alert').textContent).toBe(
      '"Tip in USDC" is not in the form asked: An amount of USDC with at most 6 decimals, like 2.50',
    );
    expect(onReview).not.toHaveBeenCalled();
    await userEvent.clear(amount);
    await userEvent.type(amount, '2.5');
    await userEvent.click(screen.getByLabelText('Small'));
    await userEvent.click(send);
    expect(onReview).toHaveBeenCalledWith(1, { amount: '2.5', size: 's' });
  });

  it('shows a button Swapdesk cannot do as off, with the reason', () => {
    shown();
    expect((screen.getByRole('button', { name: 'Sign in' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      screen.getByText('It asks for a kind of action Swapdesk does not do (message).'),
    ).toBeTruthy();
  });

  it('shows a completed chain without buttons', () => {
    shown(vi.fn(), {
      ...TIP,
      type: 'completed',
      label: 'Tipped',
      description: 'Your tip landed.',
      links: [],
    });
    expect(screen.getByText('Tipped: this action is complete.')).toBeTruthy();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
