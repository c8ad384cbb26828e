/**
 * What the fee accounts hold: every configured account with its balance and status, the total
 * per mint, and the platform fee each swap or payment paid (from Activity, read from the
 * confirmed transactions).
 */
import type { FeeBalancesView, TokenInfo } from '../../../../preload/api-types';
import { formatTokenAmount } from '../../lib/token-display';
import { shortenAddress } from '../../lib/format';
import { findToken, tokenName } from '../../stores/tokens-store';
import { DataTable } from '../DataTable';

export interface FeeBalancesProps {
  balances: FeeBalancesView;
  tokens: readonly TokenInfo[];
}

const STATUS_WORDS = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  failed: 'Failed',
  expired: 'Expired',
} as const;

const KIND_WORDS = { swap: 'Swap', pay: 'Payment', other: 'Other' } as const;

export function FeeBalances({ balances, tokens }: FeeBalancesProps) {
  return (
    <>
      {balances.accounts.length === 0 ? (
        <p className="muted">No fee account is set up yet.</p>
      ) : (
        <DataTable
          className="table fee-table"
          label="Fee accounts"
          columns={['Token', 'Account', 'Status', 'Balance']}
        >
          {balances.accounts.map((a) => {
            const token = findToken(tokens, a.configuredMint);
            return (
              <tr key={`${a.configuredMint}-${a.address}`}>
                <td>{tokenName(token, a.configuredMint)}</td>
                <td className="mono" title={a.address}>
                  {shortenAddress(a.address)}
                  <span className="muted small">
                    {' '}
                    {a.source === 'referral' ? 'referral' : 'token account'}
                  </span>
                </td>
                <td>{!a.exists ? 'Missing' : a.problem ? a.problem.message : 'Ready'}</td>
                <td>
                  {a.balance !== null ? formatTokenAmount(a.balance, token, a.configuredMint) : '—'}
                </td>
              </tr>
            );
          })}
        </DataTable>
      )}
      <h3 className="subtitle">Totals</h3>
      {balances.totals.length === 0 ? (
        <p className="muted">Nothing collected yet.</p>
      ) : (
        <ul className="plain-list" aria-label="Fee totals">
          {balances.totals.map((t) => (
            <li key={t.mint}>{formatTokenAmount(t.balance, findToken(tokens, t.mint), t.mint)}</li>
          ))}
        </ul>
      )}
      <h3 className="subtitle">Fees paid per swap and payment</h3>
      {balances.swaps.length === 0 ? (
        <p className="muted">No swap or payment with a platform fee yet.</p>
      ) : (
        <DataTable
          className="table fee-table"
          label="Fees paid per swap and payment"
          columns={['When', 'Transaction', 'Kind', 'Fee', 'Received', 'Status']}
        >
          {balances.swaps.map((s) => {
            const token = findToken(tokens, s.mint);
            return (
              <tr key={s.signature}>
                <td>{new Date(s.createdAt).toLocaleString()}</td>
                <td className="mono" title={s.signature}>
                  {shortenAddress(s.signature, 6)}
                </td>
                <td>{KIND_WORDS[s.kind]}</td>
                <td>{s.platformFeeBps} bps</td>
                <td>{s.received !== null ? formatTokenAmount(s.received, token, s.mint) : '—'}</td>
                <td>{STATUS_WORDS[s.status]}</td>
              </tr>
            );
          })}
        </DataTable>
      )}
    </>
  );
}
