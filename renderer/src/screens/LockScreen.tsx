/**
 * The lock screen (issue 24): all the renderer shows while locked. **Password** and **Unlock**;
 * after wrong passwords, the time left before the next try, counting down; and, for a
 * forgotten password, **Restore from recovery phrase**. For an earlier version's vault, the
 * same page asks for the new password that seals its secrets.
 */
import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { BridgeError } from '../../../main/shared/result';
import { useAccountsStore } from '../stores/accounts-store';
import { useAppStore } from '../stores/app-store';
import { useLockStore } from '../stores/lock-store';
import { AlertMessage } from '../components/AlertMessage';
import { NetworkBadge } from '../components/NetworkBadge';
import { OnboardingCard, OnboardingFrame, StepLoading } from '../components/keys/OnboardingCard';
import { FirstPassword, RestoreFromPhrase } from '../components/keys/first-run-steps';
import { NO_PHRASE_WORDS } from '../../../main/shared/account-backup';

function secondsLeft(waitMs: number, since: number): number {
  return Math.max(0, Math.ceil((since + waitMs - Date.now()) / 1000));
}

function UnlockForm({ onForgot }: { onForgot: () => void }) {
  const unlock = useLockStore((s) => s.unlock);
  const waitMs = useLockStore((s) => s.waitMs);
  const waitSince = useLockStore((s) => s.waitSince);
  const loadAccounts = useAccountsStore((s) => s.load);
  const passwordRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);
  // A tick each second while there is a wait, so the time left counts down.
  const [, setTick] = useState(0);
  const left = secondsLeft(waitMs, waitSince);
  useEffect(() => {
    if (waitMs <= 0) return;
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [waitMs, waitSince]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const box = passwordRef.current;
    if (!box || pending) return;
    const password = box.value;
    box.value = '';
    setPending(true);
    setError(null);
    const result = await unlock(password);
    setPending(false);
    if (result.ok) await loadAccounts();
    else {
      setError(result.error);
      box.focus();
    }
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="field">
        <label htmlFor={id}>Password</label>
        <input id={id} ref={passwordRef} className="input" type="password" autoFocus />
      </div>
      <AlertMessage error={error} />
      {left > 0 ? (
        <p role="status" className="status-line">
          Too many wrong passwords: you can try again in {left} second{left === 1 ? '' : 's'}.
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="button button-primary" disabled={pending || left > 0}>
          Unlock
        </button>
        <button type="button" className="button button-link" onClick={onForgot}>
          Restore from recovery phrase
        </button>
      </div>
    </form>
  );
}

export function LockScreen() {
  const info = useAppStore((s) => s.info);
  const infoLoading = useAppStore((s) => s.infoLoading);
  const state = useLockStore((s) => s.state);
  const loadLock = useLockStore((s) => s.load);
  const loadAccounts = useAccountsStore((s) => s.load);
  const [forgot, setForgot] = useState(false);

  useEffect(() => {
    void loadLock();
    document.title = 'Locked — Swapdesk';
  }, [loadLock]);

  const done = () => {
    setForgot(false);
    void loadAccounts();
  };

  return (
    <OnboardingFrame badge={<NetworkBadge info={info} loading={infoLoading} />}>
      {state === 'upgrade' ? (
        <OnboardingCard title="Choose a password" focusOnShow={false}>
          <Suspense fallback={<StepLoading />}>
            <FirstPassword
              mode="upgrade"
              submitLabel="Seal my keys"
              intro={
                <p className="lead">
                  This wallet was made by an earlier Swapdesk, which kept secret keys in the system
                  keychain as they are. Choose a password: Swapdesk seals every key with it, and
                  asks for it from now on. Accounts without a recovery phrase are marked &ldquo;
                  {NO_PHRASE_WORDS}&rdquo;.
                </p>
              }
              onDone={done}
            />
          </Suspense>
        </OnboardingCard>
      ) : forgot ? (
        <OnboardingCard title="Restore from recovery phrase">
          <Suspense fallback={<StepLoading />}>
            <RestoreFromPhrase onDone={done} onCancel={() => setForgot(false)} />
          </Suspense>
        </OnboardingCard>
      ) : (
        <OnboardingCard title="Swapdesk is locked" focusOnShow={false}>
          <p className="lead">Type your password to unlock your wallet.</p>
          <UnlockForm onForgot={() => setForgot(true)} />
        </OnboardingCard>
      )}
    </OnboardingFrame>
  );
}
