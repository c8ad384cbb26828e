/** SOL and token balances of one account, formatted from base units with bigint math. */
import type { BalanceEntry } from '../stores/balances-store';
import { formatSol, formatUnits, shortenAddress } from '../lib/format';

export interface BalancesPanelProps {
  entry: BalanceEntry;
  onRefresh: () => void;
}

function timeOf(ms: number): string {
  return new Date(ms).toLocaleTimeString([], {
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

export function BalancesPanel({ entry, onRefresh }: BalancesPanelProps) {
  const { balances, loading, updatedAt, error } = entry;
  return (
    <section className="card" aria-labelledby="balances-title" aria-busy={loading}>
      <div className="card-head">
        <h2 id="balances-title" className="card-title">
          Balances
        </h2>
        <button
          type="button"
          className="button button-small"
          onClick={onRefresh}
          disabled={loading}
        >
          {loading ? 'Refreshing…' : 'Refresh balances'}
        </button>
      </div>
      {balances ? (
        <>
          <p className="sol-balance">
            <span className="muted" aria-hidden="true">
              SOL balance
            </span>
            {/* An output (a polite live region): a new balance, e.g. after test funds arrive, is
                announced without moving focus. */}
            <output className="amount-large" aria-label="SOL balance">
              {formatSol(balances.lamports)}
            </output>
          </p>
          {balances.tokens.length === 0 ? (
            <p className="muted">No tokens in this account yet.</p>
          ) : (
            <table className="table">
              <caption className="visually-hidden">Token balances</caption>
              <thead>
                <tr>
                  <th scope="col">Token</th>
                  <th scope="col" className="num">
                    Balance
                  </th>
                </tr>
              </thead>
              <tbody>
                {balances.tokens.map((token) => (
                  <tr key={token.tokenAccount}>
                    <th scope="row" title={token.mint}>
                      {token.symbol ?? shortenAddress(token.mint)}
                    </th>
                    <td className="num">
                      {formatUnits(token.amount, token.decimals, { group: true })}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      ) : loading ? (
        <p role="status">Loading balances…</p>
      ) : null}
      {error && balances ? (
        <p className="muted">Could not refresh: {error.message} Showing the last known balances.</p>
      ) : null}
      {error && !balances ? <p role="alert">{error.message}</p> : null}
      {updatedAt ? <p className="muted small">Updated {timeOf(updatedAt)}</p> : null}
    </section>
  );
}
