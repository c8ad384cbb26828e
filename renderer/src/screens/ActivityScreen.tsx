/**
 * Activity: every transaction this wallet submitted, newest first, with its status, amounts and
 * time; on mainnet a link to a block explorer (the sandbox has no public explorer). The list
 * reloads every few seconds while an entry is pending.
 *
 * Merged in, newest first, what the chain records for the current account (issue 18): tokens
 * received and sent by anyone ("Received 5 USDC from AbCd…WxYz"), a page at a time with
 * **Show more**. A transaction the wallet sent itself is listed once, as the wallet's entry.
 */
import { useCallback, useEffect, useMemo } from 'react';
import type { ActivityEntryView, ChainActivityView, TokenInfo } from '../../../preload/api-types';
import { hasPending, useActivityStore } from '../stores/activity-store';
import { selectCurrentAccount, useAccountsStore } from '../stores/accounts-store';
import { useAppStore } from '../stores/app-store';
import { useTokensStore } from '../stores/tokens-store';
import { useInterval } from '../lib/use-interval';
import { amountText, movementText } from '../lib/activity-text';
import { ScreenHeading } from './ScreenHeading';
import { ChainActivityItem } from '../components/activity/ChainActivityItem';
import { ActivityItem } from '../components/activity/ActivityItem';
import { RefreshHead } from '../components/RefreshHead';

export const ACTIVITY_REFRESH_MS = 3000;

const STATUS_WORDS: Record<ActivityEntryView['status'], string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  failed: 'Failed',
  expired: 'Expired',
};

/** "1.5 SOL → 210.3 USDC"; an entry without amounts says what kind it is. */
function amountsOf(entry: ActivityEntryView, tokens: readonly TokenInfo[]): string {
  if (!entry.inAmount || !entry.outAmount) return entry.kind === 'pay' ? 'Payment' : 'Transaction';
  // The journal keeps raw amounts only: a scaled token's reads at today's multiplier, said so.
  const text = (amount: string, mint: string | null) =>
    mint === null
      ? amountText(amount, mint, tokens, entry.tokens)
      : movementText(BigInt(amount), undefined, mint, tokens, entry.tokens);
  const paid = text(entry.inAmount, entry.inputMint);
  const got = text(entry.outAmount, entry.outputMint);
  return `${paid} → ${got}`;
}

type Row =
  | { source: 'wallet'; key: string; second: number; slot: number; entry: ActivityEntryView }
  | { source: 'chain'; key: string; second: number; slot: number; entry: ChainActivityView };

/**
 * The wallet's entries and the chain's, newest first, each signature once. Block times are
 * whole seconds, so rows are ordered by the second first (the wallet's own time cut to it),
 * then by the slot each landed in: a transfer another wallet sent in the same second as the
 * person's own swap, but in a later slot, is newer. A wallet entry not seen landing yet
 * (pending, expired) counts as the newest of its second.
 */
function mergeRows(own: readonly ActivityEntryView[], chain: readonly ChainActivityView[]): Row[] {
  const mine = new Set(own.map((entry) => entry.signature));
  const second = (iso: string | null) => (iso === null ? 0 : Math.floor(Date.parse(iso) / 1000));
  const rows: Row[] = [
    ...own.map((entry) => ({
      source: 'wallet' as const,
      key: entry.id,
      second: second(entry.createdAt),
      slot: entry.slot ?? Number.POSITIVE_INFINITY,
      entry,
    })),
    ...chain
      .filter((entry) => !mine.has(entry.signature))
      .map((entry) => ({
        source: 'chain' as const,
        key: entry.signature,
        second: second(entry.time),
        slot: entry.slot,
        entry,
      })),
  ];
  // Stable: rows equal in both keep the wallet's order, then the chain's.
  return rows.sort(
    (a, b) => b.second - a.second || (a.slot === b.slot ? 0 : b.slot > a.slot ? 1 : -1),
  );
}

export function ActivityScreen() {
  const { status, entries, error, load } = useActivityStore();
  const tokens = useTokensStore((s) => s.tokens);
  const tokensStatus = useTokensStore((s) => s.status);
  // Amounts need each mint's decimals: wait for the token list (or its failure, then base
  // units are shown, said as such) rather than flash base units first.
  const tokensSettled = tokensStatus === 'ready' || tokensStatus === 'error';
  const loadTokens = useTokensStore((s) => s.load);

  const address = useAccountsStore(selectCurrentAccount)?.address ?? null;
  const info = useAppStore((s) => s.info);
  // Another network has another history: read it again there.
  const network = info
    ? `${info.network.id} ${info.network.rpcUrl} ${info.network.swapApiUrl}`
    : null;
  const chain = useActivityStore((s) => s.chain);
  const chainShown = chain.address === address && chain.network === network;
  const loadChain = useActivityStore((s) => s.loadChain);
  const loadMoreChain = useActivityStore((s) => s.loadMoreChain);
  const rows = useMemo(
    () => mergeRows(entries, chainShown ? chain.entries : []),
    [entries, chain, chainShown],
  );

  useEffect(() => {
    void load();
    void loadTokens();
  }, [load, loadTokens]);
  useEffect(() => {
    if (address && network) void loadChain(address, network);
  }, [address, network, loadChain]);
  const poll = useCallback(() => {
    if (hasPending(useActivityStore.getState().entries)) void load();
  }, [load]);
  useInterval(poll, ACTIVITY_REFRESH_MS);

  return (
    <>
      <ScreenHeading>Activity</ScreenHeading>
      <section className="card" aria-labelledby="activity-title" aria-busy={status === 'loading'}>
        <RefreshHead
          id="activity-title"
          title="Your transactions"
          onRefresh={() => {
            void load();
            if (address && network) void loadChain(address, network);
          }}
        />
        {status === 'loading' && entries.length === 0 ? (
          <p role="status">Loading activity…</p>
        ) : null}
        {status === 'ready' && rows.length === 0 && chain.status !== 'loading' ? (
          <p className="muted">
            No transactions yet. What you send and receive on this network appears here.
          </p>
        ) : null}
        {error ? <p role="alert">{error.message}</p> : null}
        {chainShown && chain.error ? <p role="alert">{chain.error.message}</p> : null}
        {rows.length > 0 && tokensSettled ? (
          <ul className="activity-list" aria-label="Transactions">
            {rows.map((row) =>
              row.source === 'chain' ? (
                <ChainActivityItem key={row.key} entry={row.entry} tokens={tokens} />
              ) : (
                <WalletActivityItem key={row.key} entry={row.entry} tokens={tokens} />
              ),
            )}
          </ul>
        ) : null}
        {chainShown && chain.next !== null && tokensSettled ? (
          <div className="actions">
            <button
              type="button"
              className="button"
              disabled={chain.loadingMore}
              onClick={() => void loadMoreChain()}
            >
              {chain.loadingMore ? 'Loading…' : 'Show more'}
            </button>
          </div>
        ) : null}
      </section>
    </>
  );
}

function WalletActivityItem({
  entry,
  tokens,
}: {
  entry: ActivityEntryView;
  tokens: readonly TokenInfo[];
}) {
  return (
    <ActivityItem
      kind={entry.kind === 'swap' ? 'Swap' : entry.kind === 'pay' ? 'Payment' : 'Transaction'}
      title={amountsOf(entry, tokens)}
      time={entry.createdAt}
      signature={entry.signature}
      note={entry.error ? <p className="small field-error">{entry.error}</p> : null}
      status={entry.status}
      statusWords={STATUS_WORDS[entry.status]}
      explorerUrl={entry.networkId === 'mainnet' ? entry.explorerUrl : null}
    />
  );
}
