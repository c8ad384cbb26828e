/**
 * Small pieces the vault's files share: its states, its errors, and the accounts that need a
 * sealed secret.
 */
import type { AccountsState, AccountSummary } from '../../preload/api-types';
import { WalletError } from '../shared/errors';
import { shortAddress } from './account-labels';
import type { AccountsFileData } from './accounts-file';

/**
 * new: no password yet (a fresh install, or every account removed); upgrade: a vault of an
 * earlier version, raw secrets in the keychain, waiting for a password; locked; unlocked.
 */
export type VaultState = 'new' | 'upgrade' | 'locked' | 'unlocked';

export function stateOf(data: AccountsFileData): AccountsState {
  const current = data.accounts.some((a) => a.address === data.current)
    ? data.current
    : (data.accounts[0]?.address ?? null);
  return { accounts: data.accounts, current };
}

/** Accounts whose secret is in the keychain (every kind but Ledger). */
export function keychainAccounts(data: AccountsFileData): AccountSummary[] {
  return data.accounts.filter((a) => a.kind !== 'ledger');
}

export function isLegacy(data: AccountsFileData): boolean {
  return data.version === 1 && data.accounts.length > 0;
}

export function notFound(address: string): WalletError {
  return new WalletError(
    'ACCOUNT_NOT_FOUND',
    `There is no account ${shortAddress(address)} in this wallet. Refresh the account list and try again.`,
  );
}

export function passwordRequired(): WalletError {
  return new WalletError(
    'PASSWORD_REQUIRED',
    'Choose a password for this wallet first: it seals every secret Swapdesk keeps.',
  );
}

export function upgradeRequired(): WalletError {
  return new WalletError(
    'UPGRADE_REQUIRED',
    'This wallet was made by an earlier Swapdesk. Choose a password first: Swapdesk then seals every secret key with it.',
  );
}

export function secretMissing(address: string): WalletError {
  return new WalletError(
    'KEYCHAIN_UNAVAILABLE',
    `Swapdesk could not open the secret key of ${shortAddress(address)}: its keychain entry is missing (the system keyring was locked when Swapdesk unlocked, or the entry was removed outside Swapdesk). Lock and unlock Swapdesk with the system keyring unlocked, and try again. Nothing was signed.`,
  );
}
