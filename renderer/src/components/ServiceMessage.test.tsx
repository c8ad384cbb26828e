/**
 * Issue 32: remote words (a swap service's, the network's, the sandbox faucet's) never sit in
 * the alert; they follow it behind a disclosure that names whose words they are. The errors here
 * cross the real bridge contract (refusalOf), as main sends them.
 */
import '../test/setup';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { refusalOf } from '../../../preload/contract/bridge-error';
import { WalletError } from '../../../main/shared/errors';
import type { BridgeError } from '../../../main/shared/result';
import { AlertMessage } from './AlertMessage';

const PHISHING = 'Node deprecated.\u202e Migrate your wallet at https://rpc-upgrade.example/now';

function crossed(error: WalletError): BridgeError {
  const result = refusalOf(error);
  if (result.ok) throw new Error('a refusal crosses as an error');
  return result.error;
}

afterEach(cleanup);

describe('whose words the disclosure holds', () => {
  it.each([
    ['network', "Show the network's message", /What the network said/],
    ['faucet', "Show the faucet's message", /The sandbox faucet's own words/],
  ] as const)(
    'a %s message: our sentence in the alert, theirs behind its own label',
    (from, label, hint) => {
      const error = crossed(
        new WalletError(
          'NETWORK_UNAVAILABLE',
          'The network refused the request. Try again in a moment.',
          {
            serviceMessage: PHISHING,
            serviceFrom: from,
          },
        ),
      );
      expect(error.serviceFrom).toBe(from);
      render(<AlertMessage error={error} />);
      const alert = screen.getByRole('alert');
      expect(alert.textContent).toBe('The network refused the request. Try again in a moment.');
      const details = screen.getByText(label).closest('details')!;
      expect(details.open).toBe(false);
      expect(alert.contains(details)).toBe(false);
      expect(within(details).getByText(hint)).toBeTruthy();
      expect(details.querySelector('blockquote')?.textContent).toBe(
        'Node deprecated. Migrate your wallet at hxxps[:]//rpc-upgrade[.]example/now',
      );
      expect(details.querySelector('a')).toBeNull();
      expect(screen.queryByText("Show the service's message")).toBeNull();
    },
  );

  it("a swap service's words keep the service's label; no source crosses without words", () => {
    render(
      <AlertMessage
        error={crossed(
          new WalletError('NO_ROUTE', 'No route.', { serviceMessage: 'No routes found' }),
        )}
      />,
    );
    expect(screen.getByText("Show the service's message")).toBeTruthy();
    const bare = crossed(new WalletError('X', 'Nothing said.', { serviceFrom: 'network' }));
    expect(bare).toEqual({ code: 'X', message: 'Nothing said.' });
  });
});
