/**
 * Balances per address as `balances.get` last answered them, and the state of a sandbox
 * **Get test funds** request. Amounts stay decimal strings of base units here; screens format
 * them with lib/format (bigint), never through a JavaScript number.
 */
import { create, type StateCreator } from 'zustand';
import type { Balances } from '../../../preload/api-types';
import type { BridgeError } from '../../../main/shared/result';
import { callWallet } from '../lib/wallet';
import { rememberMultipliers } from '../lib/token-scale';

export interface BalanceEntry {
  balances: Balances | null;
  error: BridgeError | null;
  loading: boolean;
  /** Date.now() of the last good answer, for "updated at". */
  updatedAt: number | null;
}

export type FundStatus =
  | { state: 'idle' }
  | { state: 'pending'; address: string }
  | { state: 'done'; address: string; signatures: number }
  | { state: 'failed'; address: string; error: BridgeError };

export interface BalancesStore {
  byAddress: Record<string, BalanceEntry>;
  fund: FundStatus;
  /** Reads the balances of one address; keeps the last good value when a refresh fails. */
  refresh: (address: string) => Promise<void>;
  /** Sandbox faucet for one address, then a balance refresh. */
  requestTestFunds: (address: string) => Promise<void>;
  clearFundStatus: () => void;
}

export const EMPTY_ENTRY: BalanceEntry = {
  balances: null,
  error: null,
  loading: false,
  updatedAt: null,
};

export const initialBalancesState = {
  byAddress: {} as Record<string, BalanceEntry>,
  fund: { state: 'idle' } as FundStatus,
};

/** Takes the clock as a parameter so tests can pin "updated at". */
export function createBalancesStoreCreator(
  now: () => number = Date.now,
): StateCreator<BalancesStore> {
  return (set, get) => {
    const patch = (address: string, change: Partial<BalanceEntry>) =>
      set((state) => ({
        byAddress: {
          ...state.byAddress,
          [address]: { ...(state.byAddress[address] ?? EMPTY_ENTRY), ...change },
        },
      }));

    return {
      ...initialBalancesState,

      refresh: async (address) => {
        patch(address, { loading: true });
        const result = await callWallet((w) => w.balances.get({ address }));
        if (result.ok) {
          // Before the patch re-renders the screens: they format scaled mints with these.
          rememberMultipliers(result.value.tokens);
          patch(address, { balances: result.value, error: null, loading: false, updatedAt: now() });
        } else {
          patch(address, { error: result.error, loading: false });
        }
      },

      requestTestFunds: async (address) => {
        if (get().fund.state === 'pending') return; // one faucet request at a time
        set({ fund: { state: 'pending', address } });
        const result = await callWallet((w) => w.sandbox.fund({ address }));
        if (result.ok) {
          set({ fund: { state: 'done', address, signatures: result.value.signatures.length } });
          await get().refresh(address);
        } else {
          set({ fund: { state: 'failed', address, error: result.error } });
        }
      },

      clearFundStatus: () => set({ fund: { state: 'idle' } }),
    };
  };
}

export const useBalancesStore = create<BalancesStore>()(createBalancesStoreCreator());

/** The last balances read for `address`, or null while none are known (or no account). */
export function useBalancesOf(address: string | null): Balances | null {
  return useBalancesStore((s) => (address ? s.byAddress[address]?.balances : null)) ?? null;
}
