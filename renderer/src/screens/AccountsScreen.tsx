/** Every account with its SOL balance and actions, and a place to add more. */
import { useCallback, useEffect, useState } from 'react';
import type { AccountSummary } from '../../../preload/api-types';
import type { BridgeError } from '../../../main/shared/result';
import { useAccountsStore } from '../stores/accounts-store';
import { useBalancesStore } from '../stores/balances-store';
import { useInterval } from '../lib/use-interval';
import { AccountRow } from '../components/AccountRow';
import { RenameDialog } from '../components/RenameDialog';
import { RemoveDialog } from '../components/RemoveDialog';
import { ImportForm } from '../components/ImportForm';
import { ConnectLedger } from '../components/ConnectLedger';
import { AlertMessage } from '../components/AlertMessage';
import { ScreenHeading } from './ScreenHeading';
import { BackupDialog, type BackupTarget } from '../components/keys/BackupDialog';
import { NewPhraseFlow } from '../components/keys/NewPhraseFlow';
import { useLockStore } from '../stores/lock-store';
import { BALANCE_REFRESH_MS } from './WalletScreen';

type Pending =
  | { kind: 'rename' | 'remove'; account: AccountSummary }
  | { kind: 'backup'; target: BackupTarget }
  | null;

/** The ways to add an account besides creating one, with their buttons' words. */
const ADD_WAYS = [
  ['import', 'Import account'],
  ['ledger', 'Connect Ledger'],
] as const;

export function AccountsScreen() {
  const accounts = useAccountsStore((s) => s.accounts);
  const current = useAccountsStore((s) => s.current);
  const select = useAccountsStore((s) => s.select);
  const create = useAccountsStore((s) => s.create);
  const byAddress = useBalancesStore((s) => s.byAddress);
  const refresh = useBalancesStore((s) => s.refresh);
  const [dialog, setDialog] = useState<Pending>(null);
  const [adding, setAdding] = useState<'none' | 'import' | 'ledger' | 'phrase'>('none');
  const hasPhrase = useLockStore((s) => s.hasPhrase);
  const loadLock = useLockStore((s) => s.load);
  useEffect(() => {
    void loadLock(); // whether the wallet keeps its own phrase
  }, [loadLock]);
  const [creating, setCreating] = useState(false);
  const [notice, setNotice] = useState('');
  const [error, setError] = useState<BridgeError | null>(null);

  const refreshAll = useCallback(() => {
    for (const account of useAccountsStore.getState().accounts) void refresh(account.address);
  }, [refresh]);
  const addressKey = accounts.map((a) => a.address).join(',');
  useEffect(() => {
    refreshAll();
  }, [addressKey, refreshAll]);
  useInterval(refreshAll, BALANCE_REFRESH_MS);

  // Back from a way of adding: with what was added, or (cancelled) the notice as it was.
  const stopAdding = (added?: string) => {
    setAdding('none');
    if (added !== undefined) setNotice(added);
  };

  const onCreate = async () => {
    // A wallet without its own phrase (imported keys, Ledger, an upgraded vault) makes one
    // first: shown once and checked, like at creation.
    // Asked again at the click: the answer of the mount may not have arrived yet.
    await loadLock();
    if (!useLockStore.getState().hasPhrase) {
      setNotice('');
      setAdding('phrase');
      return;
    }
    setCreating(true);
    setError(null);
    const result = await create();
    setCreating(false);
    if (result.ok) setNotice(`Created ${result.value.label}.`);
    else setError(result.error);
  };

  return (
    <>
      <ScreenHeading>Accounts</ScreenHeading>
      <ul className="account-list" aria-label="Accounts">
        {accounts.map((account) => (
          <AccountRow
            key={account.address}
            account={account}
            isCurrent={account.address === current}
            balance={byAddress[account.address]}
            onSelect={() => void select(account.address)}
            onRename={() => setDialog({ kind: 'rename', account })}
            onRemove={() => setDialog({ kind: 'remove', account })}
            onExport={() => setDialog({ kind: 'backup', target: { kind: 'key', account } })}
          />
        ))}
      </ul>

      <section className="card" aria-labelledby="add-account-title">
        <h2 id="add-account-title" className="card-title">
          Add an account
        </h2>
        {adding === 'phrase' ? (
          <NewPhraseFlow
            onCancel={() => stopAdding()}
            onDone={(account) =>
              stopAdding(`Created ${account.label} from your new recovery phrase.`)
            }
          />
        ) : adding === 'import' ? (
          <ImportForm
            submitLabel="Import account"
            onCancel={() => stopAdding()}
            onImported={(imported) =>
              stopAdding(`Imported ${imported.map((a) => a.label).join(', ')}.`)
            }
          />
        ) : adding === 'ledger' ? (
          <ConnectLedger
            onCancel={() => stopAdding()}
            onAdded={(labels) => stopAdding(`Added ${labels.join(', ')} from your Ledger.`)}
          />
        ) : (
          <div className="actions">
            <button
              type="button"
              className="button button-primary"
              onClick={onCreate}
              disabled={creating}
            >
              Create account
            </button>
            {ADD_WAYS.map(([way, words]) => (
              <button
                key={way}
                type="button"
                className="button"
                onClick={() => {
                  setNotice('');
                  setAdding(way);
                }}
              >
                {words}
              </button>
            ))}
            {hasPhrase ? (
              <button
                type="button"
                className="button"
                onClick={() => setDialog({ kind: 'backup', target: { kind: 'phrase' } })}
              >
                Show recovery phrase
              </button>
            ) : null}
          </div>
        )}
        <p role="status" className="status-line">
          {creating ? 'Creating…' : notice}
        </p>
        <AlertMessage error={error} />
      </section>

      {dialog?.kind === 'rename' ? (
        <RenameDialog account={dialog.account} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'remove' ? (
        <RemoveDialog account={dialog.account} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'backup' ? (
        <BackupDialog target={dialog.target} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
