/**
 * App-level state: what `app.info` says about the running app and its network.
 * Written as a creator function apart from `create()` (zustand testing guide) so tests can
 * reset it to its initial state.
 */
import { create, type StateCreator } from 'zustand';
import type { AppInfo } from '../../../preload/api-types';
import type { BridgeError } from '../../../main/shared/result';
import { callWallet } from '../lib/wallet';

export interface AppState {
  info: AppInfo | null;
  infoError: BridgeError | null;
  infoLoading: boolean;
  /** Loads `app.info`; keeps the last good info when a reload fails. */
  loadInfo: () => Promise<void>;
  /** Takes an info main already answered (app.start, issue 26). */
  seedInfo: (info: AppInfo) => void;
}

export const initialAppState = { info: null, infoError: null, infoLoading: false };

export const appStoreCreator: StateCreator<AppState> = (set) => ({
  ...initialAppState,
  loadInfo: async () => {
    set({ infoLoading: true });
    const result = await callWallet((w) => w.app.info({}));
    if (result.ok) set({ info: result.value, infoError: null, infoLoading: false });
    else set({ infoError: result.error, infoLoading: false });
  },
  seedInfo: (info) => set({ info, infoError: null, infoLoading: false }),
});

export const useAppStore = create<AppState>()(appStoreCreator);
