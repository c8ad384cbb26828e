/**
 * activity.list: every transaction the wallet signed and sent, newest first, with its status
 * and, off the sandbox, an explorer link. activity.chain (issue 18): what the chain records for
 * an account and its token accounts, a page at a time, less the transactions activity.list
 * already holds, so the two merge without duplicates.
 */
import type { Connection } from '@solana/web3.js';
import type {
  ActivityEntryView,
  ChainActivityView,
  NetworkInfo,
  TokenLabelView,
} from '../../preload/api-types';
import type { HandlerGroup } from '../bridge/handler-types';
import { activityView, type ActivityStore } from '../activity/activity-store';
import { readChainHistory, type ChainEntry } from '../activity/chain-history';
import { explorerUrl } from '../activity/explorer-link';
import type { TokenLabeler } from '../tokens/token-labels';

/** Transactions per page when the page does not say. */
export const CHAIN_PAGE_SIZE = 20;

export interface ActivityHandlerDeps {
  activity: ActivityStore;
  network: () => NetworkInfo;
  connection: () => Pick<
    Connection,
    'getSignaturesForAddress' | 'getTransaction' | 'getTokenAccountsByOwner'
  >;
  unreachableMessage: () => string;
  /** Names tokens as the Wallet does (issue 26). */
  labeler: () => TokenLabeler;
}

/** Labels for the wallet's own entries' tokens; none when main cannot learn them now. */
async function labelOwnEntries(
  entries: ActivityEntryView[],
  labeler: TokenLabeler,
): Promise<ActivityEntryView[]> {
  const mints = entries.flatMap((e) => [e.inputMint, e.outputMint]).filter((m) => m !== null);
  if (mints.length === 0) return entries;
  const labels = await labeler.labels(mints).catch(() => new Map<string, TokenLabelView>());
  return entries.map((entry) => {
    const tokens = [entry.inputMint, entry.outputMint]
      .map((mint) => (mint === null ? undefined : labels.get(mint)))
      .filter((label) => label !== undefined);
    return tokens.length === 0 ? entry : { ...entry, tokens };
  });
}

function chainView(
  entry: ChainEntry,
  network: NetworkInfo,
  labels: ReadonlyMap<string, TokenLabelView>,
): ChainActivityView {
  return {
    signature: entry.signature,
    slot: entry.slot,
    time: entry.blockTime === null ? null : new Date(entry.blockTime * 1000).toISOString(),
    status: entry.failed ? 'failed' : 'confirmed',
    memo: entry.memo,
    fee: entry.fee === null ? null : entry.fee.toString(),
    movements: entry.movements.map((movement) => ({
      mint: movement.mint,
      change: movement.change.toString(),
      counterparties: movement.counterparties,
      // Only where it tells something: a scaled token's amount as recorded at the time.
      ...(movement.uiChange === undefined || movement.uiChange === movement.change
        ? {}
        : { uiChange: movement.uiChange.toString() }),
      token: labels.get(movement.mint) ?? null,
    })),
    // Only mainnet's, as the screen links the wallet's own entries: a custom network's explorer
    // link would hand its RPC address to a third party for a transaction the person never sent.
    explorerUrl:
      network.id === 'mainnet' ? explorerUrl(network.id, entry.signature, network.rpcUrl) : null,
  };
}

/** Handlers of the `activity.*` methods. */
export function createActivityHandlers(
  deps: ActivityHandlerDeps,
): HandlerGroup<'activity.list' | 'activity.chain'> {
  const { activity } = deps;
  return {
    'activity.list': async () =>
      labelOwnEntries((await activity.list()).map(activityView), deps.labeler()),

    'activity.chain': async ({ address, cursor, limit }) => {
      const network = deps.network();
      const page = await readChainHistory(deps.connection(), address, {
        limit: limit ?? CHAIN_PAGE_SIZE,
        cursor: cursor ?? null,
        unreachableMessage: deps.unreachableMessage(),
      });
      const kept: ChainEntry[] = [];
      for (const entry of page.entries) {
        // The wallet's own record of a transaction says more (quote, payment, fee): it wins.
        if (await activity.bySignature(entry.signature)) continue;
        kept.push(entry);
      }
      // Decimals as the transaction recorded them (the mint's); names as the Wallet gives them.
      const decimals = new Map<string, number>();
      for (const movement of kept.flatMap((entry) => entry.movements)) {
        if (movement.decimals !== null) decimals.set(movement.mint, movement.decimals);
      }
      const mints = [...new Set(kept.flatMap((e) => e.movements.map((m) => m.mint)))];
      const labels = await deps
        .labeler()
        .labels(mints, decimals)
        .catch(() => new Map<string, TokenLabelView>());
      const entries = kept.map((entry) => chainView(entry, network, labels));
      return { account: address, networkId: network.id, entries, next: page.next };
    },
  };
}
