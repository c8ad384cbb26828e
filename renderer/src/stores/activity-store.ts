/**
 * The transactions the wallet submitted (`activity.list`, newest first), as main's persisted
 * journal holds them. Pending entries change on their own in main (it keeps confirming them,
 * also after a restart), so the screen reloads the list while any entry is pending.
 *
 * Beside them, what the chain records for the current account (`activity.chain`, issue 18):
 * tokens received and sent by anyone, a page at a time (**Show more** asks for the next one).
 * Main leaves out what activity.list holds; pages are merged here by signature as well, so a
 * transaction is never listed twice.
 */
import { create, type StateCreator } from 'zustand';
import type { ActivityEntryView, ChainActivityView } from '../../../preload/api-types';
import type { BridgeError } from '../../../main/shared/result';
import { callWallet } from '../lib/wallet';

export interface ChainHistoryState {
  /** The account these entries are of; null before the first load. */
  address: string | null;
  /** The network they were read on (its id and URLs): another network has another history. */
  network: string | null;
  status: 'idle' | 'loading' | 'ready' | 'error';
  entries: ChainActivityView[];
  /** The cursor of the next page; null when the history is exhausted. */
  next: string | null;
  loadingMore: boolean;
  error: BridgeError | null;
}

export interface ActivityStore {
  status: 'idle' | 'loading' | 'ready' | 'error';
  entries: ActivityEntryView[];
  error: BridgeError | null;
  chain: ChainHistoryState;
  /** Reads the list; keeps the last good one when a reload fails. */
  load: () => Promise<void>;
  /** Reads the newest page of the chain's history of `address` on `network` (again). */
  loadChain: (address: string, network: string) => Promise<void>;
  /** Appends the next, older page of the chain's history. */
  loadMoreChain: () => Promise<void>;
}

const initialChain: ChainHistoryState = {
  address: null,
  network: null,
  status: 'idle',
  entries: [],
  next: null,
  loadingMore: false,
  error: null,
};

export const initialActivityState = {
  status: 'idle' as ActivityStore['status'],
  entries: [] as ActivityEntryView[],
  error: null as BridgeError | null,
  chain: initialChain,
};

/** `older` after `newer`, less any signature `newer` already has. */
function appendNew(newer: ChainActivityView[], older: readonly ChainActivityView[]) {
  const seen = new Set(newer.map((entry) => entry.signature));
  return [...newer, ...older.filter((entry) => !seen.has(entry.signature))];
}

export const activityStoreCreator: StateCreator<ActivityStore> = (set, get) => ({
  ...initialActivityState,
  load: async () => {
    if (get().status === 'idle' || get().status === 'error') set({ status: 'loading' });
    const result = await callWallet((w) => w.activity.list({}));
    if (result.ok) set({ status: 'ready', entries: result.value, error: null });
    else set({ status: get().entries.length > 0 ? 'ready' : 'error', error: result.error });
  },

  loadChain: async (address, network) => {
    const current = () => get().chain.address === address && get().chain.network === network;
    const same = current();
    set({
      chain: same
        ? { ...get().chain, status: get().chain.entries.length > 0 ? 'ready' : 'loading' }
        : { ...initialChain, address, network, status: 'loading' },
    });
    const result = await callWallet((w) => w.activity.chain({ address }));
    if (!current()) return; // the account or network changed meanwhile
    if (result.ok) {
      set({
        chain: {
          address,
          network,
          status: 'ready',
          // A reload keeps the older pages already shown (they have not changed).
          entries: same
            ? appendNew(result.value.entries, get().chain.entries)
            : result.value.entries,
          next: same && get().chain.entries.length > 0 ? get().chain.next : result.value.next,
          loadingMore: false,
          error: null,
        },
      });
    } else {
      set({
        chain: {
          ...get().chain,
          status: get().chain.entries.length > 0 ? 'ready' : 'error',
          error: result.error,
        },
      });
    }
  },

  loadMoreChain: async () => {
    const { address, network, next, loadingMore } = get().chain;
    if (!address || !next || loadingMore) return;
    set({ chain: { ...get().chain, loadingMore: true } });
    const result = await callWallet((w) => w.activity.chain({ address, cursor: next }));
    if (get().chain.address !== address || get().chain.network !== network) return;
    if (result.ok) {
      set({
        chain: {
          ...get().chain,
          entries: appendNew(get().chain.entries, result.value.entries),
          next: result.value.next,
          loadingMore: false,
          error: null,
        },
      });
    } else {
      set({ chain: { ...get().chain, loadingMore: false, error: result.error } });
    }
  },
});

export const useActivityStore = create<ActivityStore>()(activityStoreCreator);

/** True while some entry still waits for the network. */
export function hasPending(entries: readonly ActivityEntryView[]): boolean {
  return entries.some((e) => e.status === 'pending');
}
