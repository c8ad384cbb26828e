/**
 * Confirms removing an account. Removal deletes the secret from the keychain, so the dialog says
 * what is lost, and focus starts on Cancel: Enter right away does not destroy anything.
 */
import { useState } from 'react';
import type { AccountSummary } from '../../../preload/api-types';
import type { BridgeError } from '../../../main/shared/result';
import { useAccountsStore } from '../stores/accounts-store';
import { Dialog } from './Dialog';
import { AlertMessage } from './AlertMessage';

export function RemoveDialog({
  account,
  onClose,
}: {
  account: AccountSummary;
  onClose: () => void;
}) {
  const remove = useAccountsStore((s) => s.remove);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);

  const confirm = async () => {
    setPending(true);
    const result = await remove(account.address);
    setPending(false);
    if (result.ok) onClose();
    else setError(result.error);
  };

  return (
    <Dialog title={`Remove ${account.label}?`} onClose={onClose} initialFocus="[data-cancel]">
      <p>
        Swapdesk will delete this account&apos;s secret key from the keychain. Without your own
        backup of its secret key or recovery phrase, the funds at this address can no longer be
        reached.
      </p>
      <p className="address small">{account.address}</p>
      <AlertMessage error={error} />
      <div className="actions">
        <button type="button" className="button button-danger" onClick={confirm} disabled={pending}>
          Remove account
        </button>
        <button type="button" className="button" data-cancel="" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
