/**
 * The overview of the current account: its address (**Account address**), balances, and on the
 * sandbox the **Get test funds** button. Balances refresh on their own every 20 seconds, and at
 * once when a transaction changes them where the network serves subscriptions (issue 33).
 */
import { useCallback, useEffect } from 'react';
import { selectCurrentAccount, useAccountsStore } from '../stores/accounts-store';
import { EMPTY_ENTRY, useBalancesStore } from '../stores/balances-store';
import { useAppStore } from '../stores/app-store';
import { useInterval } from '../lib/use-interval';
import { useBalanceWatch } from '../lib/use-balance-watch';
import { BalancesPanel } from '../components/BalancesPanel';
import { CopyButton } from '../components/CopyButton';
import { NetworkUnavailable } from '../components/NetworkUnavailable';
import { TestFunds } from '../components/TestFunds';
import { ScreenHeading } from './ScreenHeading';

export const BALANCE_REFRESH_MS = 20_000;

export function WalletScreen() {
  const account = useAccountsStore(selectCurrentAccount);
  const address = account?.address ?? null;
  const entry =
    useBalancesStore((s) => (address ? s.byAddress[address] : undefined)) ?? EMPTY_ENTRY;
  const refreshBalances = useBalancesStore((s) => s.refresh);
  const info = useAppStore((s) => s.info);
  const infoError = useAppStore((s) => s.infoError);
  const infoLoading = useAppStore((s) => s.infoLoading);
  const loadInfo = useAppStore((s) => s.loadInfo);

  const refresh = useCallback(() => {
    if (!useAppStore.getState().info) void loadInfo();
    if (address) void refreshBalances(address);
  }, [address, loadInfo, refreshBalances]);

  useEffect(() => {
    if (address) void refreshBalances(address);
  }, [address, refreshBalances]);
  useInterval(refresh, BALANCE_REFRESH_MS);
  useBalanceWatch(address, refreshBalances);

  if (!account) return <ScreenHeading>Wallet</ScreenHeading>;

  const networkDown =
    (!info && !infoLoading && infoError !== null) || entry.error?.code === 'NETWORK_UNAVAILABLE';

  return (
    <>
      <ScreenHeading>Wallet</ScreenHeading>
      <section className="card" aria-labelledby="current-account-title">
        <h2 id="current-account-title" className="card-title">
          {account.label}
        </h2>
        <div className="address-row">
          <output className="address" aria-label="Account address">
            {account.address}
          </output>
          <CopyButton text={account.address} describedBy="current-account-title" />
        </div>
      </section>
      {networkDown ? (
        <NetworkUnavailable
          info={info}
          error={entry.error ?? infoError}
          onRetry={refresh}
          retrying={entry.loading || infoLoading}
        />
      ) : (
        <div className="grid">
          <BalancesPanel entry={entry} onRefresh={refresh} />
          {info?.network.isSandbox ? <TestFunds address={account.address} /> : null}
        </div>
      )}
    </>
  );
}
