/**
 * The transactions the wallet submitted (`activity.list`, newest first), as main's persisted
 * journal holds them. Pending entries change on their own in main (it keeps confirming them,
 * also after a restart), so the screen reloads the list while any entry is pending.
 */
import { create, type StateCreator } from 'zustand';
import type { ActivityEntryView } from '../../../preload/api-types';
import type { BridgeError } from '../../../main/shared/result';
import { callWallet } from '../lib/wallet';

export interface ActivityStore {
  status: 'idle' | 'loading' | 'ready' | 'error';
  entries: ActivityEntryView[];
  error: BridgeError | null;
  /** Reads the list; keeps the last good one when a reload fails. */
  load: () => Promise<void>;
}

export const initialActivityState = {
  status: 'idle' as ActivityStore['status'],
  entries: [] as ActivityEntryView[],
  error: null as BridgeError | null,
};

export const activityStoreCreator: StateCreator<ActivityStore> = (set, get) => ({
  ...initialActivityState,
  load: async () => {
    if (get().status === 'idle' || get().status === 'error') set({ status: 'loading' });
    const result = await callWallet((w) => w.activity.list({}));
    if (result.ok) set({ status: 'ready', entries: result.value, error: null });
    else set({ status: get().entries.length > 0 ? 'ready' : 'error', error: result.error });
  },
});

export const useActivityStore = create<ActivityStore>()(activityStoreCreator);

/** True while some entry still waits for the network. */
export function hasPending(entries: readonly ActivityEntryView[]): boolean {
  return entries.some((e) => e.status === 'pending');
}
