/**
 * First run: no account yet. **Create wallet** shows a new recovery phrase, checks three of its
 * words and asks for a password (issue 24); **Import wallet** and **Connect Ledger** ask for
 * the password first when the wallet has none, then open their form. Success re-reads the
 * account list, and the app moves to the main view. Every step is drawn in OnboardingCard; the
 * steps after the choice are chunks of their own (first-run-steps.ts, issue 26).
 */
import { Suspense, useEffect, useRef, useState } from 'react';
import {
  WELCOME_CHOICES,
  WELCOME_LEAD,
  WELCOME_TITLE,
  type WelcomeChoice,
} from '../../../main/shared/welcome-words';
import { NetworkBadge } from '../components/NetworkBadge';
import { OnboardingCard, OnboardingFrame, StepLoading } from '../components/keys/OnboardingCard';
import {
  ConnectLedger,
  FirstPassword,
  ImportForm,
  NewPhraseFlow,
} from '../components/keys/first-run-steps';
import { useAppStore } from '../stores/app-store';
import { useLockStore } from '../stores/lock-store';
import { earlyChoice, earlyFocus, forgetEarlyWelcome } from '../lib/first-choice';

type Mode = 'choose' | WelcomeChoice;

const TITLES: Record<Mode, string> = {
  choose: WELCOME_TITLE,
  create: 'Your recovery phrase',
  import: 'Import a wallet',
  ledger: 'Connect a Ledger',
};

export function Onboarding() {
  const info = useAppStore((s) => s.info);
  const infoLoading = useAppStore((s) => s.infoLoading);
  const hasPassword = useLockStore((s) => s.state !== 'new');
  // A choice clicked on the welcome drawn before React opens at once (lib/first-choice.ts).
  const [mode, setModeState] = useState<Mode>(() => earlyChoice() ?? 'choose');
  // Every step after the first puts focus on its heading (not the first display).
  const [moved, setMoved] = useState(() => earlyChoice() !== null);
  const choiceButtons = useRef(new Map<WelcomeChoice, HTMLButtonElement>());
  useEffect(() => {
    // React replaced the early welcome's buttons: a keyboard user keeps their place.
    const focused = earlyFocus();
    if (focused && mode === 'choose') choiceButtons.current.get(focused)?.focus();
    forgetEarlyWelcome();
    // Only what the early welcome left at the first draw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const setMode = (next: Mode) => {
    setMoved(true);
    setModeState(next);
  };
  const back = () => setMode('choose');
  // Import and Ledger need the password first; Create asks for it after the phrase check.
  const needsPasswordFirst = !hasPassword && (mode === 'import' || mode === 'ledger');

  return (
    <OnboardingFrame badge={<NetworkBadge info={info} loading={infoLoading} />}>
      <OnboardingCard
        title={needsPasswordFirst ? 'Choose a password' : TITLES[mode]}
        focusOnShow={moved}
      >
        {mode === 'choose' ? (
          <>
            <p className="lead">{WELCOME_LEAD}</p>
            <div className="choice">
              {WELCOME_CHOICES.map((choice, i) => (
                <div className="choice-item" key={choice.mode}>
                  <button
                    type="button"
                    className={`button button-large${i === 0 ? ' button-primary' : ''}`}
                    data-choice={choice.mode}
                    ref={(button) => {
                      if (button) choiceButtons.current.set(choice.mode, button);
                      else choiceButtons.current.delete(choice.mode);
                    }}
                    onClick={() => setMode(choice.mode)}
                  >
                    {choice.label}
                  </button>
                  <p className="hint">{choice.hint}</p>
                </div>
              ))}
            </div>
          </>
        ) : (
          <Suspense fallback={<StepLoading />}>
            {needsPasswordFirst ? (
              <FirstPassword
                mode="set"
                submitLabel="Set password"
                intro={
                  <p className="lead">
                    Every secret Swapdesk keeps is sealed with this password before it reaches the
                    system keychain. Swapdesk asks for it when it starts and unlocks.
                  </p>
                }
                onDone={() => undefined}
                onCancel={back}
              />
            ) : mode === 'create' ? (
              <NewPhraseFlow onDone={() => undefined} onCancel={back} />
            ) : mode === 'ledger' ? (
              <ConnectLedger onAdded={() => undefined} onCancel={back} />
            ) : (
              <ImportForm
                submitLabel="Import wallet"
                onImported={() => undefined}
                onCancel={back}
              />
            )}
          </Suspense>
        )}
      </OnboardingCard>
    </OnboardingFrame>
  );
}
