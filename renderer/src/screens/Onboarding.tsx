/**
 * First run: no account yet. **Create wallet** makes a new keypair in main; **Import wallet**
 * opens the import form; **Connect Ledger** adds accounts whose key stays on a Ledger (issue 17).
 * Success re-reads the account list, and the app moves to the main view.
 */
import { useEffect, useRef, useState } from 'react';
import type { BridgeError } from '../../../main/shared/result';
import { useAccountsStore } from '../stores/accounts-store';
import { ImportForm } from '../components/ImportForm';
import { ConnectLedger } from '../components/ConnectLedger';
import { AlertMessage } from '../components/AlertMessage';
import { NetworkBadge } from '../components/NetworkBadge';
import { useAppStore } from '../stores/app-store';

export function Onboarding() {
  const create = useAccountsStore((s) => s.create);
  const info = useAppStore((s) => s.info);
  const infoLoading = useAppStore((s) => s.infoLoading);
  const [mode, setMode] = useState<'choose' | 'import' | 'ledger'>('choose');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<BridgeError | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstRender = useRef(true);

  useEffect(() => {
    // Moving between "choose" and "import" replaces the content: put focus on its heading.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [mode]);

  const onCreate = async () => {
    setPending(true);
    setError(null);
    const result = await create();
    setPending(false);
    if (!result.ok) setError(result.error);
  };

  return (
    <div className="onboarding">
      <header className="onboarding-header">
        <p className="brand">
          <span className="brand-mark" aria-hidden="true" />
          Swapdesk
        </p>
        <NetworkBadge info={info} loading={infoLoading} />
      </header>
      <main className="onboarding-main" id="main-content" tabIndex={-1}>
        {mode === 'choose' ? (
          <section className="card onboarding-card" aria-labelledby="onboarding-title">
            <h1 id="onboarding-title" ref={headingRef} tabIndex={-1}>
              Welcome to Swapdesk
            </h1>
            <p className="lead">
              A desktop wallet for Solana. Your keys stay in this computer&apos;s keychain; nothing
              leaves it without your approval.
            </p>
            <div className="choice">
              <div className="choice-item">
                <button
                  type="button"
                  className="button button-primary button-large"
                  onClick={onCreate}
                  disabled={pending}
                >
                  Create wallet
                </button>
                <p className="hint">A new account with a fresh secret key.</p>
              </div>
              <div className="choice-item">
                <button
                  type="button"
                  className="button button-large"
                  onClick={() => {
                    setError(null);
                    setMode('import');
                  }}
                  disabled={pending}
                >
                  Import wallet
                </button>
                <p className="hint">From a secret key, a keypair file or a recovery phrase.</p>
              </div>
              <div className="choice-item">
                <button
                  type="button"
                  className="button button-large"
                  onClick={() => {
                    setError(null);
                    setMode('ledger');
                  }}
                  disabled={pending}
                >
                  Connect Ledger
                </button>
                <p className="hint">Accounts whose key stays on your Ledger.</p>
              </div>
            </div>
            {pending ? (
              <p role="status" className="status-line">
                Creating your wallet…
              </p>
            ) : null}
            <AlertMessage error={error} />
          </section>
        ) : mode === 'ledger' ? (
          <section className="card onboarding-card" aria-labelledby="ledger-title">
            <h1 id="ledger-title" ref={headingRef} tabIndex={-1}>
              Connect a Ledger
            </h1>
            <ConnectLedger onAdded={() => undefined} onCancel={() => setMode('choose')} />
          </section>
        ) : (
          <section className="card onboarding-card" aria-labelledby="import-title">
            <h1 id="import-title" ref={headingRef} tabIndex={-1}>
              Import a wallet
            </h1>
            <ImportForm
              submitLabel="Import wallet"
              onImported={() => undefined}
              onCancel={() => setMode('choose')}
            />
          </section>
        )}
      </main>
    </div>
  );
}
