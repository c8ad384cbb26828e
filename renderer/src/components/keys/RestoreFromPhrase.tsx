/**
 * **Restore from recovery phrase**, for a forgotten password (issue 24): the phrase first; main
 * answers what it brings back and what it cannot, and the warning names every account that
 * will be gone (keys imported without their own backup, accounts of another phrase) before
 * anything is replaced; then a new password.
 */
import { useRef, useState, type FormEvent } from 'react';
import type { RestorePlanView } from '../../../../preload/api-types';
import { callWallet } from '../../lib/wallet';
import { useBridgeCall } from '../../lib/use-bridge-call';
import { useLockStore } from '../../stores/lock-store';
import { PasswordFields, clearPasswords, takePasswords } from './PasswordFields';
import { FormFooter } from '../FormFooter';

export function RestoreFromPhrase({
  onDone,
  onCancel,
}: {
  onDone: () => void;
  onCancel: () => void;
}) {
  const apply = useLockStore((s) => s.apply);
  const phraseRef = useRef<HTMLTextAreaElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const [plan, setPlan] = useState<RestorePlanView | null>(null);
  const restoring = useBridgeCall();
  const { pending, error } = restoring;

  const check = async (event: FormEvent) => {
    event.preventDefault();
    const phrase = phraseRef.current?.value ?? '';
    const result = await restoring.run(() => callWallet((w) => w.lock.restorePlan({ phrase })));
    if (result.ok) setPlan(result.value);
  };

  const restore = async (event: FormEvent) => {
    event.preventDefault();
    const phrase = phraseRef.current?.value ?? '';
    const [password, confirm] = takePasswords(passwordRef, confirmRef);
    const result = await restoring.run(() =>
      callWallet((w) => w.lock.restore({ phrase, password, confirm })),
    );
    if (!result.ok) return;
    if (phraseRef.current) phraseRef.current.value = '';
    clearPasswords(passwordRef, confirmRef);
    apply(result.value);
    onDone();
  };

  return (
    <form className="form" onSubmit={plan ? restore : check} noValidate>
      <div className="field">
        <label htmlFor="restore-phrase">Recovery phrase</label>
        <textarea
          id="restore-phrase"
          ref={phraseRef}
          className="input secret"
          rows={3}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          readOnly={plan !== null}
        />
      </div>
      {plan ? (
        <>
          <div className="warning" role="note">
            <p>
              Restoring replaces this wallet. It brings back{' '}
              {plan.keeps.map((a) => a.label).join(', ') || 'the first account of the phrase'}.
            </p>
            {plan.loses.length > 0 ? (
              <>
                <p>These accounts will be gone from Swapdesk; the phrase cannot bring them back:</p>
                <ul aria-label="Accounts the phrase cannot bring back">
                  {plan.loses.map((a) => (
                    <li key={a.address}>
                      <strong>{a.label}</strong> <span className="address small">{a.address}</span>:{' '}
                      {a.reason}
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p>No account will be lost.</p>
            )}
          </div>
          <PasswordFields passwordRef={passwordRef} confirmRef={confirmRef} label="New password" />
        </>
      ) : null}
      <FormFooter
        error={error}
        submitLabel={plan ? 'Replace this wallet' : 'Check phrase'}
        pending={pending}
        onCancel={onCancel}
        cancelDisabled={pending}
      />
    </form>
  );
}
