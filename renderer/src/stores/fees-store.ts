/**
 * The fees screen: the integrator's settings (`fees.get` / `fees.set`), the fee account of the
 * mint picked in **Fee token mint** (derived from the referral account with
 * `fees.deriveAccount`, or the configured one read with `fees.checkAccount`), and the balances
 * of every fee account with the fee each swap paid (`fees.balances`). Creating and claiming go
 * through the pay screen's review store with `fees.approve` (useFeesReviewStore).
 */
import { create, type StateCreator } from 'zustand';
import type {
  FeeAccountCheckView,
  FeeBalancesView,
  FeeSettingsView,
} from '../../../preload/api-types';
import type { BridgeError } from '../../../main/shared/result';
import { callWallet } from '../lib/wallet';
import { createPayReviewStoreCreator, type PayReviewStore } from './pay-review-store';

/** Where the shown fee account comes from. */
export type FeeAccountOrigin = 'referral' | 'configured';

export type FeeAccountState =
  | { state: 'none' }
  | { state: 'checking' }
  | { state: 'ready'; origin: FeeAccountOrigin; check: FeeAccountCheckView }
  /** No referral account and no configured account for the mint. */
  | { state: 'unset' }
  | { state: 'failed'; error: BridgeError };

export interface FeesStore {
  settings: FeeSettingsView | null;
  loadError: BridgeError | null;
  /** The last refusal of fees.set / fees.setFeeAccount. */
  saveError: BridgeError | null;
  saving: boolean;
  /** What the last save did, in words, and which form it belongs to (shown as a status). */
  savedNote: { about: 'fee' | 'referral' | 'account'; text: string } | null;
  mint: string | null;
  account: FeeAccountState;
  balances: FeeBalancesView | null;
  balancesError: BridgeError | null;

  load: () => Promise<void>;
  /** Saves fees on/off and the platform fee. */
  saveFee: (enabled: boolean, platformFeeBps: number) => Promise<boolean>;
  /** Saves the referral account (null removes it) and reads the shown account again. */
  saveReferral: (referralAccount: string | null) => Promise<boolean>;
  setMint: (mint: string) => Promise<void>;
  /** Reads the shown fee account again (after a creation or a claim). */
  checkAccount: () => Promise<void>;
  /** Makes `address` (or the referral token account) the fee account of the picked mint. */
  chooseAccount: (address: string | 'referral' | null) => Promise<boolean>;
  loadBalances: () => Promise<void>;
}

export const initialFeesState = {
  settings: null as FeeSettingsView | null,
  loadError: null as BridgeError | null,
  saveError: null as BridgeError | null,
  saving: false,
  savedNote: null as FeesStore['savedNote'],
  mint: null as string | null,
  account: { state: 'none' } as FeeAccountState,
  balances: null as FeeBalancesView | null,
  balancesError: null as BridgeError | null,
};

export const feesStoreCreator: StateCreator<FeesStore> = (set, get) => {
  /** Newest account read; an older answer (another mint) is dropped. */
  let sequence = 0;

  const checkAccount = async (): Promise<void> => {
    const { mint, settings } = get();
    sequence += 1;
    const mine = sequence;
    if (!mint || !settings) {
      set({ account: { state: 'none' } });
      return;
    }
    const configured = settings.accounts.find((a) => a.mint === mint);
    const referral = settings.referralAccount;
    // A configured explicit account wins; otherwise the referral account's derived one.
    const origin: FeeAccountOrigin | null =
      configured && configured.source === 'address'
        ? 'configured'
        : referral !== null
          ? 'referral'
          : configured
            ? 'configured'
            : null;
    if (origin === null) {
      set({ account: { state: 'unset' } });
      return;
    }
    set({ account: { state: 'checking' } });
    const result = await callWallet((w) =>
      origin === 'referral' && referral !== null
        ? w.fees.deriveAccount({ referralAccount: referral, mint })
        : w.fees.checkAccount({ mint, address: configured!.address }),
    );
    if (mine !== sequence) return;
    set({
      account: result.ok
        ? { state: 'ready', origin, check: result.value }
        : { state: 'failed', error: result.error },
    });
  };

  const saved = async (
    call: Parameters<typeof callWallet<FeeSettingsView>>[0],
    note: NonNullable<FeesStore['savedNote']>,
  ): Promise<boolean> => {
    set({ saving: true, saveError: null, savedNote: null });
    const result = await callWallet(call);
    if (!result.ok) {
      set({ saving: false, saveError: result.error });
      return false;
    }
    set({ saving: false, settings: result.value, savedNote: note });
    await checkAccount();
    return true;
  };

  return {
    ...initialFeesState,

    load: async () => {
      const result = await callWallet((w) => w.fees.get({}));
      set(
        result.ok
          ? { settings: result.value, loadError: null }
          : { settings: null, loadError: result.error },
      );
      if (result.ok) await checkAccount();
    },
    saveFee: (enabled, platformFeeBps) =>
      saved((w) => w.fees.set({ enabled, platformFeeBps }), {
        about: 'fee',
        text: enabled
          ? `Saved: a ${platformFeeBps} bps platform fee on swaps and payments.`
          : 'Saved: fees are off.',
      }),
    saveReferral: (referralAccount) =>
      saved((w) => w.fees.set({ referralAccount }), {
        about: 'referral',
        text: referralAccount ? 'Referral account saved.' : 'Referral account removed.',
      }),
    setMint: async (mint) => {
      set({ mint });
      await checkAccount();
    },
    checkAccount,
    chooseAccount: async (address) => {
      const { mint } = get();
      if (!mint) return false;
      return saved(
        (w) =>
          address === 'referral'
            ? w.fees.setFeeAccount({ mint, fromReferral: true })
            : w.fees.setFeeAccount({ mint, address }),
        {
          about: 'account',
          text: address === null ? 'Fee account removed.' : 'Fee account saved.',
        },
      );
    },
    loadBalances: async () => {
      const result = await callWallet((w) => w.fees.balances({}));
      set(
        result.ok
          ? { balances: result.value, balancesError: null }
          : { balancesError: result.error },
      );
    },
  };
};

export const useFeesStore = create<FeesStore>()(feesStoreCreator);

/** Reviews and approvals of fee account creations and claims (approved with fees.approve). */
export const useFeesReviewStore = create<PayReviewStore>()(
  // Fee transactions take no acknowledgement (main refuses a dangerous one outright).
  createPayReviewStoreCreator({
    approveWith: (w, { ticketId, transactionBase64 }) =>
      w.fees.approve({ ticketId, transactionBase64 }),
  }),
);
