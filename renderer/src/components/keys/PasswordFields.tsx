/**
 * **Password** and **Confirm password** for a new password (issue 24), saying while the person
 * types why a weak one is weak (the same rules main applies: main/shared/password-strength.ts).
 * Uncontrolled inputs read on submit, so the password never sits in React state or a store.
 */
import { useId, useState, type RefObject } from 'react';
import { weaknessOf } from '../../../../main/shared/password-strength';

export interface PasswordFieldsProps {
  passwordRef: RefObject<HTMLInputElement | null>;
  confirmRef: RefObject<HTMLInputElement | null>;
  /** The first field's label ("Password" or "New password"). */
  label?: string;
}

export function PasswordFields({
  passwordRef,
  confirmRef,
  label = 'Password',
}: PasswordFieldsProps) {
  const ids = { password: useId(), confirm: useId(), hint: useId() };
  const [weakness, setWeakness] = useState<string | null>(null);
  return (
    <>
      <div className="field">
        <label htmlFor={ids.password}>{label}</label>
        <input
          id={ids.password}
          ref={passwordRef}
          className="input"
          type="password"
          autoComplete="new-password"
          aria-describedby={ids.hint}
          onInput={(event) => {
            const value = event.currentTarget.value;
            setWeakness(value === '' ? null : weaknessOf(value));
          }}
        />
        <p id={ids.hint} className="hint">
          {weakness ??
            'At least 8 characters. It seals your keys on this computer and unlocks Swapdesk; Swapdesk cannot recover it, only your recovery phrase can replace it.'}
        </p>
      </div>
      <div className="field">
        <label htmlFor={ids.confirm}>Confirm password</label>
        <input
          id={ids.confirm}
          ref={confirmRef}
          className="input"
          type="password"
          autoComplete="new-password"
        />
      </div>
    </>
  );
}

/** Reads and empties the two fields: `[password, confirm]`. */
export function takePasswords(
  passwordRef: RefObject<HTMLInputElement | null>,
  confirmRef: RefObject<HTMLInputElement | null>,
): [string, string] {
  const password = passwordRef.current?.value ?? '';
  const confirm = confirmRef.current?.value ?? '';
  return [password, confirm];
}

/** Empties the fields (after success, or when leaving). */
export function clearPasswords(...refs: RefObject<HTMLInputElement | null>[]): void {
  for (const ref of refs) if (ref.current) ref.current.value = '';
}
