/**
 * Confirms removing an account. Removal deletes the secret from the keychain, so the dialog says
 * what is lost, and focus starts on Cancel: Enter right away does not destroy anything.
 */
import { useBridgeCall } from '../lib/use-bridge-call';
import { useAccountsStore } from '../stores/accounts-store';
import { Dialog, type AccountDialogProps } from './Dialog';
import { AlertMessage } from './AlertMessage';

export function RemoveDialog({ account, onClose }: AccountDialogProps) {
  const remove = useAccountsStore((s) => s.remove);
  const removal = useBridgeCall({ keepErrorWhilePending: true });

  const confirm = async () => {
    const result = await removal.run(() => remove(account.address));
    if (result.ok) onClose();
  };

  return (
    <Dialog title={`Remove ${account.label}?`} onClose={onClose} initialFocus="[data-cancel]">
      <p>
        Swapdesk will delete this account&apos;s secret key from the keychain. Without your own
        backup of its secret key or recovery phrase, the funds at this address can no longer be
        reached.
      </p>
      <p className="address small">{account.address}</p>
      <AlertMessage error={removal.error} />
      <div className="actions">
        <button
          type="button"
          className="button button-danger"
          onClick={confirm}
          disabled={removal.pending}
        >
          Remove account
        </button>
        <button type="button" className="button" data-cancel="" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
