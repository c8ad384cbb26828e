/**
 * Referral fees on **Best price (Meta-Aggregator)** (issue 22 point 4): the Swap API v2's
 * /order pays integrator fees only into a named referral account on Jupiter's Ultra referral
 * project, in the fee token Jupiter picks by priority, and only when the referral account's
 * token account of that token exists. The panel keeps the name and the fee (50..255 bps),
 * shows the derived account, whether it exists, each priority token account with what it has
 * earned, and the tokens that would pay nothing today; it starts the creations and claims,
 * which the Fees screen reviews and approves like every fee transaction.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type {
  FeeSettingsView,
  OrderReferralView,
  ReviewTicketView,
  TokenInfo,
} from '../../../../preload/api-types';
import type { Result } from '../../../../main/shared/result';
import type { WalletApi } from '../../../../preload/wallet-api';
import { callWallet } from '../../lib/wallet';
import { formatTokenAmount } from '../../lib/token-display';
import { findToken } from '../../stores/tokens-store';

export interface OrderReferralPanelProps {
  settings: FeeSettingsView;
  tokens: readonly TokenInfo[];
  busy: boolean;
  /** Saves the name and fee (null removes them); answers the new settings or an error. */
  onSave: (value: { name: string; feeBps: number } | null) => Promise<void>;
  /** Starts the review of a creation or claim. */
  onReview: (
    kind: 'fee-account' | 'claim',
    call: (w: WalletApi) => Promise<Result<ReviewTicketView>>,
  ) => void;
  /** Changes when a fee transaction was confirmed, so the status is read again. */
  refreshKey: string;
}

export function OrderReferralPanel(props: OrderReferralPanelProps) {
  const { settings, tokens, busy, onSave, onReview, refreshKey } = props;
  const configured = settings.orderReferral;
  const [name, setName] = useState(configured?.name ?? '');
  const [feeBps, setFeeBps] = useState(String(configured?.feeBps ?? 50));
  const [status, setStatus] = useState<OrderReferralView | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Read again when the referral changes or a fee transaction was confirmed.
  useEffect(() => {
    if (configured === null) return;
    let live = true;
    void callWallet((w) => w.fees.orderReferral({})).then((result) => {
      if (!live) return;
      if (result.ok) {
        setStatus(result.value);
        setError(null);
      } else setError(result.error.message);
    });
    return () => {
      live = false;
    };
  }, [configured, refreshKey]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const bps = Number(feeBps);
    if (!Number.isInteger(bps) || bps < 50 || bps > 255) {
      setError('The referral fee of /order is 50 to 255 bps.');
      return;
    }
    void onSave({ name: name.trim(), feeBps: bps });
  };

  const symbolOf = (mint: string, fallback: string) => findToken(tokens, mint)?.symbol ?? fallback;
  return (
    <section aria-labelledby="order-referral-title" className="order-referral">
      <h3 id="order-referral-title" className="card-title">
        Best price (Meta-Aggregator) referral
      </h3>
      <p className="muted small">
        /order pays your fee only into a referral account on Jupiter&rsquo;s Ultra referral project
        (Jupiter keeps 20% of it when you claim), in the token it picks: SOL first, then
        stablecoins.
      </p>
      <form onSubmit={submit} className="form-row">
        <label>
          Referral account name
          <input
            value={name}
            maxLength={19}
            onChange={(e) => setName(e.target.value)}
            aria-label="Referral account name"
          />
        </label>
        <label>
          Referral fee (bps)
          <input
            value={feeBps}
            inputMode="numeric"
            onChange={(e) => setFeeBps(e.target.value)}
            aria-label="Referral fee (bps)"
          />
        </label>
        <button type="submit" className="button button-small" disabled={busy || name.trim() === ''}>
          Save referral
        </button>
      </form>
      {error ? (
        <p role="alert" className="alert">
          {error}
        </p>
      ) : null}
      {status && configured !== null ? (
        <div aria-label="Referral account status">
          <p>
            Referral account <code aria-label="Referral account address">{status.account}</code>:{' '}
            <span role="status" aria-label="Referral account on chain">
              {status.onChain ? 'Exists' : 'Not created yet'}
            </span>
            {status.onChain ? ` (your share at claim: ${status.onChain.shareBps / 100}%)` : null}
          </p>
          {!status.programDeployed ? (
            <p className="muted small">
              The referral program is not on this network: its token accounts can be created and
              receive fees, but the referral account itself cannot be created or claimed here.
            </p>
          ) : null}
          <ul className="plain-list" aria-label="Referral token accounts">
            {status.tokenAccounts.map((t) => (
              <li key={t.mint}>
                {symbolOf(t.mint, t.symbol)}:{' '}
                {t.exists
                  ? `earned ${formatTokenAmount(t.balance ?? '0', findToken(tokens, t.mint), t.mint)}`
                  : 'missing'}
                {t.exists && t.balance !== '0' && status.programDeployed ? (
                  <button
                    type="button"
                    className="button button-small"
                    disabled={busy}
                    onClick={() =>
                      onReview('claim', (w) => w.fees.claimOrderReferral({ mint: t.mint }))
                    }
                  >
                    Claim {symbolOf(t.mint, t.symbol)}
                  </button>
                ) : null}
              </li>
            ))}
          </ul>
          {status.payingNothing.length > 0 ? (
            <p role="status" aria-label="Tokens paying nothing">
              Would pay you nothing today (no token account):{' '}
              {status.payingNothing
                .map((mint) =>
                  symbolOf(mint, status.tokenAccounts.find((t) => t.mint === mint)?.symbol ?? mint),
                )
                .join(', ')}
            </p>
          ) : null}
          <div className="button-row">
            {status.onChain === null && status.programDeployed ? (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => onReview('fee-account', (w) => w.fees.createOrderReferral({}))}
              >
                Create referral account
              </button>
            ) : null}
            {status.payingNothing.length > 0 ? (
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() =>
                  onReview('fee-account', (w) => w.fees.createOrderReferralTokenAccounts({}))
                }
              >
                Create fee token accounts
              </button>
            ) : null}
          </div>
        </div>
      ) : null}
    </section>
  );
}
