/** The header's account picker: a native select, so it works from the keyboard as is. */
import { useId } from 'react';
import { useAccountsStore } from '../stores/accounts-store';
import { shortenAddress } from '../lib/format';

export function AccountSwitcher() {
  const accounts = useAccountsStore((s) => s.accounts);
  const current = useAccountsStore((s) => s.current);
  const select = useAccountsStore((s) => s.select);
  const id = useId();
  if (accounts.length === 0) return null;
  return (
    <div className="switcher">
      <label htmlFor={id} className="switcher-label">
        Current account
      </label>
      <select
        id={id}
        className="select"
        value={current ?? ''}
        onChange={(event) => void select(event.target.value)}
      >
        {accounts.map((account) => (
          <option key={account.address} value={account.address}>
            {account.label} ({shortenAddress(account.address)})
          </option>
        ))}
      </select>
    </div>
  );
}
