/**
 * The fee account of one mint: **Fee token mint** (the swap's token picker), the address in an
 * element named **Fee token account**, and what the chain says about it (exists, token
 * program, balance; Token-2022 refused). A missing account can be created through review and
 * approve: the referral token account where the referral program exists, else (the sandbox)
 * the integrator's own token account for the fee mint, as the swap API accepts since 2025.
 */
import { useId, useState } from 'react';
import type { FeeSettingsView, TokenInfo } from '../../../../preload/api-types';
import type { FeeAccountState } from '../../stores/fees-store';
import { formatTokenAmount } from '../../lib/token-display';
import { looksLikeAddress } from '../../lib/address-text';
import { TokenPicker } from '../swap/TokenPicker';

export interface FeeAccountPanelProps {
  settings: FeeSettingsView;
  token: TokenInfo | null;
  account: FeeAccountState;
  /** A review is open: no new action. */
  busy: boolean;
  onPickMint: (token: TokenInfo) => void;
  onCreate: () => void;
  onClaim: () => void;
  onUse: (address: string | 'referral') => void;
}

const PROGRAM_NAMES = { 'spl-token': 'SPL Token', 'token-2022': 'Token-2022' } as const;

export function FeeAccountPanel(props: FeeAccountPanelProps) {
  const { settings, token, account, busy } = props;
  const id = useId();
  const [existing, setExisting] = useState('');
  const configured = token ? settings.accounts.find((a) => a.mint === token.mint) : undefined;
  const check = account.state === 'ready' ? account.check : null;
  const inUse = check !== null && configured?.address === check.address;
  const createWords =
    check?.referralProgramDeployed && account.state === 'ready' && account.origin === 'referral'
      ? 'Create referral fee account'
      : 'Create your own token account for the fee mint';
  return (
    <section className="fee-account" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        Fee account of a token
      </h2>
      <div className="field">
        <span className="label-text">Fee token mint</span>
        <TokenPicker
          label="Fee token mint"
          title="Choose the token fees are collected in"
          selected={token}
          disabled={busy}
          onPick={props.onPickMint}
        />
      </div>
      <div role="status" className="status-line">
        {account.state === 'checking' ? 'Reading the fee account…' : null}
      </div>
      {account.state === 'failed' ? (
        <p role="alert" className="alert">
          {account.error.message}
        </p>
      ) : null}
      {account.state === 'unset' && token ? (
        <div className="notice-box">
          <p>
            No fee account collects {token.symbol ?? 'this token'} yet. Any token account of the fee
            mint can receive platform fees: create your own, or use one you already have.
          </p>
          <button
            type="button"
            className="button button-primary"
            disabled={busy}
            onClick={props.onCreate}
          >
            Create your own token account for the fee mint
          </button>
        </div>
      ) : null}
      {check && token ? (
        <>
          <dl className="facts" aria-label="Fee account status">
            <dt>Address</dt>
            <dd className="mono break">
              <output aria-label="Fee token account">{check.address}</output>
              <span className="muted small">
                {' '}
                (
                {account.state === 'ready' && account.origin === 'referral'
                  ? 'derived from the referral account'
                  : 'configured'}
                )
              </span>
            </dd>
            <dt>Status</dt>
            <dd>
              <span
                role="status"
                aria-label="Fee token account status"
                className={check.problem ? 'badge badge-bad' : 'badge badge-ok'}
              >
                {!check.exists
                  ? 'Missing'
                  : check.problem
                    ? 'Refused'
                    : inUse
                      ? 'In use'
                      : 'Exists'}
              </span>
            </dd>
            <dt>Token program</dt>
            <dd>{check.tokenProgram ? PROGRAM_NAMES[check.tokenProgram] : '—'}</dd>
            <dt>Balance</dt>
            <dd>
              {check.balance !== null ? formatTokenAmount(check.balance, token, token.mint) : '—'}
            </dd>
            {check.owner ? (
              <>
                <dt>Owner</dt>
                <dd className="mono break">{check.owner}</dd>
              </>
            ) : null}
          </dl>
          {check.problem && check.exists ? (
            <p role="alert" className="alert">
              {check.problem.message}
            </p>
          ) : null}
          {!check.exists ? (
            <div className="notice-box">
              {check.advice ? <p>{check.advice}</p> : <p>This fee account does not exist yet.</p>}
              <button
                type="button"
                className="button button-primary"
                disabled={busy}
                onClick={props.onCreate}
              >
                {createWords}
              </button>
            </div>
          ) : null}
          <div className="actions">
            {check.exists && !check.problem && !inUse ? (
              <button
                type="button"
                className="button button-primary"
                disabled={busy}
                onClick={() =>
                  props.onUse(
                    account.state === 'ready' && account.origin === 'referral'
                      ? 'referral'
                      : check.address,
                  )
                }
              >
                Use as fee account
              </button>
            ) : null}
            {check.exists &&
            check.referralProgramDeployed &&
            account.state === 'ready' &&
            account.origin === 'referral' ? (
              <button type="button" className="button" disabled={busy} onClick={props.onClaim}>
                Claim fees
              </button>
            ) : null}
          </div>
        </>
      ) : null}
      {token ? (
        <form
          className="form existing-account"
          onSubmit={(event) => {
            event.preventDefault();
            if (looksLikeAddress(existing.trim())) props.onUse(existing.trim());
          }}
        >
          <div className="field">
            <label htmlFor={`${id}-existing`}>Existing token account</label>
            <input
              id={`${id}-existing`}
              className="input mono"
              spellCheck={false}
              autoComplete="off"
              placeholder={`A token account of ${token.symbol ?? 'the fee mint'}`}
              value={existing}
              disabled={busy}
              onChange={(event) => setExisting(event.target.value)}
            />
          </div>
          <button
            type="submit"
            className="button"
            disabled={busy || !looksLikeAddress(existing.trim())}
          >
            Use this account
          </button>
        </form>
      ) : null}
    </section>
  );
}
