/**
 * Settings > Security (issue 24): **Auto-lock after** (1, 5, 15 or 60 minutes without a key
 * press or click) and **Change password**, which main does in one step: every secret is sealed
 * again with the new password before the old items go. Its own component, beside the others.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import { AUTO_LOCK_MINUTES } from '../../../../preload/contract/lock';
import type { AutoLockMinutes } from '../../../../preload/api-types';
import { callWallet } from '../../lib/wallet';
import { useBridgeCall } from '../../lib/use-bridge-call';
import { useLockStore } from '../../stores/lock-store';
import { AlertMessage } from '../AlertMessage';
import { CardSection } from '../CardSection';
import { PasswordFields, clearPasswords, takePasswords } from '../keys/PasswordFields';

export function LockSettings() {
  const minutes = useLockStore((s) => s.autoLockMinutes);
  const setAutoLock = useLockStore((s) => s.setAutoLock);
  const apply = useLockStore((s) => s.apply);
  const ids = { select: useId(), current: useId() };
  const currentRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState('');
  const changing = useBridgeCall();
  const { pending, error } = changing;

  const change = async (event: FormEvent) => {
    event.preventDefault();
    const current = currentRef.current?.value ?? '';
    const [password, confirm] = takePasswords(passwordRef, confirmRef);
    setNotice('');
    const result = await changing.run(() =>
      callWallet((w) => w.lock.changePassword({ current, password, confirm })),
    );
    if (!result.ok) return;
    clearPasswords(currentRef, passwordRef, confirmRef);
    apply(result.value);
    setNotice('Password changed: every secret is now sealed with the new one.');
  };

  return (
    <CardSection className="card" titleId="security-settings-title" title="Security">
      <div className="field field-narrow">
        <label htmlFor={ids.select}>Auto-lock after</label>
        <select
          id={ids.select}
          className="input"
          value={minutes}
          onChange={(event) => {
            setNotice('');
            void setAutoLock(Number(event.target.value) as AutoLockMinutes);
          }}
        >
          {AUTO_LOCK_MINUTES.map((m) => (
            <option key={m} value={m}>
              {m === 1 ? '1 minute' : `${m} minutes`}
            </option>
          ))}
        </select>
        <p className="hint">
          Without a key press or a click for this long, Swapdesk locks. It also locks when the
          computer sleeps or its screen locks.
        </p>
      </div>
      <form className="form" onSubmit={change} noValidate>
        <h3 className="card-subtitle">Change password</h3>
        <div className="field">
          <label htmlFor={ids.current}>Current password</label>
          <input id={ids.current} ref={currentRef} className="input" type="password" />
        </div>
        <PasswordFields passwordRef={passwordRef} confirmRef={confirmRef} label="New password" />
        <AlertMessage error={error} />
        <div className="actions">
          <button type="submit" className="button" disabled={pending}>
            Change password
          </button>
        </div>
        <p role="status" className="status-line">
          {pending ? 'Sealing every secret again…' : notice}
        </p>
      </form>
    </CardSection>
  );
}
