/**
 * The password step before a first account that is imported or on a Ledger (issue 24), and
 * the upgrade of an earlier version's vault (the same fields, another method).
 */
import { useRef, type FormEvent, type ReactNode } from 'react';
import { callWallet } from '../../lib/wallet';
import { useBridgeCall } from '../../lib/use-bridge-call';
import { useLockStore } from '../../stores/lock-store';
import { PasswordFields, clearPasswords, takePasswords } from './PasswordFields';
import { FormFooter } from '../FormFooter';
import { SealingStatus } from './SealingStatus';

export interface FirstPasswordProps {
  /** 'set': a new wallet's first password; 'upgrade': an earlier version's vault. */
  mode: 'set' | 'upgrade';
  submitLabel: string;
  intro: ReactNode;
  onDone: () => void;
  onCancel?: () => void;
}

export function FirstPassword({ mode, submitLabel, intro, onDone, onCancel }: FirstPasswordProps) {
  const apply = useLockStore((s) => s.apply);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);
  const sealing = useBridgeCall();
  const { pending, error } = sealing;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const [password, confirm] = takePasswords(passwordRef, confirmRef);
    const result = await sealing.run(() =>
      callWallet((w) =>
        mode === 'set'
          ? w.lock.setPassword({ password, confirm })
          : w.lock.upgrade({ password, confirm }),
      ),
    );
    if (!result.ok) return;
    clearPasswords(passwordRef, confirmRef);
    apply(result.value);
    onDone();
  };

  return (
    <form className="form" onSubmit={submit} noValidate>
      {intro}
      <PasswordFields passwordRef={passwordRef} confirmRef={confirmRef} />
      <FormFooter
        error={error}
        submitLabel={submitLabel}
        pending={pending}
        onCancel={onCancel}
        cancelDisabled={pending}
      />
      <SealingStatus pending={pending} />
    </form>
  );
}
