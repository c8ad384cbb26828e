/** One account in the list: label, full address, SOL balance, and its actions. */
import { useId, type ReactNode } from 'react';
import type { AccountSummary } from '../../../preload/api-types';
import type { BalanceEntry } from '../stores/balances-store';
import { formatSol } from '../lib/format';
import { CopyButton } from './CopyButton';
import { NO_PHRASE_WORDS, backupOf } from '../../../main/shared/account-backup';

const KIND_WORDS: Record<AccountSummary['kind'], string> = {
  generated: 'Created here',
  'secret-key': 'Imported secret key',
  'cli-keypair': 'Imported keypair file',
  'recovery-phrase': 'From recovery phrase',
  ledger: 'Ledger',
};

export interface AccountRowProps {
  account: AccountSummary;
  isCurrent: boolean;
  balance: BalanceEntry | undefined;
  onRename: () => void;
  onRemove: () => void;
  onSelect: () => void;
  /** **Export secret key** (issue 24); a Ledger account has nothing to export and says so. */
  onExport: () => void;
}

function solText(balance: BalanceEntry | undefined): string {
  if (balance?.balances) return formatSol(balance.balances.lamports);
  if (balance?.error) return 'Balance unavailable';
  return 'Loading balance…';
}

export function AccountRow({
  account,
  isCurrent,
  balance,
  onRename,
  onRemove,
  onSelect,
  onExport,
}: AccountRowProps) {
  const labelId = useId();
  const backup = backupOf(account);
  return (
    <li className={isCurrent ? 'account account-current' : 'account'} aria-labelledby={labelId}>
      <div className="account-main">
        <p className="account-label" id={labelId}>
          {account.label}
          {isCurrent ? <span className="tag">Current</span> : null}
        </p>
        <p className="address small">{account.address}</p>
        <p className="muted small">
          {KIND_WORDS[account.kind]}
          {account.derivationPath ? ` · ${account.derivationPath}` : ''}
        </p>
        {backup === 'secret-key-only' ? <p className="warning small">{NO_PHRASE_WORDS}</p> : null}
        {backup === 'device' ? (
          <p className="muted small">Nothing to export: its key never leaves the Ledger.</p>
        ) : null}
      </div>
      <p className="account-balance">{solText(balance)}</p>
      <div className="account-actions">
        <CopyButton text={account.address} describedBy={labelId} />
        {isCurrent ? null : (
          <RowButton labelId={labelId} onClick={onSelect}>
            Use this account
          </RowButton>
        )}
        <RowButton labelId={labelId} onClick={onRename}>
          Rename
        </RowButton>
        {backup === 'device' ? null : (
          <RowButton labelId={labelId} onClick={onExport}>
            Export secret key
          </RowButton>
        )}
        <RowButton labelId={labelId} onClick={onRemove} danger>
          Remove
        </RowButton>
      </div>
    </li>
  );
}

/** A small button of one account's row, described by the account's label for screen readers. */
function RowButton({
  labelId,
  onClick,
  danger,
  children,
}: {
  labelId: string;
  onClick: () => void;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className={danger ? 'button button-small button-danger' : 'button button-small'}
      aria-describedby={labelId}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
