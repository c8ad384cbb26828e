/**
 * Activity: every transaction this wallet submitted, newest first, with its status, amounts and
 * time; on mainnet a link to a block explorer (the sandbox has no public explorer). The list
 * reloads every few seconds while an entry is pending.
 */
import { useCallback, useEffect } from 'react';
import type { ActivityEntryView, TokenInfo } from '../../../preload/api-types';
import { hasPending, useActivityStore } from '../stores/activity-store';
import { findToken, useTokensStore } from '../stores/tokens-store';
import { useInterval } from '../lib/use-interval';
import { shortenAddress } from '../lib/format';
import { formatTokenAmount } from '../lib/token-display';
import { ScreenHeading } from './ScreenHeading';

export const ACTIVITY_REFRESH_MS = 3000;

const STATUS_WORDS: Record<ActivityEntryView['status'], string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  failed: 'Failed',
  expired: 'Expired',
};

function timeOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : date.toLocaleString([], { dateStyle: 'medium', timeStyle: 'medium' });
}

/** An amount with its token, marked when the token is not on the verified list. */
function amountText(amount: string, mint: string | null, tokens: readonly TokenInfo[]): string {
  const token = findToken(tokens, mint);
  const text = formatTokenAmount(amount, token, mint);
  return token?.verified || mint === null ? text : `${text} (unverified)`;
}

/** "1.5 SOL → 210.3 USDC"; an entry without amounts says what kind it is. */
function amountsOf(entry: ActivityEntryView, tokens: readonly TokenInfo[]): string {
  if (!entry.inAmount || !entry.outAmount) return entry.kind === 'pay' ? 'Payment' : 'Transaction';
  const paid = amountText(entry.inAmount, entry.inputMint, tokens);
  const got = amountText(entry.outAmount, entry.outputMint, tokens);
  return `${paid} → ${got}`;
}

export function ActivityScreen() {
  const { status, entries, error, load } = useActivityStore();
  const tokens = useTokensStore((s) => s.tokens);
  const tokensStatus = useTokensStore((s) => s.status);
  // Amounts need each mint's decimals: wait for the token list (or its failure, then base
  // units are shown, said as such) rather than flash base units first.
  const tokensSettled = tokensStatus === 'ready' || tokensStatus === 'error';
  const loadTokens = useTokensStore((s) => s.load);

  useEffect(() => {
    void load();
    void loadTokens();
  }, [load, loadTokens]);
  const poll = useCallback(() => {
    if (hasPending(useActivityStore.getState().entries)) void load();
  }, [load]);
  useInterval(poll, ACTIVITY_REFRESH_MS);

  return (
    <>
      <ScreenHeading>Activity</ScreenHeading>
      <section className="card" aria-labelledby="activity-title" aria-busy={status === 'loading'}>
        <div className="card-head">
          <h2 id="activity-title" className="card-title">
            Your transactions
          </h2>
          <button type="button" className="button button-small" onClick={() => void load()}>
            Refresh
          </button>
        </div>
        {status === 'loading' && entries.length === 0 ? (
          <p role="status">Loading activity…</p>
        ) : null}
        {status === 'ready' && entries.length === 0 ? (
          <p className="muted">No transactions yet. Swaps you send appear here.</p>
        ) : null}
        {error ? <p role="alert">{error.message}</p> : null}
        {entries.length > 0 && tokensSettled ? (
          <ul className="activity-list" aria-label="Transactions">
            {entries.map((entry) => (
              <li key={entry.id} className="activity-item">
                <div className="activity-main">
                  <p className="activity-title">
                    <span className="activity-kind">
                      {entry.kind === 'swap'
                        ? 'Swap'
                        : entry.kind === 'pay'
                          ? 'Payment'
                          : 'Transaction'}
                    </span>{' '}
                    {amountsOf(entry, tokens)}
                  </p>
                  <p className="muted small">
                    <time dateTime={entry.createdAt}>{timeOf(entry.createdAt)}</time> ·{' '}
                    <span title={entry.signature}>{shortenAddress(entry.signature, 6)}</span>
                  </p>
                  {entry.error ? <p className="small field-error">{entry.error}</p> : null}
                </div>
                <div className="activity-side">
                  <span className={`status-pill status-${entry.status}`}>
                    {STATUS_WORDS[entry.status]}
                  </span>
                  {entry.networkId === 'mainnet' && entry.explorerUrl ? (
                    <a href={entry.explorerUrl} target="_blank" rel="noreferrer noopener">
                      View in the explorer
                    </a>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        ) : null}
      </section>
    </>
  );
}
