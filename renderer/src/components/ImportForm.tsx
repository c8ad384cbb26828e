/**
 * Import an account from a secret key, a Solana CLI keypair file's contents or a recovery
 * phrase. The secret lives only in the text box (uncontrolled, no React state, no store): it is
 * read once on submit, the box is emptied at once, and it is emptied again on unmount.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AccountSummary } from '../../../preload/api-types';
import { useBridgeCall } from '../lib/use-bridge-call';
import { useAccountsStore } from '../stores/accounts-store';
import { TextField } from './Field';
import { FormFooter } from './FormFooter';
import { AccountLabelField } from './AccountLabelField';

export const MAX_PHRASE_ACCOUNTS = 20;

export interface ImportFormProps {
  submitLabel: string;
  onImported: (accounts: AccountSummary[]) => void;
  onCancel?: () => void;
}

/** Whether typed text is shaped like words (a phrase) rather than a key: decides the count field. */
function looksLikePhrase(text: string): boolean {
  return /^[a-z]+(\s+[a-z]+)+$/i.test(text.trim());
}

export function ImportForm({ submitLabel, onImported, onCancel }: ImportFormProps) {
  const importSecret = useAccountsStore((s) => s.importSecret);
  const secretRef = useRef<HTMLTextAreaElement>(null);
  const [isPhrase, setIsPhrase] = useState(false);
  const [label, setLabel] = useState('');
  const [count, setCount] = useState('1');
  const importing = useBridgeCall();
  const { pending, error, setError } = importing;
  const ids = { secret: useId(), hint: useId(), label: useId(), count: useId(), alert: useId() };

  useEffect(() => {
    const box = secretRef.current;
    return () => {
      if (box) box.value = '';
    };
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const box = secretRef.current;
    if (!box || pending) return;
    const secret = box.value.trim();
    if (!secret) {
      setError({ code: 'EMPTY', message: 'Paste a secret key or a recovery phrase first.' });
      box.focus();
      return;
    }
    const accounts = isPhrase ? Number.parseInt(count, 10) : 1;
    if (isPhrase && !(accounts >= 1 && accounts <= MAX_PHRASE_ACCOUNTS)) {
      setError({
        code: 'COUNT',
        message: `Choose from 1 to ${MAX_PHRASE_ACCOUNTS} accounts to import.`,
      });
      return;
    }
    // Empty the box before the call: whatever the answer, the secret is not left on screen.
    box.value = '';
    setIsPhrase(false);
    const result = await importing.run(() => importSecret({ secret, label, count: accounts }));
    if (result.ok) {
      setLabel('');
      onImported(result.value);
    } else {
      secretRef.current?.focus();
    }
  };

  return (
    <form className="form" onSubmit={submit} aria-describedby={ids.alert} noValidate>
      <div className="field">
        <label htmlFor={ids.secret}>Secret key or recovery phrase</label>
        <textarea
          id={ids.secret}
          ref={secretRef}
          className="input secret"
          rows={3}
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          aria-describedby={ids.hint}
          onInput={(event) => setIsPhrase(looksLikePhrase(event.currentTarget.value))}
        />
        <p id={ids.hint} className="hint">
          A base58 secret key (as Phantom or Solflare export it), the contents of a Solana CLI
          keypair file (<code>[12,34,…]</code>), or a 12 or 24 word recovery phrase. It goes to your
          system keychain and is never shown again.
        </p>
      </div>
      {isPhrase ? (
        <TextField
          id={ids.count}
          label="Accounts to import"
          narrow
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX_PHRASE_ACCOUNTS}
          value={count}
          onText={setCount}
        >
          <p className="hint">
            From this phrase, accounts 1 to N (paths m/44&apos;/501&apos;/N&apos;/0&apos;).
          </p>
        </TextField>
      ) : null}
      <AccountLabelField id={ids.label} label="Label (optional)" value={label} onText={setLabel} />
      <FormFooter
        error={error}
        alertId={ids.alert}
        submitLabel={submitLabel}
        pending={pending}
        onCancel={onCancel}
        cancelDisabled={pending}
      >
        {pending ? (
          <span role="status" className="status-line">
            Importing…
          </span>
        ) : null}
      </FormFooter>
    </form>
  );
}
