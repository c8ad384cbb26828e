/**
 * activity.list: every transaction the wallet signed and sent, newest first, with its status
 * and, off the sandbox, an explorer link. activity.chain (issue 18): what the chain records for
 * an account and its token accounts, a page at a time, less the transactions activity.list
 * already holds, so the two merge without duplicates.
 */
import type { Connection } from '@solana/web3.js';
import type { ChainActivityView, NetworkInfo } from '../../preload/api-types';
import type { HandlerGroup } from '../bridge/handler-types';
import { activityView, type ActivityStore } from '../activity/activity-store';
import { readChainHistory, type ChainEntry } from '../activity/chain-history';
import { explorerUrl } from '../activity/explorer-link';

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
}

function chainView(entry: ChainEntry, network: NetworkInfo): ChainActivityView {
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
    'activity.list': async () => (await activity.list()).map(activityView),

    'activity.chain': async ({ address, cursor, limit }) => {
      const network = deps.network();
      const page = await readChainHistory(deps.connection(), address, {
        limit: limit ?? CHAIN_PAGE_SIZE,
        cursor: cursor ?? null,
        unreachableMessage: deps.unreachableMessage(),
      });
      const entries: ChainActivityView[] = [];
      for (const entry of page.entries) {
        // The wallet's own record of a transaction says more (quote, payment, fee): it wins.
        if (await activity.bySignature(entry.signature)) continue;
        entries.push(chainView(entry, network));
      }
      return { account: address, networkId: network.id, entries, next: page.next };
    },
  };
}
