/**
 * Connect Ledger (issue 17, point 1): the first accounts of the device on each derivation
 * convention, and adding the ones the person picked. Main remembers what the device answered,
 * so the renderer can only add an address the device itself gave, with the path it gave it at.
 */
import type {
  AccountSummary,
  LedgerAccountView,
  LedgerDeviceView,
  LedgerStatus,
} from '../../preload/api-types';
import { WalletError } from '../shared/errors';
import type { Vault } from '../vault';
import type { LedgerDevice } from './ledger-device';
import { LEDGER_SCHEMES, ledgerPath } from './ledger-paths';

export interface LedgerAccounts {
  connect(count?: number): Promise<LedgerDeviceView>;
  add(entries: { address: string; label?: string }[]): Promise<AccountSummary[]>;
  status(): LedgerStatus;
}

/**
 * @example
 * const ledgerAccounts = createLedgerAccounts({ device, vault });
 * const { accounts } = await ledgerAccounts.connect();
 */
export function createLedgerAccounts(options: {
  device: LedgerDevice;
  vault: Vault;
}): LedgerAccounts {
  const { device, vault } = options;
  /** What the last connect found, by address. */
  let found = new Map<string, LedgerAccountView>();

  return {
    async connect(count = 3) {
      const info = await device.appInfo();
      const wanted = LEDGER_SCHEMES.flatMap((scheme) =>
        Array.from({ length: scheme === 'root' ? 1 : count }, (_, index) => ({
          scheme,
          index,
          path: ledgerPath(scheme, index),
        })),
      );
      const addresses = await device.addresses(wanted.map((w) => w.path));
      const inWallet = new Set((await vault.list()).accounts.map((a) => a.address));
      const accounts = wanted.map((w, i) => ({
        ...w,
        address: addresses[i]!.address,
        inWallet: inWallet.has(addresses[i]!.address),
      }));
      found = new Map(accounts.map((a) => [a.address, a]));
      return {
        appVersion: info.version,
        blindSigningEnabled: info.blindSigningEnabled,
        accounts,
      };
    },

    async add(entries) {
      const chosen = entries.map((entry) => {
        const seen = found.get(entry.address);
        if (!seen) {
          throw new WalletError(
            'ACCOUNT_NOT_FOUND',
            'Swapdesk did not read this address from your Ledger. Click Connect Ledger again and pick from the accounts it lists.',
          );
        }
        return {
          address: seen.address,
          derivationPath: seen.path,
          ...(entry.label !== undefined ? { label: entry.label } : {}),
        };
      });
      return vault.addLedger(chosen);
    },

    status() {
      const signing = device.prompting()?.signing;
      return { prompt: signing ? { ...signing } : null };
    },
  };
}
