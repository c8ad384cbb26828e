/**
 * SOL and token balances of one account, formatted from base units with bigint math, each with
 * its USD value and the account's **Total value** (issue 11). Values come from exact decimal
 * math (main/shared/usd.ts); a token without a price is left out of the total, and the total
 * says so. Values at Pyth's oracle prices are marked, and the total says how many are (issue 25).
 */
import { formatMintUnits } from '../lib/token-scale';
import type { BalanceEntry } from '../stores/balances-store';
import { formatSol, shortenAddress } from '../lib/format';
import { NATIVE_MINT } from '../lib/token-amount';
import { addDecimal, formatUsd, type Decimal } from '../../../main/shared/usd';
import { usePrices } from '../stores/prices-store';
import { TokenLogo } from './tokens/TokenLogo';
import { usdOf, UsdValue } from './tokens/UsdValue';
import { VerifiedMark } from './tokens/VerifiedMark';
import { RefreshHead } from './RefreshHead';

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
  const mints = balances ? [NATIVE_MINT, ...balances.tokens.map((t) => t.mint)] : [];
  // Asked again with every refresh of the balances (the store skips prices under 30 s old).
  const prices = usePrices(mints, updatedAt);
  // Until every price has been asked once, a total would flash "$0.00, not counting 13 tokens".
  const pricing = mints.some((mint) => prices[mint] === undefined);
  let total: Decimal = { digits: 0n, scale: 0 };
  let unpriced = 0;
  let stale = false;
  /** Values counted at Pyth's prices (issue 25), and at any price. */
  let atOracle = 0;
  let valued = 0;
  if (balances) {
    for (const [amount, decimals, mint] of [
      [balances.lamports, 9, NATIVE_MINT] as const,
      ...balances.tokens.map((t) => [t.amount, t.decimals, t.mint] as const),
    ]) {
      const value = usdOf(amount, decimals, prices[mint], mint);
      if (value) total = addDecimal(total, value);
      else if (amount !== '0') unpriced += 1;
      if (value && amount !== '0') {
        valued += 1;
        if (prices[mint]?.source === 'oracle') atOracle += 1;
      }
      if (prices[mint]?.status === 'stale') stale = true;
    }
  }
  return (
    <section className="card" aria-labelledby="balances-title" aria-busy={loading}>
      <RefreshHead
        id="balances-title"
        title="Balances"
        onRefresh={onRefresh}
        disabled={loading}
        words={loading ? 'Refreshing…' : 'Refresh balances'}
      />
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
            </output>{' '}
            <UsdValue
              amount={balances.lamports}
              decimals={9}
              price={prices[NATIVE_MINT]}
              label="USD value of SOL"
            />
          </p>
          <p className="total-value">
            <span className="muted" aria-hidden="true">
              Total value
            </span>{' '}
            <output className="amount-large" aria-label="Total value">
              {pricing ? '…' : formatUsd(total)}
            </output>
            {unpriced > 0 && !pricing ? (
              <span className="muted small">
                {' '}
                not counting {unpriced} {unpriced === 1 ? 'token' : 'tokens'} without a USD price
              </span>
            ) : null}
            {stale ? (
              <span className="muted small"> (some prices are over a minute old)</span>
            ) : null}
          </p>
          {!pricing && valued > 0 ? (
            <p className="muted small" aria-label="Price sources">
              {atOracle === valued
                ? "Every value is at Pyth's oracle prices, read from the network."
                : atOracle > 0
                  ? `${atOracle} of ${valued} values at Pyth's oracle prices (marked Pyth), read from the network; the others at the swap service's prices.`
                  : "Every value is at the swap service's prices: Pyth has no feed for these tokens here."}
            </p>
          ) : null}
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
                  <th scope="col" className="num">
                    Value
                  </th>
                </tr>
              </thead>
              <tbody>
                {balances.tokens.map((token) => (
                  <tr key={token.tokenAccount}>
                    <th scope="row" title={token.mint}>
                      <TokenLogo mint={token.mint} symbol={token.symbol} />{' '}
                      {token.symbol ?? shortenAddress(token.mint)}{' '}
                      <VerifiedMark verified={token.verified ?? false} />
                    </th>
                    <td className="num">
                      {formatMintUnits(token.amount, token.decimals, token.mint, { group: true })}
                    </td>
                    <td className="num">
                      <UsdValue
                        amount={token.amount}
                        decimals={token.decimals}
                        price={prices[token.mint]}
                        mint={token.mint}
                        label={`USD value of ${token.symbol ?? shortenAddress(token.mint)}`}
                        prefix=""
                      />
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
