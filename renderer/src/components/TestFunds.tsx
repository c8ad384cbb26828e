/**
 * **Get test funds** (sandbox only): asks the sandbox faucet for SOL and some of each sandbox
 * token for the current account, shows progress, then the result.
 */
import { useBalancesStore } from '../stores/balances-store';

export function TestFunds({ address }: { address: string }) {
  const fund = useBalancesStore((s) => s.fund);
  const request = useBalancesStore((s) => s.requestTestFunds);
  const pending = fund.state === 'pending';
  const mine = fund.state !== 'idle' && fund.address === address;
  return (
    <section className="card" aria-labelledby="test-funds-title">
      <h2 id="test-funds-title" className="card-title">
        Test funds
      </h2>
      <p className="muted">
        The sandbox network holds play money only. Fill this account with test SOL and tokens to try
        swaps and payments.
      </p>
      <button
        type="button"
        className="button button-primary"
        onClick={() => void request(address)}
        disabled={pending}
      >
        Get test funds
      </button>
      <div role="status" className="status-line">
        {mine && fund.state === 'pending' ? 'Requesting test funds…' : null}
        {mine && fund.state === 'done' ? 'Test funds received.' : null}
      </div>
      <div role="alert" className={mine && fund.state === 'failed' ? 'alert' : 'alert alert-empty'}>
        {mine && fund.state === 'failed' ? fund.error.message : null}
      </div>
    </section>
  );
}
