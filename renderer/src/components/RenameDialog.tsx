/** Asks for a new label; main validates it (1 to 64 characters) and answers the renamed summary. */
import { useId, useState, type FormEvent } from 'react';
import { useBridgeCall } from '../lib/use-bridge-call';
import { useAccountsStore } from '../stores/accounts-store';
import { Dialog, type AccountDialogProps } from './Dialog';
import { AccountLabelField } from './AccountLabelField';
import { FormFooter } from './FormFooter';

export function RenameDialog({ account, onClose }: AccountDialogProps) {
  const rename = useAccountsStore((s) => s.rename);
  const [label, setLabel] = useState(account.label);
  const save = useBridgeCall({ keepErrorWhilePending: true });
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) {
      save.setError({ code: 'EMPTY', message: 'A label needs at least one character.' });
      return;
    }
    const result = await save.run(() => rename(account.address, label));
    if (result.ok) onClose();
  };

  return (
    <Dialog title={`Rename ${account.label}`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <AccountLabelField id={inputId} label="New label" value={label} onText={setLabel} />
        <FormFooter
          error={save.error}
          submitLabel="Save"
          pending={save.pending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
