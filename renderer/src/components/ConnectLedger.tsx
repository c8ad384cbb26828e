/**
 * **Connect Ledger** (issue 17): main finds the device and lists its first accounts on each
 * derivation convention with their SOL balances; the person ticks the ones to add and names
 * them. Nothing secret exists here: the key stays on the Ledger.
 */
import { useEffect, useRef, useState } from 'react';
import type { LedgerAccountView, LedgerDeviceView } from '../../../preload/api-types';
import type { BridgeError } from '../../../main/shared/result';
import { callWallet } from '../lib/wallet';
import { formatSol } from '../lib/format';
import { useAccountsStore } from '../stores/accounts-store';
import { useBalancesStore } from '../stores/balances-store';
import { AlertMessage } from './AlertMessage';
import { DataTable } from './DataTable';

const SCHEME_WORDS: Record<LedgerAccountView['scheme'], string> = {
  phantom: 'Phantom, Solflare, Backpack',
  'ledger-live': 'Ledger Live',
  root: 'Single account',
};

export interface ConnectLedgerProps {
  onCancel: () => void;
  onAdded: (labels: string[]) => void;
}

export function ConnectLedger({ onCancel, onAdded }: ConnectLedgerProps) {
  const addLedger = useAccountsStore((s) => s.addLedger);
  const byAddress = useBalancesStore((s) => s.byAddress);
  const refresh = useBalancesStore((s) => s.refresh);
  const [busy, setBusy] = useState<'connecting' | 'adding' | null>(null);
  const [device, setDevice] = useState<LedgerDeviceView | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const [error, setError] = useState<BridgeError | null>(null);

  const connect = async () => {
    setBusy('connecting');
    setError(null);
    const result = await callWallet((w) => w.ledger.connect({}));
    setBusy(null);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setDevice(result.value);
    setNames({});
    for (const account of result.value.accounts) void refresh(account.address);
  };

  // Connect Ledger looks for the device at once; Try again repeats it.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void connect();
  });

  const chosen = Object.entries(names);
  const add = async () => {
    setBusy('adding');
    setError(null);
    const result = await addLedger(
      chosen.map(([address, label]) => ({
        address,
        ...(label.trim() ? { label: label.trim() } : {}),
      })),
    );
    setBusy(null);
    if (result.ok) onAdded(result.value.map((a) => a.label));
    else setError(result.error);
  };

  return (
    <div className="connect-ledger">
      {device === null ? (
        <p className="muted small">
          Plug in your Ledger, unlock it and open the Solana app. Swapdesk reads its addresses; the
          keys never leave the device.
        </p>
      ) : (
        <>
          <p className="muted small">
            Solana app {device.appVersion}.{' '}
            {device.blindSigningEnabled
              ? 'Blind signing is allowed, so swaps can be signed.'
              : 'Blind signing is off: swaps need it. On the device, open the Solana app, go to Settings and turn on "Allow blind signing".'}
          </p>
          <DataTable
            className="ledger-accounts"
            label="Ledger accounts"
            columns={['Add', 'Path', 'Address', 'Balance', 'Name']}
          >
            {device.accounts.map((account) => {
              const picked = account.address in names;
              const balance = byAddress[account.address]?.balances;
              return (
                <tr key={account.path}>
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Add ${account.path}`}
                      disabled={account.inWallet}
                      checked={picked || account.inWallet}
                      onChange={(event) => {
                        const next = { ...names };
                        if (event.target.checked) {
                          next[account.address] = `Ledger ${Object.keys(names).length + 1}`;
                        } else delete next[account.address];
                        setNames(next);
                      }}
                    />
                  </td>
                  <td>
                    <code>{account.path}</code>
                    <span className="muted small"> {SCHEME_WORDS[account.scheme]}</span>
                  </td>
                  <td>
                    <code className="address">{account.address}</code>
                    {account.inWallet ? <span className="muted small"> in the wallet</span> : null}
                  </td>
                  <td>{balance ? formatSol(balance.lamports) : '…'}</td>
                  <td>
                    {picked ? (
                      <input
                        type="text"
                        aria-label={`Name for ${account.path}`}
                        maxLength={64}
                        value={names[account.address]}
                        onChange={(event) =>
                          setNames({ ...names, [account.address]: event.target.value })
                        }
                      />
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </DataTable>
        </>
      )}
      <div className="actions">
        {device !== null ? (
          <button
            type="button"
            className="button button-primary"
            disabled={chosen.length === 0 || busy !== null}
            onClick={() => void add()}
          >
            Add selected accounts
          </button>
        ) : null}
        <button
          type="button"
          className={device === null ? 'button button-primary' : 'button'}
          disabled={busy !== null}
          onClick={() => void connect()}
        >
          {device === null ? 'Try again' : 'Read the Ledger again'}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p role="status" className="status-line">
        {busy === 'connecting' ? 'Looking for your Ledger…' : busy === 'adding' ? 'Adding…' : ''}
      </p>
      <AlertMessage error={error} />
    </div>
  );
}
