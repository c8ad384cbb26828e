/**
 * **Show recovery phrase** and **Export secret key** (issue 24): a warning first, the password
 * again, then the secret, hidden after 60 s. Main checks the password and answers the secret;
 * it lives only in this dialog's state and is gone when the dialog closes or the time is up.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AccountSummary } from '../../../../preload/api-types';
import type { BridgeError } from '../../../../main/shared/result';
import { callWallet } from '../../lib/wallet';
import { Dialog } from '../Dialog';
import { PhraseWords } from './PhraseWords';
import { SecretCopyButton } from './SecretCopyButton';
import { FormFooter } from '../FormFooter';

export const HIDE_AFTER_MS = 60_000;

export type BackupTarget = { kind: 'phrase' } | { kind: 'key'; account: AccountSummary };

export function BackupDialog({ target, onClose }: { target: BackupTarget; onClose: () => void }) {
  const passwordId = useId();
  const passwordRef = useRef<HTMLInputElement>(null);
  const [secret, setSecret] = useState<string[] | string | null>(null);
  const [hidden, setHidden] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);

  useEffect(() => {
    if (secret === null) return;
    const timer = setTimeout(() => {
      setSecret(null);
      setHidden(true);
    }, HIDE_AFTER_MS);
    return () => clearTimeout(timer);
  }, [secret]);

  const show = async (event: FormEvent) => {
    event.preventDefault();
    const password = passwordRef.current?.value ?? '';
    if (passwordRef.current) passwordRef.current.value = '';
    setPending(true);
    setError(null);
    if (target.kind === 'phrase') {
      const result = await callWallet((w) => w.accounts.revealPhrase({ password }));
      if (result.ok) setSecret(result.value.words);
      else setError(result.error);
    } else {
      const address = target.account.address;
      const result = await callWallet((w) => w.accounts.exportSecret({ address, password }));
      if (result.ok) setSecret(result.value.secretKey);
      else setError(result.error);
    }
    setPending(false);
  };

  const title =
    target.kind === 'phrase'
      ? 'Show recovery phrase'
      : `Export secret key of ${target.account.label}`;
  const text = Array.isArray(secret) ? secret.join(' ') : (secret ?? '');

  return (
    <Dialog title={title} onClose={onClose}>
      {secret === null ? (
        <form className="form" onSubmit={show} noValidate>
          <p className="warning" role="note">
            {target.kind === 'phrase'
              ? 'Your recovery phrase gives full control of every account made from it. Show it only where nobody and no camera can see your screen, and never type it into a website or send it to anyone.'
              : 'This secret key gives full control of this account: anyone who has it can take its funds. Export it only to import it into a wallet you trust (Phantom and Solflare import this base58 form), never into a website or a message.'}
          </p>
          {hidden ? <p className="muted small">Hidden again after 60 seconds.</p> : null}
          <div className="field">
            <label htmlFor={passwordId}>Password</label>
            <input id={passwordId} ref={passwordRef} className="input" type="password" />
          </div>
          <FormFooter
            error={error}
            submitLabel={target.kind === 'phrase' ? 'Show recovery phrase' : 'Show secret key'}
            pending={pending}
            onCancel={onClose}
          />
        </form>
      ) : (
        <>
          {Array.isArray(secret) ? (
            <PhraseWords words={secret} />
          ) : (
            <p>
              <code className="address" aria-label="Secret key">
                {secret}
              </code>
            </p>
          )}
          <p className="muted small">Hidden in 60 seconds.</p>
          <div className="actions">
            <SecretCopyButton text={text} />
            <button type="button" className="button" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
