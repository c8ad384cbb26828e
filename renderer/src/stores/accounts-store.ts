/**
 * The accounts the wallet holds (public metadata only) and which one is current.
 *
 * Secrets never enter this store: `importSecret` takes the text as an argument, hands it to the
 * bridge and keeps nothing of it; the store only records the public summaries main answers.
 */
import { create, type StateCreator } from 'zustand';
import type { AccountsState, AccountSummary } from '../../../preload/api-types';
import type { BridgeError, Result } from '../../../main/shared/result';
import { callWallet } from '../lib/wallet';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ImportRequest {
  secret: string;
  label?: string;
  /** For a recovery phrase: derive accounts 0..count-1. */
  count?: number;
}

export interface AccountsStore {
  status: LoadStatus;
  accounts: AccountSummary[];
  current: string | null;
  /** Error of the last list load (not of an action: actions answer their own Result). */
  loadError: BridgeError | null;
  load: () => Promise<void>;
  /** Takes a list main already answered (app.start: the first screen's one call, issue 26). */
  seed: (state: AccountsState) => void;
  create: (label?: string) => Promise<Result<AccountSummary>>;
  importSecret: (request: ImportRequest) => Promise<Result<AccountSummary[]>>;
  rename: (address: string, label: string) => Promise<Result<AccountSummary>>;
  remove: (address: string) => Promise<Result<AccountsState>>;
  select: (address: string) => Promise<Result<AccountsState>>;
  /** Adds accounts a Connect Ledger listed (issue 17); the first becomes current. */
  addLedger: (accounts: { address: string; label?: string }[]) => Promise<Result<AccountSummary[]>>;
}

export const initialAccountsState = {
  status: 'idle' as LoadStatus,
  accounts: [] as AccountSummary[],
  current: null as string | null,
  loadError: null as BridgeError | null,
};

export const accountsStoreCreator: StateCreator<AccountsStore> = (set, get) => {
  const applyState = (state: AccountsState) =>
    set({ accounts: state.accounts, current: state.current, status: 'ready', loadError: null });

  /** After an action that adds accounts, re-read the list: main decides which one is current. */
  const reload = async () => {
    const listed = await callWallet((w) => w.accounts.list({}));
    if (listed.ok) applyState(listed.value);
  };

  return {
    ...initialAccountsState,

    load: async () => {
      if (get().status === 'idle') set({ status: 'loading' });
      const result = await callWallet((w) => w.accounts.list({}));
      if (result.ok) applyState(result.value);
      else set({ status: 'error', loadError: result.error });
    },

    seed: applyState,

    create: async (label) => {
      const trimmed = label?.trim();
      const result = await callWallet((w) => w.accounts.create(trimmed ? { label: trimmed } : {}));
      if (result.ok) await reload();
      return result;
    },

    importSecret: async ({ secret, label, count }) => {
      const trimmed = label?.trim();
      const result = await callWallet((w) =>
        w.accounts.import({
          secret,
          ...(trimmed ? { label: trimmed } : {}),
          ...(count && count > 1 ? { accountIndexes: [...Array(count).keys()] } : {}),
        }),
      );
      if (result.ok) {
        await reload();
        // The first imported account becomes the one the screens act for: that is what the
        // person just asked for.
        const first = result.value[0];
        if (first && get().current !== first.address) await get().select(first.address);
      }
      return result;
    },

    addLedger: async (accounts) => {
      const result = await callWallet((w) => w.ledger.add({ accounts }));
      if (result.ok) await reload();
      return result;
    },

    rename: async (address, label) => {
      const result = await callWallet((w) => w.accounts.rename({ address, label: label.trim() }));
      if (result.ok) {
        const renamed = result.value;
        set({ accounts: get().accounts.map((a) => (a.address === address ? renamed : a)) });
      }
      return result;
    },

    remove: async (address) => {
      const result = await callWallet((w) => w.accounts.remove({ address }));
      if (result.ok) applyState(result.value);
      return result;
    },

    select: async (address) => {
      const result = await callWallet((w) => w.accounts.select({ address }));
      if (result.ok) applyState(result.value);
      return result;
    },
  };
};

export const useAccountsStore = create<AccountsStore>()(accountsStoreCreator);

/** The summary of the current account, or null. */
export function selectCurrentAccount(state: AccountsStore): AccountSummary | null {
  return state.accounts.find((a) => a.address === state.current) ?? null;
}
