/**
 * A new recovery phrase (issue 24): shown once, numbered, with a warning that it is the only
 * backup; **I saved my recovery phrase** leads to three random words to type back (**Word N**);
 * then, for a wallet without a password yet, **Password** and **Confirm password**. Main makes
 * the phrase and checks the words again; the words leave this component's state when it ends.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { AccountSummary } from '../../../../preload/api-types';
import type { BridgeError } from '../../../../main/shared/result';
import { callWallet } from '../../lib/wallet';
import { useAccountsStore } from '../../stores/accounts-store';
import { useLockStore } from '../../stores/lock-store';
import { AlertMessage } from '../AlertMessage';
import { PasswordFields, clearPasswords, takePasswords } from './PasswordFields';
import { PhraseWords } from './PhraseWords';
import { SecretCopyButton } from './SecretCopyButton';
import { FormFooter } from '../FormFooter';
import { SealingStatus } from './SealingStatus';

export interface NewPhraseFlowProps {
  onDone: (account: AccountSummary) => void;
  onCancel: () => void;
}

/** Three different positions in 1..count, from the page's CSPRNG. */
function randomPositions(count: number): number[] {
  const picked = new Set<number>();
  const random = new Uint32Array(1);
  while (picked.size < 3) {
    crypto.getRandomValues(random);
    picked.add((random[0]! % count) + 1);
  }
  return [...picked].sort((a, b) => a - b);
}

export function NewPhraseFlow({ onDone, onCancel }: NewPhraseFlowProps) {
  const needsPassword = useLockStore((s) => s.state === 'new');
  const applyLock = useLockStore((s) => s.apply);
  const reload = useAccountsStore((s) => s.load);
  const [draft, setDraft] = useState<{ draft: string; words: string[] } | null>(null);
  const [step, setStep] = useState<'show' | 'check' | 'password'>('show');
  const [positions, setPositions] = useState<number[]>([]);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);
  const answersRef = useRef<(HTMLInputElement | null)[]>([]);
  const answers = useRef<{ position: number; word: string }[]>([]);
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLInputElement>(null);

  const begin = async (words: 12 | 24) => {
    setError(null);
    const result = await callWallet((w) => w.accounts.beginPhrase({ words }));
    if (result.ok) setDraft(result.value);
    else setError(result.error);
  };
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void begin(12);
  });
  // Nothing of the phrase outlives the flow.
  useEffect(() => () => setDraft(null), []);

  const finish = async () => {
    if (!draft) return;
    setPending(true);
    setError(null);
    if (needsPassword) {
      const [password, confirm] = takePasswords(passwordRef, confirmRef);
      const set = await callWallet((w) => w.lock.setPassword({ password, confirm }));
      if (!set.ok) {
        setPending(false);
        setError(set.error);
        return;
      }
      clearPasswords(passwordRef, confirmRef);
      applyLock(set.value);
    }
    const result = await callWallet((w) =>
      w.accounts.confirmPhrase({ draft: draft.draft, answers: answers.current }),
    );
    setPending(false);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    answers.current = [];
    setDraft(null);
    await reload();
    void useLockStore.getState().load();
    onDone(result.value);
  };

  const check = (event: FormEvent) => {
    event.preventDefault();
    if (!draft) return;
    const typed = positions.map((position, i) => ({
      position,
      word: (answersRef.current[i]?.value ?? '').trim().toLowerCase(),
    }));
    const wrong = typed.find((a) => draft.words[a.position - 1] !== a.word);
    if (wrong) {
      setError({
        code: 'PHRASE_CHECK_FAILED',
        message: `Word ${wrong.position} is not word ${wrong.position} of your recovery phrase. Look at what you wrote down; if it is wrong there, go back to see the phrase.`,
      });
      return;
    }
    answers.current = typed;
    setError(null);
    if (needsPassword) setStep('password');
    else void finish();
  };

  if (!draft) {
    return (
      <>
        <p role="status" className="status-line">
          {error ? '' : 'Making your recovery phrase…'}
        </p>
        <AlertMessage error={error} />
        <div className="actions">
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
      </>
    );
  }

  if (step === 'show') {
    return (
      <>
        <p className="warning" role="note">
          This recovery phrase is the only backup of your wallet. Write the {draft.words.length}{' '}
          words down in order and keep them offline. Anyone who has them can take your funds;
          without them, a lost computer or a forgotten password loses the funds. Swapdesk shows them
          only now (and later only after your password).
        </p>
        <PhraseWords words={draft.words} />
        <div className="actions">
          <SecretCopyButton text={draft.words.join(' ')} />
          <button
            type="button"
            className="button button-small"
            onClick={() => void begin(draft.words.length === 12 ? 24 : 12)}
          >
            {draft.words.length === 12 ? 'Use 24 words instead' : 'Use 12 words instead'}
          </button>
        </div>
        <div className="actions">
          <button
            type="button"
            className="button button-primary"
            onClick={() => {
              setPositions(randomPositions(draft.words.length));
              setStep('check');
            }}
          >
            I saved my recovery phrase
          </button>
          <button type="button" className="button" onClick={onCancel}>
            Cancel
          </button>
        </div>
        <AlertMessage error={error} />
      </>
    );
  }

  if (step === 'check') {
    return (
      <form className="form" onSubmit={check} noValidate>
        <p className="lead">Type these words of your recovery phrase, from what you wrote down.</p>
        {positions.map((position, i) => (
          <div className="field field-narrow" key={position}>
            <label htmlFor={`phrase-word-${position}`}>Word {position}</label>
            <input
              id={`phrase-word-${position}`}
              ref={(node) => {
                answersRef.current[i] = node;
              }}
              className="input"
              type="text"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
            />
          </div>
        ))}
        <FormFooter
          error={error}
          submitLabel="Continue"
          pending={pending}
          onCancel={() => setStep('show')}
          cancelLabel="Show the phrase again"
        />
      </form>
    );
  }

  return (
    <form
      className="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void finish();
      }}
    >
      <p className="lead">Choose a password. Swapdesk asks for it when it starts and unlocks.</p>
      <PasswordFields passwordRef={passwordRef} confirmRef={confirmRef} />
      <FormFooter error={error} submitLabel="Set password and open wallet" pending={pending} />
      <SealingStatus pending={pending} />
    </form>
  );
}
