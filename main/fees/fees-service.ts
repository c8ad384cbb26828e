/**
 * The integrator's fee settings and their use: what fees.get/set/setFeeAccount answer, the
 * fee of a swap or payment (`forSwap`, checked on chain before any request), and the record of
 * the swaps that paid one. Network-bound reads go through `connection()`, the current network's.
 */
import type { Connection } from '@solana/web3.js';
import type { FeeAccountSetting, FeeSettingsView, NetworkInfo } from '../../preload/api-types';
import type { Address } from '../shared/address';
import { assertAddress } from '../shared/address';
import { WalletError } from '../shared/errors';
import {
  defaultNetworkFees,
  type FeeSettingsFile,
  type NetworkFees,
} from '../settings/fee-settings-file';
import type { SwapMode } from '../swap-api/types';
import { assertUsableFeeAccount, checkFeeAccount, type FeeAccountCheck } from './fee-account';
import { feeMintFor, highFeeWarning, OPERATOR_SHARE_BPS } from './fee-rules';
import { referralTokenAccount } from './referral';
import { assertReferralName, namedReferralAccount, ULTRA_REFERRAL_PROJECT } from './referral-v2';
import { writeThrough } from '../storage/write-through';

export type FeesConnection = Pick<Connection, 'getMultipleAccountsInfo'>;

/** The fee a swap or payment carries: platformFeeBps for GET /quote, feeAccount for /swap. */
export interface SwapFees {
  platformFeeBps: number;
  feeAccount: Address;
  feeMint: Address;
}

export interface FeesService {
  view(): Promise<FeeSettingsView>;
  set(patch: {
    enabled?: boolean | undefined;
    platformFeeBps?: number | undefined;
    referralAccount?: string | null | undefined;
    /** The named referral account for /order (issue 22), null to remove it. */
    orderReferral?: { name: string; feeBps: number } | null | undefined;
  }): Promise<FeeSettingsView>;
  /**
   * The referral of a Swap API v2 /order (issue 22): the named referral account and the fee
   * asked, or null when fees are off or no referral account for /order is set.
   */
  forOrder(): Promise<{ referralAccount: Address; referralFeeBps: number } | null>;
  setFeeAccount(
    request: { mint: string; address: string | null } | { mint: string; fromReferral: true },
  ): Promise<FeeSettingsView>;
  /** The current network's fee settings. */
  current(): Promise<NetworkFees>;
  /** Every configured fee account with its address (referral ones derived). */
  accounts(): Promise<FeeAccountSetting[]>;
  /** Reads `address` as a fee account of `mint` on the current network. */
  check(address: Address, mint: Address): Promise<FeeAccountCheck>;
  /**
   * The fees of a swap or payment, or null when fees are off. Throws FEE_ACCOUNT_MISSING,
   * FEE_ACCOUNT_NOT_FOUND, FEE_ACCOUNT_TOKEN_2022 or FEE_ACCOUNT_WRONG_MINT before any request
   * to the swap service is made.
   */
  forSwap(swap: {
    swapMode: SwapMode;
    inputMint: Address;
    outputMint: Address;
  }): Promise<SwapFees | null>;
}

/**
 * Creates the service over the fee settings file.
 *
 * @example
 * const fees = createFeesService({ file, network: () => bundle.network, connection: () => bundle.connection });
 * const swapFees = await fees.forSwap({ swapMode: 'ExactIn', inputMint, outputMint });
 */
export function createFeesService(deps: {
  file: FeeSettingsFile;
  network: () => NetworkInfo;
  connection: () => FeesConnection;
}): FeesService {
  const { file, network, connection } = deps;
  // Changes one after another, each on disk before it is the state in memory.
  const { load, change } = writeThrough(file, (data) => structuredClone(data));

  const current = async () => (await load()).networks[network().id] ?? defaultNetworkFees();

  function changeCurrent(fn: (fees: NetworkFees) => void): Promise<void> {
    return change((data) => {
      const fees = data.networks[network().id] ?? defaultNetworkFees();
      fn(fees);
      data.networks[network().id] = fees;
    });
  }

  function settingsOf(fees: NetworkFees): FeeAccountSetting[] {
    return fees.accounts.flatMap((entry): FeeAccountSetting[] => {
      if (entry.source === 'address')
        return [{ mint: entry.mint, source: 'address', address: entry.address }];
      if (fees.referralAccount === null) return [];
      return [
        {
          mint: entry.mint,
          source: 'referral',
          address: referralTokenAccount(fees.referralAccount as Address, entry.mint as Address),
        },
      ];
    });
  }

  async function view(): Promise<FeeSettingsView> {
    const fees = await current();
    return {
      networkId: network().id,
      enabled: fees.enabled,
      platformFeeBps: fees.platformFeeBps,
      highFeeWarning: highFeeWarning(fees.platformFeeBps),
      referralAccount: fees.referralAccount,
      accounts: settingsOf(fees),
      orderReferral:
        fees.orderReferral == null
          ? null
          : {
              ...fees.orderReferral,
              account: namedReferralAccount(ULTRA_REFERRAL_PROJECT, fees.orderReferral.name),
            },
      operatorShareBps: OPERATOR_SHARE_BPS,
    };
  }

  const check = (address: Address, mint: Address) => checkFeeAccount(connection(), address, mint);

  return {
    view,
    current,
    accounts: async () => settingsOf(await current()),
    check,

    async set(patch) {
      const referral =
        patch.referralAccount === undefined || patch.referralAccount === null
          ? patch.referralAccount
          : assertAddress(patch.referralAccount, 'The referral account');
      if (patch.orderReferral) assertReferralName(patch.orderReferral.name);
      await changeCurrent((fees) => {
        if (patch.orderReferral !== undefined) fees.orderReferral = patch.orderReferral;
        if (patch.enabled !== undefined) fees.enabled = patch.enabled;
        if (patch.platformFeeBps !== undefined) fees.platformFeeBps = patch.platformFeeBps;
        if (referral !== undefined) fees.referralAccount = referral;
      });
      return view();
    },

    async setFeeAccount(request) {
      const mint = assertAddress(request.mint, 'The fee token mint');
      if ('fromReferral' in request && (await current()).referralAccount === null) {
        throw new WalletError(
          'FEE_ACCOUNT_MISSING',
          'Set the referral account first: the fee token account is derived from it and the mint.',
        );
      }
      const address =
        'address' in request && request.address !== null
          ? assertAddress(request.address, 'The fee token account')
          : null;
      await changeCurrent((fees) => {
        fees.accounts = fees.accounts.filter((entry) => entry.mint !== mint);
        if ('fromReferral' in request) fees.accounts.push({ mint, source: 'referral' });
        else if (address !== null) fees.accounts.push({ mint, source: 'address', address });
      });
      return view();
    },

    async forOrder() {
      const fees = await current();
      if (!fees.enabled || fees.orderReferral == null) return null;
      return {
        referralAccount: namedReferralAccount(ULTRA_REFERRAL_PROJECT, fees.orderReferral.name),
        referralFeeBps: fees.orderReferral.feeBps,
      };
    },

    async forSwap(swap) {
      const fees = await current();
      if (!fees.enabled || fees.platformFeeBps === 0) return null;
      const accounts = settingsOf(fees);
      const feeMint = feeMintFor(swap, (mint) => accounts.some((a) => a.mint === mint));
      const feeAccount = accounts.find((a) => a.mint === feeMint)?.address as Address;
      assertUsableFeeAccount(await check(feeAccount, feeMint));
      return { platformFeeBps: fees.platformFeeBps, feeAccount, feeMint };
    },
  };
}
