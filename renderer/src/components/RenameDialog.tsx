/** Asks for a new label; main validates it (1 to 64 characters) and answers the renamed summary. */
import { useId, useState, type FormEvent } from 'react';
import type { AccountSummary } from '../../../preload/api-types';
import type { BridgeError } from '../../../main/shared/result';
import { useAccountsStore } from '../stores/accounts-store';
import { Dialog } from './Dialog';
import { TextField } from './Field';
import { FormFooter } from './FormFooter';

export function RenameDialog({
  account,
  onClose,
}: {
  account: AccountSummary;
  onClose: () => void;
}) {
  const rename = useAccountsStore((s) => s.rename);
  const [label, setLabel] = useState(account.label);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);
  const inputId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!label.trim()) {
      setError({ code: 'EMPTY', message: 'A label needs at least one character.' });
      return;
    }
    setPending(true);
    const result = await rename(account.address, label);
    setPending(false);
    if (result.ok) onClose();
    else setError(result.error);
  };

  return (
    <Dialog title={`Rename ${account.label}`} onClose={onClose}>
      <form className="form" onSubmit={submit} noValidate>
        <TextField
          id={inputId}
          label="New label"
          type="text"
          maxLength={64}
          autoComplete="off"
          value={label}
          onText={setLabel}
        />
        <FormFooter error={error} submitLabel="Save" pending={pending} onCancel={onClose} />
      </form>
    </Dialog>
  );
}
